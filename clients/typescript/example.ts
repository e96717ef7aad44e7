// The client in use: every page of a filtered query, then the typed problem a bad query gets.
// Against a running server: `npx tsx clients/typescript/example.ts [base URL]`
// (default http://localhost:8080); test/clients/typescript-client.test.ts runs it in-process.

import { resolve } from 'node:path';
import { createLudexClient, type LudexClient, LudexProblem } from './src/index.js';

export async function runExample(client: LudexClient, print: (line: string) => void = console.log): Promise<void> {
  // Cooperative base games for four players, best rated first, five to a page.
  let pages = 0;
  let games = 0;
  for await (const page of client.gamePages({
    players: 4,
    mode: ['cooperative'],
    type: ['base_game'],
    sort: 'rating',
    order: 'desc',
    limit: 5,
  })) {
    pages += 1;
    print(`page ${pages} (${page.meta.total} games match):`);
    for (const game of page.data) {
      games += 1;
      print(`  ${games}. ${game.name} (${game.year_published ?? 'year unknown'}), rating ${game.rating ?? 'none'}`);
    }
  }
  print(`${games} games on ${pages} pages`);

  // Bounds that cross: the API answers a 400 problem naming the fields.
  try {
    await client.gamePages({ weight_min: 4.5, weight_max: 2 }).next();
  } catch (error) {
    if (!(error instanceof LudexProblem)) throw error;
    print(`${error.problem.title} (${error.status}, ${error.kind}): ${error.problem.detail}`);
    for (const field of error.fieldErrors) print(`  ${field.field}: ${field.message} [${field.code}]`);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  await runExample(createLudexClient({ baseUrl: process.argv[2] ?? 'http://localhost:8080' }));
}
