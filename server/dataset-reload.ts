// What the writer does after a materialization run commits: load a fresh Dataset from the
// store, swap it into the served state, write its column file for the next start, and let
// replicas follow in the background. The Materializer calls it; server/main.ts composes it.
// The load yields to the event loop between DuckDB result chunks and between build steps
// (loader/turns.ts), so requests keep being answered, from the old Dataset, until the one
// swap; a failed load swaps nothing. The column file is written after the swap, in slices
// and in the background (one write at a time): the new Dataset serves without waiting for it.

import type { Store } from '../loader/store.js';
import { loadDatasetWithInput, saveColumnFile } from './dataset-loader.js';
import type { Logger } from './logger.js';
import type { ReplicaPublisher } from './replica-publisher.js';
import type { DatasetState } from './state.js';

export interface DatasetReloadDeps {
  store: Store;
  state: DatasetState;
  logger: Logger;
  /** Present when REPLICA_PUBLISH is on. */
  publisher?: ReplicaPublisher;
  /** Told how long each load took, in seconds (metrics). */
  onLoaded?: (seconds: number) => void;
}

/** Returns the reload a Materializer runs after each committed run. */
export function datasetReload({ store, state, logger, publisher, onLoaded }: DatasetReloadDeps): () => Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  return async () => {
    const started = performance.now();
    let next: Awaited<ReturnType<typeof loadDatasetWithInput>>;
    try {
      next = await loadDatasetWithInput(store);
    } catch (error) {
      logger.error({ err: error }, 'dataset reload failed: still serving the previous Dataset');
      throw error;
    }
    state.swap(next.dataset);
    const ms = performance.now() - started;
    onLoaded?.(ms / 1000);
    logger.info({ games: state.current.size, ms: Math.round(ms) }, 'dataset reloaded');
    writing = writing.then(() => saveColumnFile(store, next, logger));
    // Replicas follow in the background; the run's answer does not wait for the copy.
    void publisher?.publish(next);
  };
}
