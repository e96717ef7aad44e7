// Store → prepared Dataset: what startup and every reload after materialization run.

import { buildDataset, type DatasetApi, type DatasetInput } from '../engine/index.js';
import { loadDatasetInput } from '../loader/load.js';
import type { Store } from '../loader/store.js';

/** Builds the Dataset and every sort order and range index, so no request pays for first use. */
export function preparedDataset(input: DatasetInput): DatasetApi {
  const dataset = buildDataset(input);
  dataset.prepare();
  return dataset;
}

export async function loadDatasetWithInput(store: Store): Promise<{ dataset: DatasetApi; input: DatasetInput }> {
  const input = await loadDatasetInput(store);
  return { dataset: preparedDataset(input), input };
}

export async function loadDataset(store: Store): Promise<DatasetApi> {
  return (await loadDatasetWithInput(store)).dataset;
}
