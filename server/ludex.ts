// Entry point of `npm start` and `npm run ludex -- <command>`.

import { runCli } from './cli.js';

// If the event loop empties while a command still awaits something, Node would exit 0 as if
// it had succeeded; report that as the failure it is.
let finished = false;
process.on('exit', () => {
  if (!finished) {
    console.error('ludex: stopped before the command finished (an operation never completed); nothing was committed');
    process.exitCode = 1;
  }
});

const code = await runCli(process.argv.slice(2));
finished = true;
process.exitCode = code;
