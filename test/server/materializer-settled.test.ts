// The Materializer waits for what the last reload left running in the background (the whole
// Dataset load, server/dataset-reload.ts) before a run, so no run commits while that load
// reads the store; a shutdown that comes while it waits starts no run at all.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { Materializer } from '../../server/materializer.js';
import { ApiProblem } from '../../server/problem.js';

let store: Store;
beforeEach(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
});
afterEach(async () => store.close());

/** A promise the test settles by hand, standing for the background load. */
function gate(): { promise: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A Materializer whose last reload's background work is `background`. */
const waitingOn = (background: Promise<void>): Materializer =>
  new Materializer(
    store,
    loadConfig({}).aggregates,
    async () => undefined,
    silentLogger,
    () => background,
  );

const runCount = async (): Promise<number> =>
  (await store.all<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM materialization_runs'))[0].n;

describe('a run after a reload with background work', () => {
  it('starts only once the background work is done', async () => {
    const background = gate();
    const materializer = waitingOn(background.promise);
    let finished = false;
    const run = materializer.run('api').then((report) => {
      finished = true;
      return report;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    expect(await runCount()).toBe(0);
    background.open();
    const report = await run;
    expect(report.trigger).toBe('api');
    const [row] = await store.all<{ id: string; status: string }>('SELECT id, status FROM materialization_runs');
    expect(row).toEqual({ id: report.run_id, status: 'succeeded' });
  });

  it('starts no run when a shutdown comes while it waits', async () => {
    const background = gate();
    const materializer = waitingOn(background.promise);
    const run = materializer.run('api').catch((error: unknown) => error);
    const stopped = materializer.shutdown();
    background.open();
    await stopped;
    const error = await run;
    expect(error).toBeInstanceOf(ApiProblem);
    expect((error as ApiProblem).message).toMatch(/shutting down/);
    expect(await runCount()).toBe(0);
  });
});
