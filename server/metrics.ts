// Prometheus metrics of one app. Each app owns its Registry (never prom-client's global
// one), so tests can build many apps side by side. Labels are bounded: routes are the
// registered templates (`/v1/games/:id`), never raw paths.

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatasetApi } from '../engine/index.js';
import type { MaterializeOutcome } from './materializer.js';
import type { DatasetState } from './state.js';
import { engineTimers, TimedDataset, type EngineTimers } from './timed-dataset.js';

interface RequestSeries {
  count: Counter.Internal;
  duration: Histogram.Internal<'method' | 'route' | 'status'>;
}

/** Route label of requests that matched no route (any path, one label). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsOptions {
  /** Node process metrics (CPU, memory, event loop lag, GC); on in the server. */
  processMetrics?: boolean;
}

export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly engineQueryDuration: Histogram<'operation'>;
  readonly materializeRuns: Counter<'status'>;
  readonly materializeDuration: Histogram<'status'>;
  readonly rateLimitRejections: Counter<'tier' | 'budget'>;
  readonly rateLimitStoreErrors: Counter;
  readonly materializeStepSeconds: Gauge<'step'>;
  readonly materializeLastSuccess: Gauge;
  readonly datasetLoadDuration: Histogram<'kind'>;
  readonly exportRows: Counter<'format'>;
  readonly exportBytes: Counter<'format'>;
  private readonly engineTimers: EngineTimers;
  /**
   * The request series, bound to their labels once per (method, route, status): observing
   * one then allocates nothing (no labels object, no label hash). Bounded: routes are
   * templates, methods and statuses few.
   */
  private readonly requestSeries = new Map<string, Map<string, Map<number, RequestSeries>>>();
  /** One timed wrapper per Dataset, so per-Dataset caches keyed by it stay warm across requests. */
  private readonly timed = new WeakMap<DatasetApi, TimedDataset>();

  constructor(state: DatasetState, options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'ludex_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'ludex_http_request_duration_seconds',
      help: 'Time from receiving a request to its response headers, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.engineQueryDuration = new Histogram({
      name: 'ludex_engine_query_duration_seconds',
      help: 'Time spent in in-memory engine queries, by operation.',
      labelNames: ['operation'],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.engineTimers = engineTimers(this.engineQueryDuration);
    new Gauge({
      name: 'ludex_dataset_games',
      help: 'Games in the Dataset being served.',
      registers,
      collect() {
        this.set(state.current.size);
      },
    });
    new Gauge({
      name: 'ludex_dataset_loaded_timestamp_seconds',
      help: 'When the Dataset being served was loaded (Unix seconds); it changes with every reload, so it is the Dataset version.',
      registers,
      collect() {
        this.set(state.loadedAt.getTime() / 1000);
      },
    });
    this.materializeRuns = new Counter({
      name: 'ludex_materialization_runs_total',
      help: 'Materialization runs finished, by status (succeeded, failed).',
      labelNames: ['status'],
      registers,
    });
    this.materializeDuration = new Histogram({
      name: 'ludex_materialization_duration_seconds',
      help: 'Duration of materialization runs including the Dataset reload, by status.',
      labelNames: ['status'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    this.rateLimitRejections = new Counter({
      name: 'ludex_rate_limit_rejections_total',
      help: 'Requests refused with 429, by tier (anonymous, key) and budget (requests, exports).',
      labelNames: ['tier', 'budget'],
      registers,
    });
    this.rateLimitStoreErrors = new Counter({
      name: 'ludex_rate_limit_store_errors_total',
      help: 'Rate-limit hits the shared counter store (Redis) could not count; they were counted in process memory instead.',
      registers,
    });
    this.materializeStepSeconds = new Gauge({
      name: 'ludex_materialization_step_duration_seconds',
      help: 'Duration of each step of the last successful materialization run (aggregates, global_mean, confidence, ranks, derived, trending, snapshots, dataset_reload…).',
      labelNames: ['step'],
      registers,
    });
    this.materializeLastSuccess = new Gauge({
      name: 'ludex_materialization_last_success_timestamp_seconds',
      help: 'When the last successful materialization run finished (Unix seconds); 0 before the first one of this process.',
      registers,
    });
    this.materializeLastSuccess.set(0);
    this.datasetLoadDuration = new Histogram({
      name: 'ludex_dataset_load_duration_seconds',
      help: 'Time to build a Dataset from the store, by kind: initial (at start) or reload (after a materialization run).',
      labelNames: ['kind'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60],
      registers,
    });
    this.exportRows = new Counter({
      name: 'ludex_export_rows_total',
      help: 'Games written by /v1/export/games, by format (jsonl, csv).',
      labelNames: ['format'],
      registers,
    });
    this.exportBytes = new Counter({
      name: 'ludex_export_bytes_total',
      help: 'Bytes of export bodies generated (before compression), by format.',
      labelNames: ['format'],
      registers,
    });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'ludex_' });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.requestSeries.get(method);
    if (byRoute === undefined) {
      byRoute = new Map();
      this.requestSeries.set(method, byRoute);
    }
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      const labels = { method, route, status: String(status) };
      series = { count: this.httpRequests.labels(labels), duration: this.httpDuration.labels(labels) };
      byStatus.set(status, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  observeMaterialization(outcome: MaterializeOutcome): void {
    this.materializeRuns.inc({ status: outcome.status });
    this.materializeDuration.observe({ status: outcome.status }, outcome.seconds);
    if (outcome.status !== 'succeeded') return;
    this.materializeLastSuccess.set(outcome.finishedAt.getTime() / 1000);
    // The last run's steps only: a step a later version drops must not linger.
    this.materializeStepSeconds.reset();
    for (const [step, seconds] of Object.entries(outcome.stepSeconds ?? {}))
      this.materializeStepSeconds.set({ step }, seconds);
  }

  observeDatasetLoad(kind: 'initial' | 'reload', seconds: number): void {
    this.datasetLoadDuration.observe({ kind }, seconds);
  }

  observeExport(format: string, rows: number, bytes: number): void {
    this.exportRows.inc({ format }, rows);
    this.exportBytes.inc({ format }, bytes);
  }

  /** The state as routes see it: the same swaps, its Dataset's query operations timed. */
  instrumentState(state: DatasetState): DatasetState {
    return state.viewedThrough((dataset) => this.timedDataset(dataset));
  }

  private timedDataset(dataset: DatasetApi): TimedDataset {
    let timed = this.timed.get(dataset);
    if (!timed) {
      timed = new TimedDataset(dataset, this.engineTimers);
      this.timed.set(dataset, timed);
    }
    return timed;
  }
}
