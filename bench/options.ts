// Command-line and environment knobs of the bench, parsed once: flags win over env vars,
// env vars over the defaults; `--quick` changes the defaults to a run under a minute (small
// sizes, short durations), which CI uses as a smoke test. (Not `--dir`: roaring's native
// loader, node-pre-gyp, parses process.argv too and takes `--dir` as its own `--directory`.)

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GAMES, DEFAULT_SEED } from './generate.js';

export interface BenchOptions {
  quick: boolean;
  games: number;
  seed: number;
  /** Directory for kept store files (git-ignored bench/.cache by default): later runs reuse them. */
  dir: string;
  /** Timed iterations per method and query are bounded by these (warm-up excluded). */
  minIterations: number;
  maxIterations: number;
  /** Per method and query, stop iterating (after minIterations) once this much time is spent. */
  budgetMs: number;
  /** Catalog sizes of the scaling run. */
  scaling: number[];
  /** autocannon duration per route (s) and connections; 0 s skips the HTTP bench. */
  httpSeconds: number;
  httpConnections: number;
  /** Materialization run: games and raw rating votes; 0 votes skips it. */
  materializeGames: number;
  materializeVotes: number;
  /** New raw votes before the reload stage's run (bench/reload.ts); 0 skips the stage. */
  reloadVotes: number;
  /** Skip the PostgreSQL method even when a server is reachable. */
  noPostgres: boolean;
  /**
   * Run the filter plans on real data too (the BGG store, built once into bench/.cache/bgg-store,
   * ~65 s on a fresh clone): on by default in a full run (`--no-bgg` skips it), off in a quick
   * run (`--bgg` adds it).
   */
  bgg: boolean;
  /** Run one stage alone: `search` (bench/search-stage.ts, the BGG store's search comparison). */
  only?: 'search';
}

const USAGE =
  'usage: tsx bench/run.ts [--quick] [--games N] [--seed S] [--store-dir DIR] [--iterations MIN..MAX] [--budget-ms MS]\n' +
  '       [--scaling N,N,...] [--http-seconds S] [--http-connections C] [--materialize-games N] [--materialize-votes M] [--reload-votes V] [--no-postgres]\n' +
  '       [--bgg | --no-bgg] (real-data stage: on in a full run, off in a quick run) [--only search]\n' +
  '       (env: BENCH_GAMES, BENCH_SEED, BENCH_DIR)';

export const DEFAULT_CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '.cache');

const SWITCHES = new Set(['quick', 'no-postgres', 'bgg', 'no-bgg']);
const KNOWN = new Set([
  'games',
  'seed',
  'store-dir',
  'iterations',
  'budget-ms',
  'scaling',
  'http-seconds',
  'http-connections',
  'materialize-games',
  'materialize-votes',
  'reload-votes',
  'only',
]);

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const flags = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new UsageError(`bad argument ${arg}\n${USAGE}`);
    const key = arg.slice(2);
    if (SWITCHES.has(key)) {
      switches.add(key);
      continue;
    }
    if (!KNOWN.has(key)) throw new UsageError(`unknown option --${key}\n${USAGE}`);
    const next = argv[i + 1];
    if (next === undefined) throw new UsageError(`--${key} needs a value\n${USAGE}`);
    flags.set(key, next);
    i++;
  }
  const quick = switches.has('quick');
  const only = flags.get('only');
  if (only !== undefined && only !== 'search') throw new UsageError(`--only takes search, got ${only}\n${USAGE}`);
  if (switches.has('bgg') && switches.has('no-bgg'))
    throw new UsageError(`--bgg and --no-bgg exclude each other\n${USAGE}`);
  const games = positiveInt(flags.get('games') ?? env.BENCH_GAMES, quick ? 5_000 : DEFAULT_GAMES, 'games');
  const iterations = (flags.get('iterations') ?? (quick ? '10..200' : '20..2000')).split('..');
  const scaling = (flags.get('scaling') ?? (quick ? '1000,2000,5000' : '10000,50000,150000,500000'))
    .split(',')
    .map((n) => positiveInt(n, 0, 'scaling'));
  return {
    quick,
    games,
    seed: positiveInt(flags.get('seed') ?? env.BENCH_SEED, DEFAULT_SEED, 'seed'),
    dir: flags.get('store-dir') ?? env.BENCH_DIR ?? DEFAULT_CACHE_DIR,
    minIterations: positiveInt(iterations[0], 20, 'iterations'),
    maxIterations: positiveInt(iterations[1] ?? iterations[0], 2000, 'iterations'),
    budgetMs: positiveInt(flags.get('budget-ms'), quick ? 100 : 1000, 'budget-ms'),
    scaling,
    httpSeconds: wholeNumber(flags.get('http-seconds'), quick ? 1 : 10, 'http-seconds'),
    httpConnections: positiveInt(flags.get('http-connections'), 10, 'http-connections'),
    materializeGames: positiveInt(flags.get('materialize-games'), quick ? 2_000 : 150_000, 'materialize-games'),
    materializeVotes: wholeNumber(flags.get('materialize-votes'), quick ? 100_000 : 10_000_000, 'materialize-votes'),
    reloadVotes: wholeNumber(flags.get('reload-votes'), quick ? 10_000 : 500_000, 'reload-votes'),
    noPostgres: switches.has('no-postgres'),
    bgg: quick ? switches.has('bgg') : !switches.has('no-bgg'),
    ...(only === undefined ? {} : { only }),
  };
}

export class UsageError extends Error {}

function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0)
    throw new UsageError(`--${name} must be a positive integer, got ${text}\n${USAGE}`);
  return n;
}

function wholeNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number, got ${text}\n${USAGE}`);
  return n;
}
