// The HTTP bench's server process: the real app (createApp) over the bench store, plus three
// ceiling routes registered here on the same app, never in the product: a fixed small JSON
// body, a pre-built 25-game page (the body GET /v1/games answers for the typical filter,
// serialized once at startup), and the engine's call for that filter followed by the same
// pre-built page (what the list route costs without its parsing, paging and body). Listens
// on 127.0.0.1 (port 0). Beside it, a bare `node:http` server (no framework, no middleware)
// answers every request with the bytes the app sends for the fixed small JSON: its body and
// its headers, captured once at startup: the ceiling of the edge itself; on CPU_PATH it
// answers the process's CPU time instead, which the bench reads around each route (CPU per
// request). Prints `LISTENING <port> <page bytes> <bare port>`.
//
//   tsx bench/http-server.ts <store file> <typical /v1/games path>

import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { H3, H3Event } from 'h3';
import { Store } from '../loader/store.js';
import { createApp } from '../server/app.js';
import { ApiKeys } from '../server/auth/api-keys.js';
import { loadConfig } from '../server/config.js';
import { edgeDefaults } from '../server/middleware/edge-settings.js';
import { CursorCodec } from '../server/cursor.js';
import { loadDataset } from '../server/dataset-loader.js';
import { silentLogger } from '../server/logger.js';
import { Materializer } from '../server/materializer.js';
import { AppMetrics } from '../server/metrics.js';
import { nodeListener } from '../server/node-listener.js';
import { sendJson } from '../server/http.js';
import { DatasetState } from '../server/state.js';
import { warmDataset } from '../server/dataset-warmup.js';
import { parseGamesList } from '../server/schemas/games-list.js';
import { CEILING_ENGINE_PAGE_PATH, CEILING_JSON_PATH, CEILING_PAGE_PATH, CPU_PATH } from './http-paths.js';

async function main(): Promise<void> {
  const [path, typicalPath] = process.argv.slice(2);
  if (!path || !typicalPath) throw new Error('usage: tsx bench/http-server.ts <store file> <typical /v1/games path>');
  const store = await Store.open(path, { readOnly: true });
  const dataset = await loadDataset(store);
  const state = new DatasetState(dataset);
  const cursors = new CursorCodec('bench-cursor-secret-0123456789');
  // The warm-up (text index, entity lists) runs to its end before any load: in slices beside
  // the first routes' turns it was charged to them (tens of µs a request over 6 s turns).
  await warmDataset(dataset, () => true, silentLogger);
  // The rate limiter runs as in the product (its cost is part of every request), with the
  // budget bench/http.ts sets: the defaults' million a minute is spent within a full run's
  // minute on a fast machine, and the fastest route was then answered 429.
  const config = loadConfig({ RATE_LIMIT_ANONYMOUS: process.env.RATE_LIMIT_ANONYMOUS });
  const { rateLimit } = edgeDefaults();
  // The metrics made here rather than by the app: the engine-then-page route sees the Dataset
  // through the same timed view the app's routes do (its histogram and its cost).
  const metrics = new AppMetrics(state);
  const app = createApp({
    metrics,
    edge: { rateLimit: rateLimit && { ...rateLimit, anonymous: config.rateLimitAnonymous } },
    state,
    store,
    cursors,
    keys: new ApiKeys(store, 'bench-api-key-secret-0123456789abcdef'),
    materializer: new Materializer(store, config.aggregates, async () => undefined, silentLogger),
    publicBaseUrl: 'http://127.0.0.1',
  });
  const page = await app.fetch(new Request(`http://127.0.0.1${typicalPath}`));
  const pageBody = new Uint8Array(await page.arrayBuffer());
  if (page.status !== 200)
    throw new Error(`GET ${typicalPath} answered ${page.status}: ${Buffer.from(pageBody).toString().slice(0, 500)}`);
  const fixed = JSON.stringify({ ok: true, name: 'Ludex' });
  // sendJson, as the product's routes answer: a string or bytes keep h3 on its fast path (a
  // Response object goes through web streams and would understate the ceilings). The page
  // goes as bytes, as GET /v1/games sends it: no UTF-8 encoding per write, and no ETag (the
  // caching middleware tags bytes only on Dataset routes; a string here would be tagged by a
  // SHA-1 of its 38 KB, a cost the list route does not pay, 40 µs a request of the ceiling's).
  app.get(CEILING_JSON_PATH, (event) => sendJson(event, fixed));
  app.get(CEILING_PAGE_PATH, (event) => sendJson(event, pageBody));
  app.get(CEILING_ENGINE_PAGE_PATH, engineThenPage(metrics.instrumentState(state), typicalPath, cursors, pageBody));
  const bare = await bareServer(app, fixed);
  const server = createServer(nodeListener(app, 'http://127.0.0.1', silentLogger));
  server.keepAliveTimeout = 60_000;
  const [port, barePort] = await Promise.all([listen(server), listen(bare)]);
  console.log(`LISTENING ${port} ${pageBody.byteLength} ${barePort}`);
  const profile = profiler(process.env.BENCH_SERVER_PROFILE);
  const stop = (): void => {
    server.close();
    bare.close();
    void profile
      .stop()
      .then(() => store.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * The engine-then-page ceiling's handler: the typical filter parsed once here, then per
 * request the same engine call GET /v1/games makes (through the timed view its routes use,
 * so the server's engine histogram counts it) and the pre-built page. The page's total is
 * checked against the one found at startup, so the call's answer is used, never optimized
 * away.
 */
function engineThenPage(
  state: DatasetState,
  typicalPath: string,
  cursors: CursorCodec,
  page: Uint8Array,
): (event: H3Event) => string | Uint8Array {
  const request = parseGamesList(new URL(typicalPath, 'http://127.0.0.1').searchParams, state.current, cursors);
  const total = state.current.query(request).total;
  return (event) => {
    if (state.current.query(request).total !== total) throw new Error('the typical filter changed its total');
    return sendJson(event, page);
  };
}

/**
 * BENCH_SERVER_PROFILE=<file>: a CPU profile of the measured loads only (bench/http.ts
 * sends SIGUSR2 once the warm-up is over), written to <file> when the server stops; start-up
 * and warm-up stay out of it, unlike with `node --cpu-prof`.
 */
function profiler(file: string | undefined): { stop(): Promise<void> } {
  if (!file) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  let started: Promise<void> | undefined;
  process.on('SIGUSR2', () => {
    started ??= session
      .post('Profiler.enable')
      .then(() => session.post('Profiler.setSamplingInterval', { interval: 200 }))
      .then(() => session.post('Profiler.start'));
  });
  return {
    async stop() {
      if (started === undefined) return;
      await started;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/**
 * The bare ceiling: node:http alone answering the app's fixed-JSON answer as it is: the
 * same body and the same headers (the app's, from one request at startup, less those
 * node:http writes itself), with no routing, middleware or framework.
 */
async function bareServer(app: H3, fixed: string): Promise<Server> {
  const answer = await app.fetch(new Request(`http://127.0.0.1${CEILING_JSON_PATH}`));
  const body = await answer.text();
  if (answer.status !== 200 || body !== fixed) throw new Error(`GET ${CEILING_JSON_PATH} did not answer ${fixed}`);
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'connection') headers[name] = value;
  });
  headers['content-length'] = String(Buffer.byteLength(body));
  const server = createServer((request, response) => {
    if (request.url === CPU_PATH) {
      // The bench reads this process's CPU time around each route (bench/http.ts)
      response.end(JSON.stringify(process.cpuUsage()));
      return;
    }
    response.writeHead(200, headers);
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      resolve(address.port);
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
