// The figures one bench stage reports, and the ratio the tables and budgets share. Kept apart
// from report.ts (the markdown) so the stages that produce figures never import the report.

import type { FacetDimension, Query } from '../engine/index.js';
import type { MethodName } from './methods.js';
import type { Timing } from './measure.js';
import type { BenchKind } from './queries.js';

export interface LoadFigures {
  /** store → DatasetInput (loader) */
  inputMs: number;
  /** DatasetInput → Dataset (engine build) */
  buildMs: number;
  /** Dataset.prepare(): every sort order built up front (the server does this before serving) */
  prepareMs: number;
  /** Process RSS before loading (DuckDB's buffers and, in a generating run, the generator's leftovers). */
  rssBeforeMb: number;
  rssMb: number;
  /** RSS once the load's garbage is collected (own-process load only). */
  rssAfterGcMb?: number;
  heapUsedMb: number;
  /** Typed arrays and Arrow buffers: most of the Dataset's own memory. */
  arrayBuffersMb: number;
  /** 1-minute load average when the load finished. */
  loadAverage: number;
  /** Own-process loads: the total of every run (the figures above are the median run's). */
  runsMs?: number[];
}

/** Store → serving Dataset from the column file next to the store (what `serve` starts from). */
export interface ColumnFileFigures {
  /** The store's data version read, the file read, checked (CRC) and decoded into a DatasetInput. */
  readMs: number;
  /** DatasetInput + prebuilt orders → Dataset. */
  buildMs: number;
  /** Dataset.prepare() over the prebuilt orders (player-count bitmaps, checkpoints). */
  prepareMs: number;
  bytes: number;
  rssBeforeMb: number;
  rssMb: number;
  rssAfterGcMb?: number;
  loadAverage: number;
  /** The total of every run (the figures above are the median run's). */
  runsMs?: number[];
}

export interface QueryFigures {
  name: string;
  description: string;
  kind: BenchKind;
  query: Query;
  text?: string;
  dimensions?: readonly FacetDimension[];
  /** Total of the agreed result (facets: number of non-zero counts; text: hits). */
  matches: number;
  /** Methods that ran the query and agreed. */
  agreeing: MethodName[];
  timings: Partial<Record<MethodName, Timing>>;
  /** Methods that cannot express the query, and why. */
  cannot: Partial<Record<MethodName, string>>;
}

export interface PostgresFigures {
  status: 'ran' | 'skipped';
  /** Where it connected, or why it was skipped. */
  note: string;
  loadMs?: number;
}

/** The filter plans on real data (bench/bgg-store.ts), or why they did not run. */
export type BggFigures =
  | { status: 'skipped'; note: string }
  | {
      status: 'ran';
      note: string;
      /** Active games of the store. */
      games: number;
      store: { path: string; reused: boolean; ms: number };
      /** In-process load of the store into the engine (read-only store). */
      load: LoadFigures;
      /**
       * A second start: the column file that load left next to the store, read into a serving
       * Dataset in processes of their own (undefined: the store has no data version).
       */
      columnFile: ColumnFileFigures | undefined;
      sqlPrepareMs: number;
      postgres: PostgresFigures;
      loadAverage: { before: number; after: number };
      queries: QueryFigures[];
      /** Synthetic shapes that real data cannot serve, and why. */
      leftOut: readonly { names: string; reason: string }[];
    };

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median of the per-query ratios method / engine, over the queries both ran. */
export function medianRatio(queries: readonly QueryFigures[], method: MethodName): number {
  const ratios: number[] = [];
  for (const q of queries) {
    const a = q.timings[method];
    const e = q.timings.engine;
    if (a && e) ratios.push(a.medianUs / e.medianUs);
  }
  return median(ratios);
}
