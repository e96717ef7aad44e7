// Runs materialization for the server: one run at a time (a second request while one runs
// is a 409 problem), then loads a fresh Dataset and swaps it in, so readers see either the
// old aggregates or the new ones, never a mixture. Also owns the cron schedule.

import { schedule, type ScheduledTask } from 'node-cron';
import { materialize, type MaterializeReport, type MaterializeTrigger } from '../snapshots/materialize.js';
import type { Queryable, Store } from '../loader/store.js';
import type { AggregateSettings } from './config.js';
import type { ColumnsRead } from './dataset-reload.js';
import { interruptUntilSettled } from './interruptible.js';
import type { Logger } from './logger.js';
import { ApiProblem } from './problem.js';

/**
 * What serves a committed run (DatasetReload). `read`, when given, runs in the run's
 * transaction just before it commits and must not throw; what it returns goes to the reload
 * after the commit.
 */
export interface RunReload {
  (read?: ColumnsRead): Promise<void>;
  read?: (tx: Queryable) => Promise<ColumnsRead | undefined>;
}

/** How a run ended, for whoever watches (metrics). */
export interface MaterializeOutcome {
  status: 'succeeded' | 'failed';
  trigger: MaterializeTrigger;
  /** Wall time of the run including the Dataset reload. */
  seconds: number;
  /** When it ended. */
  finishedAt: Date;
  /** A successful run's steps and the reload, in seconds (the report's timings_ms). */
  stepSeconds?: Record<string, number>;
}

export class Materializer {
  private running: Promise<MaterializeReport> | undefined;
  private task: ScheduledTask | undefined;
  /** Set by shutdown(): no new run starts, a running one is interrupted and not reloaded. */
  private stopping = false;
  private readonly watchers = new Set<(outcome: MaterializeOutcome) => void>();

  constructor(
    private readonly store: Store,
    private readonly settings: AggregateSettings,
    /** Serves a committed run: rebuilds the served Dataset and swaps it in (dataset-reload.ts). */
    private readonly reload: RunReload,
    private readonly logger: Logger,
    /**
     * Waits for what the last reload left running in the background (dataset-reload.ts), so
     * a run never commits while that load reads the store.
     */
    private readonly reloadSettled: () => Promise<void> = async () => undefined,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Starts a run; throws a 409 problem when one is already running. */
  run(trigger: MaterializeTrigger): Promise<MaterializeReport> {
    if (this.stopping) throw shuttingDownProblem();
    if (this.running) {
      throw new ApiProblem('conflict', 'A materialization run is in progress; wait for it to finish and try again.');
    }
    const started = performance.now();
    const run = this.execute(trigger);
    this.running = run;
    const settle = (status: MaterializeOutcome['status'], report?: MaterializeReport) => {
      this.running = undefined;
      const outcome: MaterializeOutcome = {
        status,
        trigger,
        seconds: (performance.now() - started) / 1000,
        finishedAt: new Date(),
      };
      if (report)
        outcome.stepSeconds = Object.fromEntries(
          Object.entries(report.timings_ms).map(([step, ms]) => [step, ms / 1000]),
        );
      for (const watcher of this.watchers) watcher(outcome);
    };
    run.then(
      (report) => settle('succeeded', report),
      () => settle('failed'),
    );
    return run;
  }

  /** Calls `watcher` after every run; returns the unsubscribe function. */
  onRunFinished(watcher: (outcome: MaterializeOutcome) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Waits for a running run, if any. */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /**
   * Shutdown: refuses new runs; a running one is interrupted, so its transaction rolls back
   * whole (the run row says 'failed'), and the Dataset is not reloaded for a process that
   * is about to exit. Resolves once nothing runs.
   */
  async shutdown(): Promise<void> {
    this.stopping = true;
    await this.stopSchedule();
    const running = this.running;
    // Only the run's transaction: the run row is then marked 'failed' on the store's own connection.
    if (running) await interruptUntilSettled({ interrupt: () => this.store.interruptTransactions() }, running);
  }

  /** Schedules runs with a cron expression evaluated in UTC. */
  startSchedule(cron: string): void {
    this.task = schedule(
      cron,
      async () => {
        if (this.running) {
          this.logger.warn('scheduled materialization skipped: a run is in progress');
          return;
        }
        await this.run('schedule').catch((error: unknown) =>
          this.logger.error({ err: error }, 'scheduled materialization failed'),
        );
      },
      { timezone: 'UTC', name: 'materialize', noOverlap: true },
    );
    this.logger.info({ cron, next: this.task.getNextRun()?.toISOString() }, 'materialization scheduled');
  }

  async stopSchedule(): Promise<void> {
    await this.task?.destroy();
    this.task = undefined;
  }

  private async execute(trigger: MaterializeTrigger): Promise<MaterializeReport> {
    await this.reloadSettled();
    // a shutdown that came meanwhile starts no run
    if (this.stopping) throw shuttingDownProblem();
    this.logger.info({ trigger }, 'materialization started');
    let report: MaterializeReport;
    const { reload } = this;
    const readInRun = reload.read;
    let read: ColumnsRead | undefined;
    let readMs: number | undefined;
    const beforeCommit =
      readInRun === undefined
        ? undefined
        : async (tx: Queryable): Promise<void> => {
            const t0 = performance.now();
            read = await readInRun(tx);
            readMs = performance.now() - t0;
          };
    try {
      report = await materialize(this.store, { trigger, ...this.settings, beforeCommit });
    } catch (error) {
      if (!this.stopping) throw error;
      this.logger.warn({ trigger }, 'materialization interrupted by the shutdown and rolled back');
      throw shuttingDownProblem();
    }
    // Committed, but the process is stopping: the next start loads the new aggregates.
    if (this.stopping) return report;
    // Read in the transaction: part of the run's total, before the commit.
    if (readMs !== undefined) report.timings_ms.dataset_read = readMs;
    const t0 = performance.now();
    await reload(read);
    report.timings_ms.dataset_reload = performance.now() - t0;
    this.logger.info(
      { run_id: report.run_id, games_updated: report.games_updated, snapshots_written: report.snapshots_written },
      'materialization finished',
    );
    return report;
  }
}

function shuttingDownProblem(): ApiProblem {
  return new ApiProblem(
    'service-unavailable',
    'The server is shutting down; a materialization run in progress was rolled back. Run it again once the server is back.',
    [],
    { 'retry-after': '5' },
  );
}
