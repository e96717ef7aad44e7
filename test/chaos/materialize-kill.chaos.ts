// kill -9 during a materialization: a store with a committed run and many raw votes; the
// server process is killed with SIGKILL inside the next run's transaction. The old
// aggregates and snapshots must be intact (digest-identical), and the next start must mark
// the run abandoned. (test/server/materialize-kill.test.ts is the larger version in npm test.)

import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../bench/generate.js';
import { insertRatingVotes, seedBaseline } from '../../bench/materialize.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { materialize } from '../../snapshots/materialize.js';
import { killChild, serveChild } from '../helpers/child-server.js';
import { tempDirs } from '../helpers/temp.js';
import { report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-materialize-');
const GAMES = 10_000;
const VOTES = 800_000;

async function digest(store: Store): Promise<string> {
  const [games] = await store.all<{ d: string }>(
    `SELECT md5(string_agg(concat_ws('|', id, rating, rating_votes, bayes_rating, weight, weight_votes, rank_overall,
              trending_score, CAST(updated_at AS VARCHAR)), ',' ORDER BY id)) AS d FROM games`,
  );
  const [snapshots] = await store.all<{ d: string }>(
    `SELECT md5(string_agg(concat_ws('|', game_id, snapshot_date, rating, rating_count, bayes_rating, rank_overall),
              ',' ORDER BY game_id, snapshot_date)) AS d FROM game_snapshots`,
  );
  return `${games.d}/${snapshots.d}`;
}

describe('chaos: kill -9 during a materialization', () => {
  it('leaves the old aggregates intact and the run marked abandoned on the next start', async () => {
    const dir = tempDir();
    const config = loadConfig({
      LUDEX_DATA_DIR: dir,
      LUDEX_DEMO: 'off',
      MATERIALIZE_CRON: 'off',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const setup = await Store.open(config.storePath);
    await migrate(setup);
    await generateCatalog(setup, { games: GAMES });
    await setup.transaction((tx) => seedBaseline(tx));
    await materialize(setup, { trigger: 'cli' });
    await setup.transaction((tx) => insertRatingVotes(tx, VOTES));
    const before = await digest(setup);
    await setup.close();

    const server = await serveChild({ env: { LUDEX_DATA_DIR: dir, LUDEX_DEMO: 'off' } });
    let answered = false;
    const request = fetch(`${server.url}/v1/admin/materialize`, {
      method: 'POST',
      headers: { 'x-api-key': server.adminKey ?? '' },
    }).then(
      () => {
        answered = true;
      },
      () => undefined,
    );
    for (;;) {
      const next = await server.logs.next();
      if (next.done) throw new Error('server stopped before the run started');
      if ((JSON.parse(next.value) as { msg?: string }).msg === 'materialization started') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killChild(server.process);
    await request;
    expect(answered, 'the run finished before the kill; make it longer').toBe(false);

    const after = await Store.open(config.storePath);
    const killed = await digest(after);
    const runs = await after.all<{ status: string }>('SELECT status FROM materialization_runs ORDER BY started_at');
    await after.close();
    const restarted = await startServer(config, silentLogger);
    let statuses: string[];
    try {
      statuses = (
        await restarted.store.all<{ status: string }>('SELECT status FROM materialization_runs ORDER BY started_at')
      ).map((r) => r.status);
    } finally {
      await restarted.close();
    }
    report('kill -9 during a materialization', {
      games: GAMES,
      raw_votes: VOTES,
      aggregates_identical: killed === before,
      runs_after_kill: runs.map((r) => r.status),
      runs_after_restart: statuses,
    });
    expect(killed).toBe(before);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'running']);
    expect(statuses).toEqual(['succeeded', 'abandoned']);
  });
});
