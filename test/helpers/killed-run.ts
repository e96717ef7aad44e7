// A materialization run killed with SIGKILL: a store with a committed run and many raw votes
// the next run would fold in, a server child process asked to materialize, killed once the
// run is inside its transaction. Shared by test/server/materialize-kill.test.ts (in npm test)
// and the chaos suite's smaller scenario; each asserts on what it returns.

import { generateCatalog } from '../../bench/generate.js';
import { insertRatingVotes, seedBaseline } from '../../bench/materialize.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { type Config, loadConfig } from '../../server/config.js';
import { materialize } from '../../snapshots/materialize.js';
import { killChild, serveChild } from './child-server.js';

export interface StoreDigest {
  games: string;
  snapshots: string;
  runs: { status: string }[];
}

/** One text digest of every aggregate column and every snapshot: equal digests, equal data. */
export async function storeDigest(store: Store): Promise<StoreDigest> {
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

export interface KilledRun {
  /** The configuration of a server on the killed store (for the restart). */
  config: Config;
  /** The store before the killed run, and after the kill. */
  before: StoreDigest;
  killed: StoreDigest;
  /** Whether the materialize request was answered before the kill (then the run was too short). */
  answered: boolean;
}

export async function killDuringMaterialization(dir: string, games: number, votes: number): Promise<KilledRun> {
  const config = loadConfig({
    LUDEX_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    LUDEX_DEMO: 'off',
    MATERIALIZE_CRON: 'off',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const setup = await Store.open(config.storePath);
  await migrate(setup);
  await generateCatalog(setup, { games });
  await setup.transaction((tx) => seedBaseline(tx));
  await materialize(setup, { trigger: 'cli' });
  await setup.transaction((tx) => insertRatingVotes(tx, votes));
  const before = await storeDigest(setup);
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
  // Wait until the run has started, give it a moment to be well inside its transaction, then kill.
  for (;;) {
    const next = await server.logs.next();
    if (next.done) throw new Error('server stopped before the run started');
    if ((JSON.parse(next.value) as { msg?: string }).msg === 'materialization started') break;
  }
  await new Promise((resolve) => setTimeout(resolve, 400));
  await killChild(server.process);
  await request;

  const after = await Store.open(config.storePath);
  const killed = await storeDigest(after);
  await after.close();
  return { config, before, killed, answered };
}
