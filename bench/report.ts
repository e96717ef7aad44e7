// The bench's results as data (bench/results/latest.json) and as the markdown table people
// read (bench/results/latest.md, also printed).

import { cpus, loadavg, totalmem } from 'node:os';
import type { Query } from '../engine/query.js';
import type { MethodName } from './methods.js';
import type { Timing } from './measure.js';

export interface LoadFigures {
  /** store → DatasetInput (loader) */
  inputMs: number;
  /** DatasetInput → Dataset (engine build) */
  buildMs: number;
  /** Dataset.prepare(): every sort order built up front */
  prepareMs: number;
  /** Process RSS before loading (DuckDB's buffers and, in a generating run, the generator's leftovers). */
  rssBeforeMb: number;
  rssMb: number;
  heapUsedMb: number;
  /** Typed arrays and Arrow buffers: most of the Dataset's own memory. */
  arrayBuffersMb: number;
}

export interface QueryFigures {
  name: string;
  description: string;
  query: Query;
  matches: number;
  timings: Record<MethodName, Timing>;
}

export interface BenchReport {
  createdAt: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; platform: string };
  games: number;
  seed: number;
  generate: { ms: number; rows: Record<string, number> };
  load: LoadFigures;
  /** Building the DuckDB bitmask table (the SQL side's counterpart of the engine build). */
  sqlPrepareMs: number;
  /** `SELECT 1` through the Store: the floor under every DuckDB figure. */
  sqlFloor: Timing;
  /** 1-minute load average before and after the query runs: other work on the machine skews timings. */
  loadAverage: { before: number; after: number };
  queries: QueryFigures[];
  notes: readonly string[];
}

export function machine(): BenchReport['machine'] {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

const us = (v: number): string => (v >= 10_000 ? Math.round(v).toLocaleString('en-US') : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const cell = (t: Timing): string => `${us(t.medianUs)} / ${us(t.p99Us)}`;
const ratio = (a: Timing, b: Timing): number => a.medianUs / b.medianUs;
const times = (r: number): string => (r >= 100 ? `${r.toFixed(0)}×` : `${r.toFixed(1)}×`);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function markdown(report: BenchReport): string {
  const { machine: m, load, generate, loadAverage } = report;
  const lines = [
    `# Filter plans: engine vs DuckDB SQL vs plain scan`,
    '',
    `${report.games.toLocaleString('en-US')} synthetic games (seed ${report.seed}), ${report.createdAt}. ` +
      `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}.`,
    '',
    Number.isNaN(generate.ms)
      ? '- Generator: not run (a kept store from an earlier run was reused)'
      : `- Generator: ${(generate.ms / 1000).toFixed(1)} s (${Object.entries(generate.rows)
          .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
          .join(', ')})`,
    `- Load: store → DatasetInput ${load.inputMs.toFixed(0)} ms, → Dataset ${load.buildMs.toFixed(0)} ms, ` +
      `all sort orders ${load.prepareMs.toFixed(0)} ms; RSS ${load.rssBeforeMb.toFixed(0)} → ${load.rssMb.toFixed(0)} MB ` +
      `(whole process, DuckDB included), JS heap ${load.heapUsedMb.toFixed(0)} MB + array buffers ${load.arrayBuffersMb.toFixed(0)} MB`,
    `- DuckDB bitmask table build: ${report.sqlPrepareMs.toFixed(0)} ms; \`SELECT 1\` through the Store: ${cell(report.sqlFloor)} µs`,
    `- Load average (1 min) before / after the queries: ${loadAverage.before.toFixed(2)} / ${loadAverage.after.toFixed(2)}`,
    '',
    'Latency in µs, median / p99. Ratios compare medians. DuckDB = bitmask-table formulation; ' +
      'DuckDB joins = semi-joins over the store schema (see Notes).',
    '',
    '| query | matches | engine µs | DuckDB µs | scan µs | SQL/engine | scan/engine | DuckDB joins µs | joins/engine |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const q of report.queries) {
    const { engine, duckdb, scan, duckdb_joins: joins } = q.timings;
    lines.push(
      `| ${q.name} | ${q.matches.toLocaleString('en-US')} | ${cell(engine)} | ${cell(duckdb)} | ${cell(scan)} | ` +
        `${times(ratio(duckdb, engine))} | ${times(ratio(scan, engine))} | ${cell(joins)} | ${times(ratio(joins, engine))} |`,
    );
  }
  const medianRatio = (method: MethodName): string =>
    times(median(report.queries.map((q) => ratio(q.timings[method], q.timings.engine))));
  lines.push(
    `| **median of ratios** | | | | | **${medianRatio('duckdb')}** | **${medianRatio('scan')}** | | **${medianRatio('duckdb_joins')}** |`,
  );
  lines.push('', '## Queries', '');
  for (const q of report.queries) lines.push(`- **${q.name}**: ${q.description}`);
  lines.push('', '## Notes', '', ...report.notes.map((n) => `- ${n}`), '');
  return lines.join('\n');
}
