// The HTTP stage alone (bench/http.ts), for working on the edge without the whole suite:
// reuses (or generates) the bench store of bench/.cache like `npm run bench`, then loads the
// same routes and prints their table with the ratios the budgets check. Takes the bench's
// flags (bench/options.ts); `--quick` means 5,000 games and 1 s per route.
//
//   node --import tsx bench/http-main.ts [--quick] [--games N] [--http-seconds S] [--http-connections C]
//
// BENCH_SERVER_PROFILE=<file.cpuprofile> writes a CPU profile of the server under the measured
// loads (bench/http-server.ts; start-up and warm-up left out); BENCH_SERVER_NODE_ARGS are
// passed to the server child's node (bench/http.ts); BENCH_HTTP_ROUTES
// (comma-separated route names) loads only those routes.

import { httpRoutes, measureHttp, type RouteFigures } from './http.js';
import { currentLoad } from './machine.js';
import { parseOptions, UsageError } from './options.js';
import { openCatalogStore } from './store.js';

const log = (line: string): void => console.error(line);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const { bench } = await openCatalogStore(options.dir, options.games, options.seed, log);
  const [popular] = await bench.store.all<{ id: string }>(
    `SELECT id FROM games WHERE status = 'active' ORDER BY rating_votes DESC NULLS LAST, id LIMIT 1`,
  );
  await bench.store.close();
  const before = currentLoad();
  const only = process.env.BENCH_HTTP_ROUTES?.split(',');
  const http = await measureHttp(
    bench.path,
    httpRoutes(popular.id, 'castle').filter((route) => only === undefined || only.includes(route.name)),
    { durationS: options.httpSeconds || 1, connections: options.httpConnections },
    log,
  );
  const rps = (name: string): number => http.routes.find((r) => r.name === name)?.requestsPerSecond ?? Number.NaN;
  const pct = (a: number, b: number): string => `${((a / b) * 100).toFixed(0)} %`;
  const row = (r: RouteFigures): string =>
    `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.cpuUsPerRequest.toFixed(1)} | ${r.p50Ms} | ${r.p99Ms} | ${r.responseBytes} | ${r.loadAverage.toFixed(2)} |`;
  const cpu = (name: string): number => http.routes.find((r) => r.name === name)?.cpuUsPerRequest ?? Number.NaN;
  // a ratio of throughputs, and the same ratio from CPU time (the inverse ratio of CPU per request)
  const both = (a: string, b: string): string =>
    `${pct(rps(a), rps(b))} req/s, ${pct(cpu(b), cpu(a))} by CPU per request`;
  console.log(
    [
      `${options.games} games, ${http.connections} connections, ${http.durationS} s a route, load average ${before.toFixed(2)} before`,
      '',
      '| route | req/s | server CPU µs/request | p50 ms | p99 ms | bytes | load avg |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...http.routes.map(row),
      '',
      `fixed JSON through the edge / bare node:http: ${both('ceiling-fixed-json', 'ceiling-bare-node')}`,
      `games-typical / pre-built page: ${both('games-typical', 'ceiling-prebuilt-page')}`,
      `engine call then the page / pre-built page: ${both('ceiling-engine-page', 'ceiling-prebuilt-page')}`,
      `text-search / games-typical: ${both('text-search', 'games-typical')}`,
      `games-typical-revalidate (304) / games-typical: ${both('games-typical-revalidate', 'games-typical')}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
