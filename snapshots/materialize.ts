// One materialization run (contract, States and transitions): the aggregate pipeline
// (steps 1–5, trending) and this period's snapshots (step 6) in ONE transaction, recorded
// in materialization_runs. The run row is written 'running' before the transaction starts
// and set 'succeeded' inside it, so the commit and the success are one event; a run that
// dies midway leaves a 'running' row that the next start marks 'abandoned', while the
// aggregates stay as the last committed run (or import) left them.

import { v7 as uuidv7 } from 'uuid';
import type { Queryable, Store } from '../loader/store.js';
import { periodStart, previousPeriodStart } from './periods.js';
import { DEFAULT_SNAPSHOT_CADENCE, refreshAggregates, type AggregateSettings } from './pipeline.js';
import { writeSnapshots } from './capture.js';

export type { SnapshotCadence } from './periods.js';
export type MaterializeTrigger = 'api' | 'cli' | 'schedule';

export interface MaterializeOptions extends AggregateSettings {
  trigger: MaterializeTrigger;
  /** The run's clock (updated_at, trending window, snapshot period); tests pass a fixed time. */
  now?: Date;
  /**
   * Called in the run's transaction once everything is written, just before it commits: what
   * it reads is what the commit makes visible (the server reads the new columns here, so they
   * serve right after the commit). It must not throw: a failed statement aborts the transaction.
   */
  beforeCommit?: (tx: Queryable) => Promise<void>;
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
  const { trigger, now, beforeCommit, ...settings } = options;
  const started = now ?? new Date();
  const runId = uuidv7();
  await store.run(
    `INSERT INTO materialization_runs (id, trigger, status, started_at) VALUES ($1, $2, 'running', $3::TIMESTAMPTZ)`,
    [runId, trigger, started.toISOString()],
  );
  try {
    return await store.transaction(async (tx) => {
      const t0 = performance.now();
      const result = await refreshAggregates(tx, started, settings);
      const cadence = settings.snapshotCadence ?? DEFAULT_SNAPSHOT_CADENCE;
      const period = periodStart(started, cadence);
      const t1 = performance.now();
      const snapshots = await writeSnapshots(tx, period, previousPeriodStart(period, cadence));
      const timings: Record<string, number> = { ...result.timings, step6_snapshots: performance.now() - t1 };
      timings.total = performance.now() - t0;
      const report: MaterializeReport = {
        run_id: runId,
        trigger,
        started_at: started.toISOString(),
        // With a fixed clock the run still lasts its real duration.
        finished_at: new Date(started.getTime() + Math.round(timings.total)).toISOString(),
        games_updated: result.gamesUpdated,
        snapshots_written: snapshots,
        global_mean_rating: result.globalMeanRating,
        timings_ms: timings,
      };
      await tx.run(
        `UPDATE materialization_runs SET status = 'succeeded', finished_at = $2::TIMESTAMPTZ, games_updated = $3,
           snapshots_written = $4, global_mean_rating = $5 WHERE id = $1`,
        [runId, report.finished_at, report.games_updated, report.snapshots_written, report.global_mean_rating],
      );
      await beforeCommit?.(tx);
      return report;
    });
  } catch (error) {
    await store
      .run(
        `UPDATE materialization_runs SET status = 'failed', finished_at = $2::TIMESTAMPTZ, error = $3 WHERE id = $1`,
        [runId, new Date().toISOString(), error instanceof Error ? error.message : String(error)],
      )
      .catch(() => undefined);
    throw error;
  }
}

/** Runs left 'running' by a process that died are marked abandoned; returns how many. */
export async function abandonStaleRuns(store: Store): Promise<number> {
  const rows = await store.all<{ id: string }>(
    `UPDATE materialization_runs SET status = 'abandoned', finished_at = NULL WHERE status = 'running' RETURNING id`,
  );
  return rows.length;
}
