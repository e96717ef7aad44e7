// An app serving whatever a test's store holds (after an import), as the server loads it.

import type { H3 } from 'h3';
import { buildDataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import type { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { testAppDeps } from './app.js';

export async function storeApp(store: Store): Promise<H3> {
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  return createApp(testAppDeps(store, state));
}
