// Atomic runs: the server (a child process) is killed with SIGKILL while a materialization
// run is in progress. The store must hold the previous run's aggregates and snapshots, the
// run row must still say 'running', and the next start must mark it 'abandoned'. The run
// is long for an honest reason: a generated catalog and millions of raw votes in the store.

import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../bench/generate.js';
import { insertRatingVotes, seedBaseline } from '../../bench/materialize.js';
import { materialize } from '../../snapshots/materialize.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { killChild, serveChild } from '../helpers/child-server.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-materialize-kill-');
const GAMES = 20_000;
const VOTES = 1_500_000;

/** One text digest of every aggregate column and every snapshot: equal digests, equal data. */
async function digest(store: Store): Promise<{ games: string; snapshots: string; runs: { status: string }[] }> {
  const [games] = await store.all<{ d: string }>(
    `SELECT md5(string_agg(concat_ws('|', id, rating, rating_votes, rating_stddev, CAST(rating_distribution AS VARCHAR),
              rating_confidence, bayes_rating, weight, weight_votes, rank_overall, CAST(rank_by_category AS VARCHAR),
              trending_score, CAST(updated_at AS VARCHAR)), ',' ORDER BY id)) AS d FROM games`,
  );
  const [snapshots] = await store.all<{ d: string }>(
    `SELECT md5(string_agg(concat_ws('|', game_id, snapshot_date, rating, rating_count, bayes_rating, rank_overall),
              ',' ORDER BY game_id, snapshot_date)) AS d FROM game_snapshots`,
  );
  const runs = await store.all<{ status: string }>('SELECT status FROM materialization_runs ORDER BY started_at');
  return { games: games.d, snapshots: snapshots.d, runs };
}

describe('a materialization run killed midway', () => {
  it('leaves the previous aggregates and snapshots, and is marked abandoned on the next start', {
    timeout: 300_000,
  }, async () => {
    const dir = tempDir();
    const config = loadConfig({
      LUDEX_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      LUDEX_DEMO: 'off',
      MATERIALIZE_CRON: 'off',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    // A store with a committed run, then many raw votes the next run would fold in.
    const setup = await Store.open(config.storePath);
    await migrate(setup);
    await generateCatalog(setup, { games: GAMES });
    await setup.transaction((tx) => seedBaseline(tx));
    await materialize(setup, { trigger: 'cli' });
    await setup.transaction((tx) => insertRatingVotes(tx, VOTES));
    const before = await digest(setup);
    expect(before.runs).toEqual([{ status: 'succeeded' }]);
    await setup.close();

    const server = await serveChild({ env: { LUDEX_DATA_DIR: dir, LUDEX_DEMO: 'off' } });
    let answered = false;
    const request = fetch(`${server.url}/v1/admin/materialize`, {
      method: 'POST',
      headers: { 'x-api-key': server.adminKey ?? '' },
    }).then(
      () => (answered = true),
      () => undefined,
    );
    // Wait until the run has started, give it a moment to be well inside its transaction, then kill.
    for (;;) {
      const next = await server.logs.next();
      if (next.done) throw new Error('server stopped before the run started');
      if ((JSON.parse(next.value) as { msg?: string }).msg === 'materialization started') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    await killChild(server.process);
    await request;
    expect(answered, 'the run finished before the kill; make it longer').toBe(false);

    const after = await Store.open(config.storePath);
    const killed = await digest(after);
    await after.close();
    expect(killed.games).toBe(before.games);
    expect(killed.snapshots).toBe(before.snapshots);
    expect(killed.runs).toEqual([{ status: 'succeeded' }, { status: 'running' }]);

    // The next start marks the run abandoned; a fresh run then has the votes to fold in.
    const restarted = await startServer(config, silentLogger);
    try {
      const runs = await restarted.store.all<{ status: string; finished_at: string | null }>(
        'SELECT status, finished_at FROM materialization_runs ORDER BY started_at',
      );
      expect(runs).toEqual([
        expect.objectContaining({ status: 'succeeded' }),
        { status: 'abandoned', finished_at: null },
      ]);
      expect((await digest(restarted.store)).games).toBe(before.games);
      const report = await materialize(restarted.store, { trigger: 'cli' });
      expect(report.games_updated).toBeGreaterThan(1000);
    } finally {
      await restarted.close();
    }
  });
});
