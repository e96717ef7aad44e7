// A run reads its changed columns for the server in its own transaction, just before the
// commit (RunReload.read): the read sees the run's writes and what it returns reaches the
// reload after the commit. A query that fails inside the read fails the run, even when the
// read catches it (DatasetReload.read catches and logs its own failures): DuckDB cannot
// commit after a failed statement, so the run is rolled back and recorded 'failed', nothing of
// it is written and no reload runs (Store.transaction).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalog } from '../../loader/catalog/import.js';
import { readLines } from '../../loader/lines.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import type { ColumnsRead } from '../../server/dataset-reload.js';
import { silentLogger } from '../../server/logger.js';
import { Materializer, type RunReload } from '../../server/materializer.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

let store: Store;
beforeEach(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  const [game] = await store.all<{ id: string }>(`SELECT id FROM games ORDER BY id LIMIT 1`);
  await store.run(
    `INSERT INTO rating_votes (id, game_id, rating, created_at)
     SELECT 'read-vote-' || i, $1, 1 + (i % 10), TIMESTAMPTZ '2026-11-25 03:00:00+00' FROM range(30) t(i)`,
    [game.id],
  );
});
afterEach(async () => store.close());

const ratingVotes = async (): Promise<number> =>
  (await store.all<{ s: number }>('SELECT CAST(sum(rating_votes) AS DOUBLE) AS s FROM games'))[0].s;

describe('the read a run makes before its commit', () => {
  it('sees the run’s own writes, and its answer reaches the reload after the commit', async () => {
    const seen: unknown[] = [];
    const marker = { update: 'marker' } as unknown as ColumnsRead;
    const reload: RunReload = Object.assign(
      async (read?: ColumnsRead) => {
        seen.push(read);
      },
      {
        read: async (tx: Parameters<NonNullable<RunReload['read']>>[0]) => {
          const [row] = await tx.all<{ status: string }>(
            `SELECT status FROM materialization_runs ORDER BY started_at DESC LIMIT 1`,
          );
          seen.push(row.status);
          return marker;
        },
      },
    );
    const before = await ratingVotes();
    const report = await new Materializer(store, loadConfig({}).aggregates, reload, silentLogger).run('api');
    expect(await ratingVotes()).toBeGreaterThan(before);
    // inside the transaction the run already says 'succeeded': the commit makes it so for all
    expect(seen).toEqual(['succeeded', marker]);
    expect(report.timings_ms.dataset_read).toBeGreaterThanOrEqual(0);
  });

  it('fails the run whole when a query in the read fails, caught or not: nothing written, no reload', async () => {
    const before = await ratingVotes();
    let reloaded = false;
    const reload: RunReload = Object.assign(
      async () => {
        reloaded = true;
      },
      {
        read: async (tx: Parameters<NonNullable<RunReload['read']>>[0]) => {
          const failed = await tx.all("SELECT error('boom') FROM games").then(
            () => false,
            () => true,
          );
          expect(failed).toBe(true);
          return undefined;
        },
      },
    );
    await expect(new Materializer(store, loadConfig({}).aggregates, reload, silentLogger).run('api')).rejects.toThrow(
      /failed inside the transaction.*boom/,
    );
    expect(reloaded).toBe(false);
    expect(await ratingVotes()).toBe(before);
    const runs = await store.all<{ status: string }>('SELECT status FROM materialization_runs');
    expect(runs.map((r) => r.status)).toEqual(['failed']);
  });
});
