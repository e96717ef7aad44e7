// Every served Dataset's full-text index is built between requests, right after it starts
// serving: built on a first text query instead, it held the server's thread for about a
// second at 150,000 games (every request waited: /healthz 0.85 s behind one search). A text
// query that arrives before the build ends finishes it at once (Dataset.textIndexSteps).

import type { DatasetApi } from '../engine/index.js';
import { runInSlices } from '../loader/turns.js';
import type { Logger } from './logger.js';
import type { DatasetState } from './state.js';

/** Builds the text index of every Dataset `state` serves, in slices, one log line each. */
export function warmTextIndexes(state: DatasetState, logger: Logger): void {
  state.onServe((dataset) => void warmTextIndex(dataset, () => state.serves(dataset), logger));
}

/**
 * Builds `dataset`'s text index in slices while `served()` holds; a Dataset swapped out
 * meanwhile is left as it is (its build resumes only if a text query asks it).
 */
export async function warmTextIndex(dataset: DatasetApi, served: () => boolean, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    const finished = await runInSlices(whileServed(dataset.textIndexSteps(), served));
    if (finished) logger.info({ games: dataset.size, ms: Math.round(performance.now() - started) }, 'text index built');
  } catch (error) {
    logger.error({ err: error }, 'the text index could not be built; a text query will try again');
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
