// The HTTP bench's server process: the real app (createApp) over the bench store, plus two
// ceiling routes registered here on the same app, never in the product: a fixed small JSON
// body, and a pre-built 25-game page (the body GET /v1/games answers for the typical filter,
// serialized once at startup). Listens on 127.0.0.1 (port 0) and prints `LISTENING <port>`.
//
//   tsx bench/http-server.ts <store file> <typical /v1/games path>

import { createServer } from 'node:http';
import { toNodeHandler } from 'h3';
import { Store } from '../loader/store.js';
import { createApp } from '../server/app.js';
import { ApiKeys } from '../server/auth/api-keys.js';
import { loadConfig } from '../server/config.js';
import { CursorCodec } from '../server/cursor.js';
import { loadDataset } from '../server/dataset-loader.js';
import { silentLogger } from '../server/logger.js';
import { Materializer } from '../server/materializer.js';
import { sendJson } from '../server/http.js';
import { DatasetState } from '../server/state.js';
import { CEILING_JSON_PATH, CEILING_PAGE_PATH } from './http-paths.js';

async function main(): Promise<void> {
  const [path, typicalPath] = process.argv.slice(2);
  if (!path || !typicalPath) throw new Error('usage: tsx bench/http-server.ts <store file> <typical /v1/games path>');
  const store = await Store.open(path, { readOnly: true });
  const dataset = await loadDataset(store);
  const state = new DatasetState(dataset);
  const config = loadConfig({});
  const app = createApp({
    state,
    store,
    cursors: new CursorCodec('bench-cursor-secret-0123456789'),
    keys: new ApiKeys(store, 'bench-api-key-secret-0123456789abcdef'),
    materializer: new Materializer(store, config.aggregates, async () => undefined, silentLogger),
    publicBaseUrl: 'http://127.0.0.1',
  });
  const page = await app.fetch(new Request(`http://127.0.0.1${typicalPath}`));
  const pageBody = await page.text();
  if (page.status !== 200) throw new Error(`GET ${typicalPath} answered ${page.status}: ${pageBody.slice(0, 500)}`);
  const fixed = JSON.stringify({ ok: true, name: 'Ludex' });
  // sendJson, as the product's routes answer: a string body keeps h3 on its fast path (a
  // Response object goes through web streams and would understate the ceilings)
  app.get(CEILING_JSON_PATH, (event) => sendJson(event, fixed));
  app.get(CEILING_PAGE_PATH, (event) => sendJson(event, pageBody));
  const server = createServer(toNodeHandler(app));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    console.log(`LISTENING ${address.port} ${Buffer.byteLength(pageBody)}`);
  });
  const stop = (): void => {
    server.close();
    void store.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
