// Times a full materialization run at scale (issue budget: 150,000 games and 10,000,000 raw
// rating votes). The synthetic catalog of bench/generate.ts carries aggregates but no
// baseline rows, so its aggregates are copied into baseline_stats first (as an import of
// foreign statistics would leave them); the votes are generated inside DuckDB with one
// INSERT … SELECT over range(), skewed towards a few popular games like real votes.
//
//   npx tsx bench/materialize.ts [--games N] [--votes M] [--store-dir DIR]
//   (npm run bench:materialize -- --games 150000 --votes 10000000)

import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { materialize, type MaterializeReport } from '../snapshots/materialize.js';
import type { Queryable, Store } from '../loader/store.js';
import { DEFAULT_GAMES, DEFAULT_SEED, generateCatalog, holdsCatalog } from './generate.js';
import { openBenchStore } from './store.js';

export const DEFAULT_VOTES = 10_000_000;

/** Copies the generated games' aggregates into baseline_stats (games without stats get none). */
export async function seedBaseline(db: Queryable): Promise<number> {
  await db.run('DELETE FROM baseline_stats');
  await db.run(
    `INSERT INTO baseline_stats (game_id, rating, rating_votes, rating_stddev, rating_distribution, weight, weight_votes,
       owner_count, wishlist_count, total_plays, community_min_playtime, community_max_playtime,
       community_suggested_age, language_dependence)
     SELECT id, rating, rating_votes, rating_stddev, NULL, weight, weight_votes, owner_count, wishlist_count, total_plays,
            community_min_playtime, community_max_playtime, community_suggested_age, language_dependence
     FROM games WHERE rating_votes IS NOT NULL OR weight_votes IS NOT NULL`,
  );
  const [row] = await db.all<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM baseline_stats');
  return row.n;
}

/**
 * Appends `count` rating votes numbered from `first` (ids stay unique across calls), on
 * games picked with a cubic skew (the first games in id order get most votes), ratings
 * 1–10 leaning high, created over the 400 days before `until`. Deterministic per number.
 */
export async function insertRatingVotes(
  db: Queryable,
  count: number,
  first = 0,
  until = '2026-11-01T00:00:00Z',
): Promise<void> {
  await db.run(
    `INSERT INTO rating_votes (id, game_id, rating, declared_scale, play_count, experience_level, created_at)
     WITH g AS (SELECT id, CAST(row_number() OVER (ORDER BY id) - 1 AS BIGINT) AS i FROM games WHERE status = 'active'),
          n AS (SELECT count(*) AS total FROM g),
          v AS (
            SELECT r, CAST(floor(n.total * pow((hash(r) % 1000003) / 1000003.0, 3)) AS BIGINT) AS i,
                   CAST(least(10, 1 + floor(10 * sqrt((hash(r + 7919) % 1000003) / 1000003.0))) AS INTEGER) AS rating,
                   CAST(hash(r + 104729) % (400 * 86400) AS BIGINT) AS age_s
            FROM range($1::BIGINT, $1::BIGINT + $2::BIGINT) t(r), n
          )
     SELECT printf('bench-vote-%012d', v.r), g.id, v.rating, NULL, NULL, NULL, $3::TIMESTAMPTZ - to_seconds(v.age_s)
     FROM v JOIN g ON g.i = v.i`,
    [first, count, until],
  );
}

async function countRows(store: Store, table: string): Promise<number> {
  const [row] = await store.all<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row.n);
}

interface Options {
  games: number;
  votes: number;
  dir: string | undefined;
}

function parseArgs(argv: readonly string[]): Options {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key?.startsWith('--') || value === undefined)
      throw new Error(`bad argument ${key}; usage: --games N --votes M [--store-dir DIR]`);
    flags.set(key.slice(2), value);
  }
  for (const key of flags.keys())
    if (!['games', 'votes', 'store-dir'].includes(key)) throw new Error(`unknown option --${key}`);
  const int = (name: string, fallback: number): number => {
    const raw = flags.get(name);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  return { games: int('games', DEFAULT_GAMES), votes: int('votes', DEFAULT_VOTES), dir: flags.get('store-dir') };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function printRun(label: string, report: MaterializeReport): void {
  const steps = Object.entries(report.timings_ms)
    .map(([step, ms]) => `    ${step.padEnd(34)} ${seconds(ms).padStart(9)}`)
    .join('\n');
  console.log(
    `${label}: ${seconds(report.timings_ms.total)} — ${report.games_updated.toLocaleString('en')} games updated, ` +
      `${report.snapshots_written.toLocaleString('en')} snapshots, G = ${report.global_mean_rating}\n${steps}`,
  );
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  let bench = await openBenchStore(options.dir, options.games);
  if ((await countRows(bench.store, 'rating_votes')) > 0) {
    // Deleting millions of indexed votes takes longer than generating the catalog again.
    console.error(`${bench.path} holds raw votes from an earlier run: starting from a fresh file`);
    await bench.store.close();
    rmSync(bench.path, { force: true });
    rmSync(`${bench.path}.wal`, { force: true });
    bench = await openBenchStore(options.dir, options.games);
  }
  const { store } = bench;
  try {
    let t0 = performance.now();
    if (!(await holdsCatalog(store, options.games, DEFAULT_SEED))) {
      await generateCatalog(store, { games: options.games, onProgress: (line) => console.error(`  ${line}`) });
      console.log(
        `catalog: ${options.games.toLocaleString('en')} games generated in ${seconds(performance.now() - t0)}`,
      );
    }
    t0 = performance.now();
    const baseline = await store.transaction((tx) => seedBaseline(tx));
    for (const table of ['weight_votes', 'game_snapshots', 'materialization_runs'])
      await store.run(`DELETE FROM ${table}`);
    console.log(
      `baseline: ${baseline.toLocaleString('en')} games with statistics, copied in ${seconds(performance.now() - t0)}`,
    );
    const now = new Date('2026-11-22T03:00:00Z');
    const hour = 3_600_000;
    // What an import would have left: aggregates = the baseline (every generated row changes once).
    printRun('run 0, baseline only (every game converges)', await materialize(store, { trigger: 'cli', now }));
    t0 = performance.now();
    await store.transaction((tx) => insertRatingVotes(tx, options.votes));
    await store.run('CHECKPOINT');
    console.log(
      `votes: ${(await countRows(store, 'rating_votes')).toLocaleString('en')} raw rating votes inserted in ${seconds(performance.now() - t0)}`,
    );
    printRun(
      'run 1, folds every raw vote in',
      await materialize(store, { trigger: 'cli', now: new Date(now.getTime() + hour) }),
    );
    printRun(
      'run 2, no new votes (idempotent)',
      await materialize(store, { trigger: 'cli', now: new Date(now.getTime() + 2 * hour) }),
    );
  } finally {
    await bench.dispose();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
