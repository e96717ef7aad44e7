// What the writer does after a materialization run commits: serve the run's values, write the
// column file for the next start, and let replicas follow in the background. The
// Materializer calls it; server/main.ts composes it.
//
// A run rewrites the games' aggregates, trending score and updated_at and the community
// tables, and nothing else (this process is the store's only writer: DuckDB's lock, and its
// transactions run one at a time). So the run itself, in its transaction just before the
// commit (read()), reads only those columns for the games the served Dataset holds: what the
// commit makes visible. After the commit the reload applies them to the served Dataset
// (Dataset.updatedSteps: rows stay in place, everything built from unchanged columns is
// shared) and swaps that in: no store read stands between the commit and the new values. The
// orders and range indexes of the changed columns are built right after the swap, in slices
// (a request that needs one before then builds it). Rows then no longer follow the default
// order (bayes rating) when the new ratings moved games, so the default order's fast path
// (engine/page.ts) is lost until the rows are put back in it: next, in the background, the
// updated Dataset's input is reordered in memory (Dataset.inDefaultOrderSteps, no store
// read) and built again, swapped in when no newer run has swapped since, and the column file
// and the replica are written from it. When the visible games are not the served ones, a full
// load from the store is the reload, as before; a read whose query fails fails the run
// (rolled back, the served Dataset kept). Every build yields to the event loop
// (loader/turns.ts), so requests keep being answered, from the Dataset being replaced, until
// each swap; a failed build swaps nothing.

import type { Dataset, GameColumnsUpdate } from '../engine/index.js';
import { readColumnsUpdate } from '../loader/load-update.js';
import { readDataVersion, type Queryable, type Store } from '../loader/store.js';
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

/** A run's new columns for the games of `dataset`, read in its transaction (DatasetReload.read). */
export interface ColumnsRead {
  readonly dataset: Dataset;
  readonly update: GameColumnsUpdate;
  readonly readMs: number;
}

/** The reload a Materializer runs after each committed run. */
export interface DatasetReload {
  /**
   * Serves the committed run: `read` applied to the served Dataset when it was read for that
   * one; otherwise the columns read from the store now, or the Dataset loaded whole.
   */
  (read?: ColumnsRead): Promise<void>;
  /**
   * Reads the run's columns for the served Dataset through `q` (the run's transaction, before
   * it commits); undefined, and logged, when there is none to update, the visible games
   * changed or the read failed. Never throws; a query that failed in the run's transaction
   * still fails the run at its end (Store.transaction), so nothing half-read is served.
   */
  read(q: Queryable): Promise<ColumnsRead | undefined>;
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

  const swap = (dataset: Dataset): void => {
    state.swap(dataset);
    current = dataset;
    swaps++;
  };

  /** A full load, swapped in unless `queuedAt` is given and another swap happened since. */
  const loadWhole = async (queuedAt?: number): Promise<LoadedDataset> => {
    const loaded = await loadDatasetWithInput(store);
    if (queuedAt === undefined || swaps === queuedAt) swap(loaded.dataset);
    return loaded;
  };
  const afterWholeLoad = (loaded: LoadedDataset): Promise<void> => {
    // Replicas follow in the background; the run's answer does not wait for the copy.
    void publisher?.publish(loaded);
    return saveColumnFile(store, loaded, logger);
  };

  const read = async (q: Queryable): Promise<ColumnsRead | undefined> => {
    if (current === undefined) return undefined;
    return readColumns(q, current, logger);
  };

  const reload = async (given?: ColumnsRead): Promise<void> => {
    const started = performance.now();
    const columns = given ?? (await read(store));
    const fits = columns !== undefined && columns.dataset === current;
    if (columns !== undefined && !fits)
      logger.info('the served Dataset changed since the run read its columns: loading it whole');
    const updated = fits ? await updatedInPlace(columns, logger) : undefined;
    if (updated !== undefined) {
      swap(updated);
      const ms = performance.now() - started;
      onLoaded?.(ms / 1000);
      logger.info(
        {
          games: updated.size,
          ms: Math.round(ms),
          read_ms: Math.round(columns?.readMs ?? 0),
          read_in_run: given !== undefined,
        },
        'dataset updated in place',
      );
      const queuedAt = swaps;
      // The swapped-in Dataset builds its changed orders and range indexes now, in slices,
      // rather than on the requests that first need them (Dataset.updatedSteps).
      const preparing = prepareInSlices(updated, logger);
      background = background
        .then(async () => {
          await preparing;
          const rebuilt = await inDefaultOrder(updated, store);
          const replaced = rebuilt.reordered && swaps === queuedAt;
          if (replaced) swap(rebuilt.dataset);
          logger.info(
            { games: rebuilt.dataset.size, reordered: rebuilt.reordered, replaced, ms: Math.round(rebuilt.ms) },
            'dataset rebuilt in the default order',
          );
          await afterWholeLoad(rebuilt);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'background dataset build failed: still serving the Dataset updated in place');
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
  return Object.assign(reload, { read, settled: () => background });
}

/** The run's columns for `dataset` through `q`; undefined (and logged) when a full load is needed. */
async function readColumns(q: Queryable, dataset: Dataset, logger: Logger): Promise<ColumnsRead | undefined> {
  try {
    const started = performance.now();
    const update = await readColumnsUpdate(q, dataset.ids, MATERIALIZED_COLUMNS);
    if (update === undefined) {
      logger.info('the visible games changed since the Dataset was loaded: loading it whole');
      return undefined;
    }
    return { dataset, update, readMs: performance.now() - started };
  } catch (error) {
    // In a run's transaction the run then fails (Store.transaction); after a commit the
    // reload loads the Dataset whole.
    logger.warn({ err: error }, 'reading the changed columns failed');
    return undefined;
  }
}

/** The read's Dataset with its columns applied (in slices); undefined (logged) when that fails. */
async function updatedInPlace({ dataset, update }: ColumnsRead, logger: Logger): Promise<Dataset | undefined> {
  try {
    return await runInSlices(dataset.updatedSteps(update));
  } catch (error) {
    logger.warn({ err: error }, 'updating the Dataset in place failed: loading it whole');
    return undefined;
  }
}

/**
 * The Dataset updated in place as a load from the store would give it now, with the store's
 * data version: its input with the rows in the default order again, built in slices; no row
 * is read from the store. Rows that already follow that order keep the Dataset as it is.
 */
async function inDefaultOrder(
  updated: Dataset,
  store: Store,
): Promise<LoadedDataset & { reordered: boolean; ms: number }> {
  const started = performance.now();
  const dataVersion = await readDataVersion(store);
  const { dataset, input, reordered } = await runInSlices(updated.inDefaultOrderSteps());
  return { dataset, input, dataVersion, reordered, ms: performance.now() - started };
}

/** Runs the Dataset's prepareSteps in slices and logs how long they took. */
async function prepareInSlices(dataset: Dataset, logger: Logger): Promise<void> {
  const started = performance.now();
  await runInSlices(dataset.prepareSteps());
  logger.info({ ms: Math.round(performance.now() - started) }, 'updated dataset prepared');
}
