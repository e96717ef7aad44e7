// One materialization run (contract, States and transitions): recompute the Game aggregates
// in one transaction and record the run. The run row is written before the transaction
// starts, so a run that dies midway leaves a 'running' row that the next start marks
// 'abandoned' while the aggregates stay as the last committed run left them.

import { v7 as uuidv7 } from 'uuid';
import { deriveAggregates } from '../catalog/derive.js';
import type { Store } from '../store.js';

export type MaterializeTrigger = 'api' | 'cli' | 'schedule';
export type SnapshotCadence = 'monthly' | 'quarterly' | 'yearly';

export interface MaterializeOptions {
  trigger: MaterializeTrigger;
  /** The run's clock; tests pass a fixed time. */
  now?: Date;
  bayesPriorVotes?: number;
  /** null or absent: the global mean of step 2. */
  bayesPriorMean?: number | null;
  rankMinVotes?: number;
  trendingWindowDays?: number;
  snapshotCadence?: SnapshotCadence;
}

/** SPEC-NOTES D48 plus the steps' timings. */
export interface MaterializeReport {
  run_id: string;
  trigger: MaterializeTrigger;
  started_at: string;
  finished_at: string;
  games_updated: number;
  snapshots_written: number;
  global_mean_rating: number | null;
  timings_ms: Record<string, number>;
}

export async function materialize(store: Store, options: MaterializeOptions): Promise<MaterializeReport> {
  const started = options.now ?? new Date();
  const runId = uuidv7();
  await store.run(
    `INSERT INTO materialization_runs (id, trigger, status, started_at) VALUES ($1, $2, 'running', $3::TIMESTAMPTZ)`,
    [runId, options.trigger, started.toISOString()],
  );
  const timings: Record<string, number> = {};
  try {
    const result = await store.transaction(async (tx) => {
      const t0 = performance.now();
      await deriveAggregates(tx, {
        now: started.toISOString(),
        ...(options.bayesPriorVotes !== undefined ? { bayesPriorVotes: options.bayesPriorVotes } : {}),
        ...(options.rankMinVotes !== undefined ? { rankMinVotes: options.rankMinVotes } : {}),
      });
      timings.aggregates = performance.now() - t0;
      const [counts] = await tx.all<{ updated: bigint | number; mean: number | null }>(
        `SELECT count(*) FILTER (WHERE updated_at = $1::TIMESTAMPTZ) AS updated,
                avg(rating) FILTER (WHERE status = 'active' AND rating_votes > 0) AS mean FROM games`,
        [started.toISOString()],
      );
      const finished = new Date();
      const report: MaterializeReport = {
        run_id: runId,
        trigger: options.trigger,
        started_at: started.toISOString(),
        finished_at: finished.toISOString(),
        games_updated: Number(counts?.updated ?? 0),
        snapshots_written: 0,
        global_mean_rating: counts?.mean ?? null,
        timings_ms: timings,
      };
      await tx.run(
        `UPDATE materialization_runs SET status = 'succeeded', finished_at = $2::TIMESTAMPTZ, games_updated = $3,
           snapshots_written = $4, global_mean_rating = $5 WHERE id = $1`,
        [runId, report.finished_at, report.games_updated, report.snapshots_written, report.global_mean_rating],
      );
      return report;
    });
    return result;
  } catch (error) {
    await store
      .run(`UPDATE materialization_runs SET status = 'failed', finished_at = $2::TIMESTAMPTZ, error = $3 WHERE id = $1`, [
        runId,
        new Date().toISOString(),
        error instanceof Error ? error.message : String(error),
      ])
      .catch(() => undefined);
    throw error;
  }
}

/** Runs left 'running' by a process that died are marked abandoned; returns how many. */
export async function abandonStaleRuns(store: Store): Promise<number> {
  const rows = await store.all<{ id: string }>(
    `UPDATE materialization_runs SET status = 'abandoned' WHERE status = 'running' RETURNING id`,
  );
  return rows.length;
}
