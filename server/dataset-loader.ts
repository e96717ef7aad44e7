// Store → prepared Dataset: what startup and every reload after materialization run.

import type { DatasetApi } from '../engine/api.js';
import { buildDataset } from '../engine/index.js';
import { loadDatasetInput } from '../loader/load.js';
import type { Store } from '../loader/store.js';

export async function loadDataset(store: Store): Promise<DatasetApi> {
  const dataset = buildDataset(await loadDatasetInput(store));
  // Build every sort order and range index now, so no request pays for the first use.
  dataset.prepare();
  return dataset;
}
