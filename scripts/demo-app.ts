// An app over an in-memory store holding the demo catalog, for `npm run generate` (the tests
// have their own in test/helpers/app.ts, which also fails a test on any 500).

import type { H3 } from 'h3';
import { buildDataset } from '../engine/index.js';
import { importCatalog } from '../loader/catalog/import.js';
import { readLines } from '../loader/lines.js';
import { loadDatasetInput } from '../loader/load.js';
import { migrate } from '../loader/schema/migrate.js';
import { Store } from '../loader/store.js';
import { createApp } from '../server/app.js';
import { ApiKeys } from '../server/auth/api-keys.js';
import { loadConfig } from '../server/config.js';
import { CursorCodec } from '../server/cursor.js';
import { loadDataset } from '../server/dataset-loader.js';
import { silentLogger } from '../server/logger.js';
import { Materializer } from '../server/materializer.js';
import { DatasetState } from '../server/state.js';
import { DEMO_CATALOG_PATH } from '../server/store-setup.js';
import { aggregateRefresh } from '../snapshots/pipeline.js';

/** The base URL of generated artifacts (and of the tests' in-process app). */
export const GENERATED_BASE_URL = 'http://ludex.test';
/** Fixed, so cursors in examples come out the same each time. */
export const GENERATED_CURSOR_SECRET = 'test-secret-0123456789';

export async function demoCatalogApp(): Promise<{ app: H3; close(): Promise<void> }> {
  const store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  const app = createApp({
    state,
    store,
    cursors: new CursorCodec(GENERATED_CURSOR_SECRET),
    keys: new ApiKeys(store, 'generate-secret-0123456789abcdef'),
    materializer: new Materializer(
      store,
      loadConfig({}).aggregates,
      async () => state.swap(await loadDataset(store)),
      silentLogger,
    ),
    publicBaseUrl: GENERATED_BASE_URL,
  });
  return { app, close: () => store.close() };
}
