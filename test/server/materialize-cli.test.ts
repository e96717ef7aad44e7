// `npm run ludex -- materialize` (in-process runCli, as the CLI suite does): imports with
// the configured aggregate settings, then a run that folds raw votes in, writes snapshots
// at the configured cadence and records itself as a 'cli' run.

import { describe, expect, it, vi } from 'vitest';
import { Store } from '../../loader/store.js';
import { insertRatingVote } from '../../snapshots/votes.js';
import { runCli } from '../../server/cli.js';
import { loadConfig } from '../../server/config.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-materialize-cli-');

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; printed: string }> {
  const printed: string[] = [];
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
  const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await runCli(args, { LOG_LEVEL: 'silent', ...env }), printed: printed.join('\n') };
  } finally {
    error.mockRestore();
    write.mockRestore();
  }
}

describe('ludex materialize', () => {
  it('imports with the configured prior, then runs, folds a vote in and writes yearly snapshots', {
    timeout: 60_000,
  }, async () => {
    const env = {
      LUDEX_DATA_DIR: tempDir(),
      BAYES_PRIOR_VOTES: '10',
      BAYES_PRIOR_MEAN: '5',
      SNAPSHOT_CADENCE: 'yearly',
    };
    expect((await cli(env, 'import', 'catalog', DEMO_CATALOG_PATH)).code).toBe(0);
    const path = loadConfig(env).storePath;
    let store = await Store.open(path);
    const [azul] = await store.all<{ id: string; rating: number; rating_votes: number; bayes_rating: number }>(
      `SELECT id, rating, rating_votes, bayes_rating FROM games WHERE slug = 'azul'`,
    );
    // The import already used K = 10 and the prior mean 5.
    expect(azul.bayes_rating).toBeCloseTo((10 * 5 + azul.rating * azul.rating_votes) / (10 + azul.rating_votes), 12);
    await insertRatingVote(store, {
      id: '01890000-0000-7000-9000-000000000001',
      game_id: azul.id,
      rating: 1,
      declared_scale: null,
      play_count: null,
      experience_level: null,
      created_at: new Date().toISOString(),
    });
    await store.close();

    const run = await cli(env, 'materialize');
    expect(run.code, run.printed).toBe(0);
    expect(run.printed).toMatch(/games updated, [\d,]+ snapshots written/);

    store = await Store.open(path);
    try {
      const [after] = await store.all<{ rating: number; rating_votes: number; bayes_rating: number }>(
        `SELECT rating, rating_votes, bayes_rating FROM games WHERE slug = 'azul'`,
      );
      expect(after.rating_votes).toBe(azul.rating_votes + 1);
      expect(after.rating).toBeCloseTo((azul.rating * azul.rating_votes + 1) / (azul.rating_votes + 1), 12);
      expect(after.bayes_rating).toBeCloseTo(
        (10 * 5 + after.rating * after.rating_votes) / (10 + after.rating_votes),
        12,
      );
      const year = `${new Date().getUTCFullYear()}-01-01`;
      const [snapshots] = await store.all<{ n: number; games: number }>(
        `SELECT CAST(count(*) AS INTEGER) AS n, CAST((SELECT count(*) FROM games WHERE status = 'active') AS INTEGER) AS games
         FROM game_snapshots WHERE strftime(snapshot_date, '%Y-%m-%d') = $1`,
        [year],
      );
      expect(snapshots.n).toBe(snapshots.games);
      expect(await store.all(`SELECT trigger, status FROM materialization_runs`)).toEqual([
        { trigger: 'cli', status: 'succeeded' },
      ]);
    } finally {
      await store.close();
    }
  });
});
