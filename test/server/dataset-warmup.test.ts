// A served Dataset's text index and entity lists are built between requests, right after it
// starts serving (server/dataset-warmup.ts): the event loop keeps turning meanwhile, a
// swapped-in Dataset gets its own, and a Dataset swapped out before the end is left alone.

import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildDataset, type Dataset } from '../../engine/index.js';
import { DatasetState } from '../../server/state.js';
import { warmDataset, warmServedDatasets } from '../../server/dataset-warmup.js';
import { randomCatalog } from '../engine/random-catalog.js';

const catalog = randomCatalog(5, { games: 3000 });

function recordingLogger(): { logger: pino.Logger; lines: () => { msg: string; games?: number }[] } {
  const raw: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return { logger, lines: () => raw.map((line) => JSON.parse(line) as { msg: string; games?: number }) };
}

/** Steps left in a Dataset's warm-up (0 once everything is built). */
const stepsLeft = (dataset: Dataset): number => [...dataset.warmSteps()].length;

/** Resolves once `done()` holds, counting the event-loop turns taken meanwhile. */
async function turnsUntil(done: () => boolean): Promise<number> {
  let turns = 0;
  while (!done()) {
    await new Promise((resolve) => setImmediate(resolve));
    if (++turns > 100_000) throw new Error('never done');
  }
  return turns;
}

describe('dataset warm-up', () => {
  it('warms the served Dataset in slices, one log line, and the next one swapped in', async () => {
    const first = buildDataset(catalog.input);
    const second = buildDataset(catalog.input);
    const state = new DatasetState(first);
    const { logger, lines } = recordingLogger();
    warmServedDatasets(state, logger);
    const built = () => lines().filter((l) => l.msg === 'text index and entity lists built');
    // the event loop turned while it built: other requests were answered meanwhile
    const turns = await turnsUntil(() => built().length === 1);
    expect(turns).toBeGreaterThan(1);
    expect(built()[0].games).toBe(3000);
    expect(stepsLeft(first)).toBe(0);
    expect(first.search('castle', 5)).toEqual(buildDataset(catalog.input).search('castle', 5));
    expect(first.people()).toEqual(buildDataset(catalog.input).people());
    // a swap starts the next one's build
    state.swap(second);
    await turnsUntil(() => built().length === 2);
    expect(stepsLeft(second)).toBe(0);
  });

  it('stops warming a Dataset no longer served, which a text query still answers in full', async () => {
    const dataset = buildDataset(catalog.input);
    const { logger, lines } = recordingLogger();
    let served = true;
    const warming = warmDataset(dataset, () => served, logger);
    await new Promise((resolve) => setImmediate(resolve));
    served = false;
    await warming;
    expect(lines()).toEqual([]);
    // left part-built; the query below finishes it
    expect(stepsLeft(dataset)).toBeGreaterThan(0);
    expect(dataset.search('castle', 5)).toEqual(buildDataset(catalog.input).search('castle', 5));
  });
});
