// Command-line and environment knobs of the bench, parsed once: flags win over env vars,
// env vars over the defaults. (Not `--dir`: roaring's native loader, node-pre-gyp, parses
// process.argv too and takes `--dir` as its own `--directory`.)

import { DEFAULT_GAMES, DEFAULT_SEED } from './generate.js';

export interface BenchOptions {
  games: number;
  seed: number;
  /** Directory for the store file; a fresh temp dir (removed afterwards) when absent. */
  dir: string | undefined;
  /** Timed iterations per method and query are bounded by these (warm-up excluded). */
  minIterations: number;
  maxIterations: number;
  /** Per method and query, stop iterating (after minIterations) once this much time is spent. */
  budgetMs: number;
}

const USAGE =
  'usage: tsx bench/run.ts [--games N] [--seed S] [--store-dir DIR] [--iterations MIN..MAX] [--budget-ms MS]\n' +
  '       (env: BENCH_GAMES, BENCH_SEED, BENCH_DIR)';

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[i + 1];
    if (!arg.startsWith('--') || next === undefined) throw new UsageError(`bad argument ${arg}\n${USAGE}`);
    flags.set(arg.slice(2), next);
    i++;
  }
  const known = new Set(['games', 'seed', 'store-dir', 'iterations', 'budget-ms']);
  for (const key of flags.keys()) if (!known.has(key)) throw new UsageError(`unknown option --${key}\n${USAGE}`);
  const iterations = (flags.get('iterations') ?? '20..2000').split('..');
  return {
    games: positiveInt(flags.get('games') ?? env.BENCH_GAMES, DEFAULT_GAMES, 'games'),
    seed: positiveInt(flags.get('seed') ?? env.BENCH_SEED, DEFAULT_SEED, 'seed'),
    dir: flags.get('store-dir') ?? env.BENCH_DIR,
    minIterations: positiveInt(iterations[0], 20, 'iterations'),
    maxIterations: positiveInt(iterations[1] ?? iterations[0], 2000, 'iterations'),
    budgetMs: positiveInt(flags.get('budget-ms'), 1000, 'budget-ms'),
  };
}

export class UsageError extends Error {}

function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive integer, got ${text}\n${USAGE}`);
  return n;
}
