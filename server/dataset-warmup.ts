// Every served Dataset builds, between requests and right after it starts serving, what the
// first query of a kind would otherwise build in one go: the full-text index (it held the
// server's thread for about a second at 150,000 games: /healthz 0.85 s behind one search)
// and the people, publisher, family and award lists (~300 ms for the first /v1/people). A
// query that needs a part before the warm-up reaches it builds the rest of that part at once
// (Dataset.warmSteps).

import type { DatasetApi } from '../engine/index.js';
import { runInSlices } from '../loader/turns.js';
import type { Logger } from './logger.js';
import type { DatasetState } from './state.js';

/**
 * How long a slice of the warm-up holds the thread: shorter than a reload's (10 ms), since it
 * runs beside the reload's own work and no answer waits for it.
 */
const WARM_SLICE_MS = 3;

/** Warms every Dataset `state` serves, in slices, with one log line each. */
export function warmServedDatasets(state: DatasetState, logger: Logger): void {
  state.onServe((dataset) => void warmDataset(dataset, () => state.serves(dataset), logger));
}

/**
 * Warms `dataset` in slices while `served()` holds; a Dataset swapped out meanwhile is left
 * as it is (a query that asks it still gets a whole answer).
 */
export async function warmDataset(dataset: DatasetApi, served: () => boolean, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    const finished = await runInSlices(whileServed(dataset.warmSteps(), served), WARM_SLICE_MS);
    if (finished)
      logger.info(
        { games: dataset.size, ms: Math.round(performance.now() - started) },
        'text index and entity lists built',
      );
  } catch (error) {
    logger.error({ err: error }, 'the dataset warm-up failed; queries build what they need');
  }
}

/** The steps while `served()` holds; true when they all ran. */
function* whileServed(steps: Generator<void, void>, served: () => boolean): Generator<void, boolean> {
  for (const _ of steps) {
    if (!served()) return false;
    yield;
  }
  return true;
}
