// Store → prepared Dataset: what startup and every reload after materialization run. A start
// reads the column file next to the store when it is current (no DuckDB row read, no order
// built); otherwise it loads from the store, says why in one log line, and writes the file
// for the next start. Imports and materializations end by writing the file too.

import {
  buildDataset,
  buildDatasetSteps,
  type Dataset,
  type DatasetInput,
  type DatasetOptions,
} from '../engine/index.js';
import {
  columnFileDataVersion,
  columnFilePath,
  readColumnFile,
  writeColumnFileInSlices,
} from '../loader/columns/column-file.js';
import { loadDatasetInput } from '../loader/load.js';
import { bumpDataVersion, readDataVersion, type Store } from '../loader/store.js';
import { runInSlices } from '../loader/turns.js';
import type { Logger } from './logger.js';

/** Builds the Dataset and every sort order and range index, so no request pays for first use. */
export function preparedDataset(input: DatasetInput, options?: DatasetOptions): Dataset {
  const dataset = buildDataset(input, options);
  dataset.prepare();
  return dataset;
}

/**
 * The same prepared Dataset, built in slices that give the event loop a turn every few
 * milliseconds: a server answers requests from the Dataset it serves while the next one builds.
 */
export function preparedDatasetInSlices(input: DatasetInput, options?: DatasetOptions): Promise<Dataset> {
  return runInSlices(buildDatasetSteps(input, options));
}

export interface LoadedDataset {
  dataset: Dataset;
  input: DatasetInput;
  /** The store's data version the columns were read at (undefined: a store no write stamped). */
  dataVersion: string | undefined;
}

export interface ServingDataset extends LoadedDataset {
  /** Where the columns came from. */
  source: 'column file' | 'store';
}

/** Loads from the store only (no column file read or written). */
export async function loadDatasetWithInput(store: Store): Promise<LoadedDataset> {
  const dataVersion = await readDataVersion(store);
  const input = await loadDatasetInput(store);
  return { dataset: await preparedDatasetInSlices(input), input, dataVersion };
}

export async function loadDataset(store: Store): Promise<Dataset> {
  return (await loadDatasetWithInput(store)).dataset;
}

/** Stores without a file (":memory:") keep no column file. */
const hasColumnFile = (store: Store): boolean => store.path !== ':memory:';

/**
 * The serving Dataset: from the column file when it is current, else from the store (then
 * the file is written). A missing, stale or corrupt file is one log line with the reason;
 * a corrupt file never fails the start.
 */
export async function loadServingDataset(store: Store, logger: Logger): Promise<ServingDataset> {
  if (!hasColumnFile(store)) return { ...(await loadDatasetWithInput(store)), source: 'store' };
  const path = columnFilePath(store.path);
  const version = await readDataVersion(store);
  const read = readColumnFile(path, version);
  let problem: { kind: string; reason: string };
  if (read.ok) {
    try {
      const { input, indexes, dataVersion } = read.contents;
      return { dataset: preparedDataset(input, { indexes }), input, dataVersion, source: 'column file' };
    } catch (error) {
      problem = { kind: 'corrupt', reason: (error as Error).message };
    }
  } else {
    problem = { kind: read.problem, reason: read.reason };
  }
  logger[problem.kind === 'missing' ? 'info' : 'warn'](
    { column_file: path, problem: problem.kind, reason: problem.reason },
    `column file ${problem.kind}: loading from the store and rewriting it`,
  );
  return { ...(await writeFromStore(store, logger)), source: 'store' };
}

/**
 * Whether the store's column file names the store's data version: nothing was written since
 * it was made (an import that changed nothing). Its parts are checked when a start reads it.
 */
export async function columnFileIsCurrent(store: Store): Promise<boolean> {
  if (!hasColumnFile(store)) return false;
  const version = await readDataVersion(store);
  return version !== undefined && columnFileDataVersion(columnFilePath(store.path)) === version;
}

/**
 * Loads the Dataset from the store and writes its column file (what an import or a
 * materialization ends with). A store no write has stamped yet gets a data version first.
 * A failed write is logged; the Dataset is returned all the same.
 */
export async function writeFromStore(store: Store, logger: Logger): Promise<LoadedDataset> {
  if ((await readDataVersion(store)) === undefined) await bumpDataVersion(store).catch(() => undefined);
  const loaded = await loadDatasetWithInput(store);
  await saveColumnFile(store, loaded, logger);
  return loaded;
}

/**
 * Writes the column file of a Dataset loaded from the store, encoded in slices and written
 * asynchronously, so a serving process keeps answering meanwhile. Never rejects: failures
 * are logged.
 */
export async function saveColumnFile(store: Store, loaded: LoadedDataset, logger: Logger): Promise<void> {
  const version = loaded.dataVersion;
  if (!hasColumnFile(store) || version === undefined) return;
  const path = columnFilePath(store.path);
  const started = performance.now();
  try {
    const bytes = await writeColumnFileInSlices(
      path,
      version,
      loaded.input,
      await runInSlices(loaded.dataset.indexTablesSteps()),
    );
    logger.info({ column_file: path, bytes, ms: Math.round(performance.now() - started) }, 'column file written');
  } catch (error) {
    logger.error(
      { err: error, column_file: path },
      'writing the column file failed; the next start loads from the store',
    );
  }
}
