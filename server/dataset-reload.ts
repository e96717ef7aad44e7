// What the writer does after a materialization run commits: serve the run's values, write the
// column file for the next start, and let replicas follow in the background. The
// Materializer calls it; server/main.ts composes it.
//
// A run rewrites the games' aggregates, trending score and updated_at and the community
// tables, and nothing else (this process is the store's only writer: DuckDB's lock). So the
// reload first reads only those columns for the games the served Dataset holds and applies
// them to it (Dataset.updatedSteps: rows stay in place, everything built from unchanged
// columns is shared), and swaps that in: the new values serve within about a second at
// 150,000 games. The orders and range indexes of the changed columns are built right after
// the swap, in slices (a request that needs one before then builds it). Rows then no longer follow the default order (bayes rating), which a full
// load restores: it runs next, in the background, swaps in when no newer run has swapped
// since, and writes the column file and the replica from it. When the visible games are not
// the served ones, or the update fails, the full load is the reload, as before.
// Both loads yield to the event loop (loader/turns.ts), so requests keep being answered, from
// the Dataset being replaced, until each swap; a failed load swaps nothing.

import type { Dataset } from '../engine/index.js';
import { dropUpdateRows, loadColumnsUpdate, prepareUpdateRows, type UpdateRows } from '../loader/load-update.js';
import type { Store } from '../loader/store.js';
import { runInSlices } from '../loader/turns.js';
import { AGGREGATE_COLUMNS } from '../snapshots/steps/write-games.js';
import { type LoadedDataset, loadDatasetWithInput, saveColumnFile } from './dataset-loader.js';
import type { Logger } from './logger.js';
import type { ReplicaPublisher } from './replica-publisher.js';
import type { DatasetState } from './state.js';

/**
 * The games columns a materialization writes (experience_sufficient_data is no Game field:
 * the community input carries it).
 */
export const MATERIALIZED_COLUMNS: readonly string[] = [
  ...AGGREGATE_COLUMNS.filter((column) => column !== 'experience_sufficient_data'),
  'trending_score',
  'updated_at',
];

export interface DatasetReloadDeps {
  store: Store;
  state: DatasetState;
  logger: Logger;
  /** The Dataset the state serves at the start (an update applies to it). */
  serving?: Dataset;
  /** Present when REPLICA_PUBLISH is on. */
  publisher?: ReplicaPublisher;
  /** Told how long each reload took until the new values served, in seconds (metrics). */
  onLoaded?: (seconds: number) => void;
}

/** The reload a Materializer runs after each committed run. */
export interface DatasetReload {
  (): Promise<void>;
  /**
   * Resolves when the background work of every reload so far is done (the whole load, the
   * column file): the Materializer waits for it before a run, so no run commits while a
   * load reads the store.
   */
  settled(): Promise<void>;
}

export function datasetReload({
  store,
  state,
  logger,
  serving,
  publisher,
  onLoaded,
}: DatasetReloadDeps): DatasetReload {
  let current = serving;
  /** Counts swaps: a background load swaps in only when none happened since it was queued. */
  let swaps = 0;
  let background: Promise<void> = Promise.resolve();
  /** The rows table of `current`, made in the background after each whole load (and now). */
  let rows = prepareRows(store, current, logger);

  const swap = (dataset: Dataset, rowsMoved: boolean): void => {
    state.swap(dataset);
    current = dataset;
    swaps++;
    if (!rowsMoved) return;
    const stale = rows;
    rows = stale.then(async (old) => {
      if (old !== undefined) await dropUpdateRows(store, old).catch(() => undefined);
      return prepareRows(store, dataset, logger);
    });
  };

  /** A full load, swapped in unless `queuedAt` is given and another swap happened since. */
  const loadWhole = async (queuedAt?: number): Promise<LoadedDataset> => {
    const loaded = await loadDatasetWithInput(store);
    if (queuedAt === undefined || swaps === queuedAt) swap(loaded.dataset, true);
    return loaded;
  };
  const afterWholeLoad = (loaded: LoadedDataset): Promise<void> => {
    // Replicas follow in the background; the run's answer does not wait for the copy.
    void publisher?.publish(loaded);
    return saveColumnFile(store, loaded, logger);
  };

  const reload = async (): Promise<void> => {
    const started = performance.now();
    const updated = current === undefined ? undefined : await updatedInPlace(store, current, await rows, logger);
    if (updated !== undefined) {
      swap(updated.dataset, false);
      const ms = performance.now() - started;
      onLoaded?.(ms / 1000);
      logger.info(
        { games: updated.dataset.size, ms: Math.round(ms), read_ms: Math.round(updated.readMs) },
        'dataset updated in place',
      );
      const queuedAt = swaps;
      // The swapped-in Dataset builds its changed orders and range indexes now, in slices,
      // rather than on the requests that first need them (Dataset.updatedSteps).
      const preparing = prepareInSlices(updated.dataset, logger);
      background = background
        .then(async () => {
          await preparing;
          const loaded = await loadWhole(queuedAt);
          logger.info({ games: loaded.dataset.size, replaced: swaps === queuedAt + 1 }, 'dataset reloaded whole');
          await afterWholeLoad(loaded);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'background dataset load failed: still serving the Dataset updated in place');
        });
      return;
    }
    let loaded: LoadedDataset;
    try {
      loaded = await loadWhole();
    } catch (error) {
      logger.error({ err: error }, 'dataset reload failed: still serving the previous Dataset');
      throw error;
    }
    const ms = performance.now() - started;
    onLoaded?.(ms / 1000);
    logger.info({ games: loaded.dataset.size, ms: Math.round(ms) }, 'dataset reloaded');
    background = background.then(() => afterWholeLoad(loaded));
  };
  return Object.assign(reload, { settled: () => background });
}

/**
 * `dataset` with the store's materialized columns applied, and how long reading them took;
 * undefined when a full load is needed.
 */
async function updatedInPlace(
  store: Store,
  dataset: Dataset,
  rows: UpdateRows | undefined,
  logger: Logger,
): Promise<{ dataset: Dataset; readMs: number } | undefined> {
  if (rows === undefined) return undefined;
  try {
    const started = performance.now();
    const update = await loadColumnsUpdate(store, rows, MATERIALIZED_COLUMNS);
    if (update === undefined) {
      logger.info('the visible games changed since the Dataset was loaded: loading it whole');
      return undefined;
    }
    const readMs = performance.now() - started;
    return { dataset: await runInSlices(dataset.updatedSteps(update)), readMs };
  } catch (error) {
    logger.warn({ err: error }, 'updating the Dataset in place failed: loading it whole');
    return undefined;
  }
}

/** Runs the Dataset's prepareSteps in slices and logs how long they took. */
async function prepareInSlices(dataset: Dataset, logger: Logger): Promise<void> {
  const started = performance.now();
  await runInSlices(dataset.prepareSteps());
  logger.info({ ms: Math.round(performance.now() - started) }, 'updated dataset prepared');
}

/** The rows table of `dataset`, or undefined (none served, or it could not be made: logged). */
async function prepareRows(
  store: Store,
  dataset: Dataset | undefined,
  logger: Logger,
): Promise<UpdateRows | undefined> {
  if (dataset === undefined) return undefined;
  try {
    return await prepareUpdateRows(store, dataset.ids);
  } catch (error) {
    logger.warn({ err: error }, 'could not prepare the in-place update: the next reload loads the Dataset whole');
    return undefined;
  }
}
