// The aggregate pipeline shared by catalog import and materialization: the contract's
// steps 1–5 (and the D40 trending score) over baseline ⊕ raw votes and play logs, set-wise in DuckDB,
// each step staged in a temporary table of the caller's transaction, then one write of
// the rows that differ. Snapshots (step 6) are materialization's alone (capture.ts).

import {
  BAYES_PRIOR_VOTES,
  EXPERIENCE_MIN_REPORTS,
  RANK_MIN_VOTES,
  RECOMMENDED_PLAYER_COUNT_THRESHOLD,
  TOP_PLAYER_COUNT_THRESHOLD,
} from './stats.js';
import { bumpDataVersion, type Queryable } from '../loader/store.js';
import { periodStart, previousPeriodStart, type SnapshotCadence } from './periods.js';
import { foldCommunity } from './steps/step1-community.js';
import { mergeAggregates } from './steps/step1-merge.js';
import { globalMeanRating } from './steps/step2-global-mean.js';
import { computeConfidence } from './steps/step3-confidence.js';
import { computeRanks } from './steps/step4-ranks.js';
import { computeDerived } from './steps/step5-derived.js';
import { computeTrending } from './steps/trending.js';
import { writeCommunity } from './steps/write-community.js';
import { gamesChangedCount, PIPELINE_TABLES, writeGames } from './steps/write-games.js';

/** The knobs of the pipeline (server config: `config.aggregates`). Absent = the default. */
export interface AggregateSettings {
  /** K of D20 (BAYES_PRIOR_VOTES, default 100). */
  bayesPriorVotes?: number;
  /** Prior mean of D20 (BAYES_PRIOR_MEAN); null or absent: the global mean of step 2. */
  bayesPriorMean?: number | null;
  /** D21 (RANK_MIN_VOTES, default 1). */
  rankMinVotes?: number;
  /** D40 (TRENDING_WINDOW_DAYS, default 30). */
  trendingWindowDays?: number;
  /** D47 (SNAPSHOT_CADENCE, default monthly): also fixes the "previous period" of D40. */
  snapshotCadence?: SnapshotCadence;
  /** D25 (default 30). */
  experienceMinReports?: number;
  /** Told as each step begins, and once more when all are done, so a command can show progress. */
  onStep?: (progress: PipelineProgress) => void;
}

export interface PipelineProgress {
  /** The step about to run (`done` when all have). */
  step: string;
  /** Steps finished so far, of `total`. */
  done: number;
  total: number;
}

/** The steps of refreshAggregates, in order (their names are the keys of `timings`). */
export const PIPELINE_STEPS = [
  'step1_aggregates',
  'step2_global_mean',
  'step3_confidence',
  'step4_bayes_ranks',
  'step5_player_counts_multipliers',
  'trending',
  'write_games',
] as const;
type PipelineStep = (typeof PIPELINE_STEPS)[number];

export const DEFAULT_TRENDING_WINDOW_DAYS = 30;
export const DEFAULT_SNAPSHOT_CADENCE: SnapshotCadence = 'monthly';

export interface PipelineResult {
  /** Games whose aggregates changed (their updated_at is now the run time). */
  gamesUpdated: number;
  /** G of step 2; null when no active game has votes. */
  globalMeanRating: number | null;
  /** Milliseconds per step. */
  timings: Record<string, number>;
}

/** Recomputes every game's aggregates inside the caller's transaction. */
export async function refreshAggregates(
  db: Queryable,
  now: Date,
  settings: AggregateSettings = {},
): Promise<PipelineResult> {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: PipelineStep, work: () => Promise<T>): Promise<T> => {
    settings.onStep?.({ step: name, done: PIPELINE_STEPS.indexOf(name), total: PIPELINE_STEPS.length });
    const t0 = performance.now();
    const out = await work();
    timings[name] = performance.now() - t0;
    return out;
  };
  const cadence = settings.snapshotCadence ?? DEFAULT_SNAPSHOT_CADENCE;
  try {
    await timed('step1_aggregates', async () => {
      await foldCommunity(db);
      await mergeAggregates(db);
    });
    const g = await timed('step2_global_mean', () => globalMeanRating(db));
    await timed('step3_confidence', () => computeConfidence(db, g));
    await timed('step4_bayes_ranks', () =>
      computeRanks(
        db,
        settings.bayesPriorMean ?? g,
        settings.bayesPriorVotes ?? BAYES_PRIOR_VOTES,
        settings.rankMinVotes ?? RANK_MIN_VOTES,
      ),
    );
    await timed('step5_player_counts_multipliers', () =>
      computeDerived(db, {
        top: TOP_PLAYER_COUNT_THRESHOLD,
        recommended: RECOMMENDED_PLAYER_COUNT_THRESHOLD,
        experienceMinReports: settings.experienceMinReports ?? EXPERIENCE_MIN_REPORTS,
      }),
    );
    const previous = previousPeriodStart(periodStart(now, cadence), cadence);
    await timed('trending', () =>
      computeTrending(db, now.toISOString(), settings.trendingWindowDays ?? DEFAULT_TRENDING_WINDOW_DAYS, previous),
    );
    const gamesUpdated = await timed('write_games', async () => {
      await writeCommunity(db);
      return writeGames(db, now.toISOString());
    });
    // Every import and materialization ends here: a column file built before is stale now if
    // a game changed (a refresh that changed nothing leaves it current).
    if ((await gamesChangedCount(db)) > 0) await bumpDataVersion(db);
    settings.onStep?.({ step: 'done', done: PIPELINE_STEPS.length, total: PIPELINE_STEPS.length });
    return { gamesUpdated, globalMeanRating: g, timings };
  } finally {
    // The staging tables die with the connection anyway; drop them to free memory early.
    for (const table of PIPELINE_TABLES) await db.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

/**
 * The refresh a catalog or foreign import ends with (loader/catalog/import.ts
 * `AggregateRefresh`): the same pipeline as a materialization run, without snapshots
 * (step 6 belongs to runs). Only rows whose values change are written, and only rows whose
 * aggregates change get a new updated_at (D46), so a repeated import leaves every row as it
 * was.
 */
export function aggregateRefresh(
  settings: AggregateSettings = {},
): (db: Queryable, now: Date) => Promise<PipelineResult> {
  return (db, now) => refreshAggregates(db, now, settings);
}
