// The bench's results as data (bench/results/latest.json) and as the markdown tables people
// read (bench/results/latest.md, also printed).

import type { BudgetCheck } from './budgets.js';
import type { BatchFigures } from './batch.js';
import type { HttpFigures } from './http.js';
import type { MethodName } from './methods.js';
import { reloadSummary } from './reload.js';
import type { Timing } from './measure.js';
import type { ScalingPoint } from './scaling.js';
import {
  type BggFigures,
  type ColumnFileFigures,
  type LoadFigures,
  medianRatio,
  type PostgresFigures,
  type QueryFigures,
} from './figures.js';
import type { MachineFigures } from './machine.js';
import { SERVER_GLIBC_TUNABLES } from './server-env.js';

export interface BenchReport {
  createdAt: string;
  mode: 'full' | 'quick';
  machine: MachineFigures;
  games: number;
  seed: number;
  generate: { ms: number; rows: Record<string, number> };
  load: LoadFigures;
  /** The same Dataset started from the column file (undefined: the store had none). */
  columnFile?: ColumnFileFigures;
  /** Building the DuckDB bitmask table (the SQL side's counterpart of the engine build). */
  sqlPrepareMs: number;
  /** `SELECT 1` through a prepared statement of the Store: the floor under every DuckDB figure. */
  sqlFloor: Timing;
  /** 1-minute load average before and after the query runs: other work on the machine skews timings. */
  loadAverage: { before: number; after: number };
  queries: QueryFigures[];
  postgres: PostgresFigures;
  bgg: BggFigures;
  http: HttpFigures | { skipped: string };
  batch: BatchFigures;
  scaling: ScalingPoint[];
  budgets: BudgetCheck[];
  totalMs: number;
  notes: readonly string[];
}

const us = (v: number): string =>
  v >= 10_000 ? Math.round(v).toLocaleString('en-US') : v >= 100 ? v.toFixed(0) : v.toFixed(1);
const cell = (t: Timing): string => `${us(t.medianUs)} / ${us(t.p99Us)}`;
const times = (r: number): string => (r >= 100 ? `${r.toFixed(0)}×` : `${r.toFixed(1)}×`);
const int = (n: number): string => Math.round(n).toLocaleString('en-US');

const COLUMNS: { method: MethodName; label: string }[] = [
  { method: 'duckdb', label: 'DuckDB' },
  { method: 'duckdb_joins', label: 'DuckDB joins' },
  { method: 'scan', label: 'scan' },
  { method: 'postgres', label: 'PostgreSQL' },
];

function filterTable(queries: readonly QueryFigures[], postgres: PostgresFigures): string[] {
  const reasons: string[] = [];
  const footnote = (reason: string): string => {
    let i = reasons.indexOf(reason);
    if (i < 0) i = reasons.push(reason) - 1;
    return `n/a[${i + 1}]`;
  };
  const pgRan = postgres.status === 'ran';
  const columns = COLUMNS.filter((c) => c.method !== 'postgres' || pgRan);
  const lines = [
    `| query | results | engine µs | ${columns.map((c) => `${c.label} µs | ×engine`).join(' | ')} |`,
    `|---|---:|---:|${columns.map(() => '---:|---:').join('|')}|`,
  ];
  for (const q of queries) {
    const engine = q.timings.engine;
    const cells = columns.map(({ method }) => {
      const t = q.timings[method];
      const reason = q.cannot[method];
      if (t && engine) return `${cell(t)} | ${times(t.medianUs / engine.medianUs)}`;
      return `${reason ? footnote(reason) : '—'} | `;
    });
    lines.push(`| ${q.name} | ${int(q.matches)} | ${engine ? cell(engine) : '—'} | ${cells.join(' | ')} |`);
  }
  lines.push(
    `| **median of ratios** | | | ${columns.map((c) => ` | **${times(medianRatio(queries, c.method))}**`).join(' | ')} |`,
  );
  if (reasons.length > 0) lines.push('', ...reasons.map((r, i) => `[${i + 1}] not expressible by that method: ${r}.`));
  return lines;
}

export function markdown(report: BenchReport): string {
  const { machine: m, load, generate, loadAverage } = report;
  const lines = [
    `# Ludex benchmarks${report.mode === 'quick' ? ' (quick run: small sizes, short durations — not the budget figures)' : ''}`,
    '',
    `${report.games.toLocaleString('en-US')} synthetic games (seed ${report.seed}), ${report.createdAt}, whole run ${(report.totalMs / 1000).toFixed(0)} s. ` +
      `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}, GLIBC_TUNABLES ${m.glibcTunables} (npm start's default: ${SERVER_GLIBC_TUNABLES}). ` +
      'Load average (1 min) is given next to each figure: the machine may be shared.',
    '',
    '## Budgets',
    '',
    '| budget | target | measured | load avg | result |',
    '|---|---|---|---:|---|',
    ...report.budgets.map(
      (b) =>
        `| ${b.name} | ${b.target} | ${b.measured} | ${b.loadAverage.toFixed(2)} | ${b.pass === null ? 'not measured' : b.pass ? 'pass' : '**miss**'} |`,
    ),
    '',
    '## Build and load',
    '',
    Number.isNaN(generate.ms)
      ? '- Generator: not run (a kept store from an earlier run was reused)'
      : `- Generator: ${(generate.ms / 1000).toFixed(1)} s (${Object.entries(generate.rows)
          .map(([t, n]) => `${t} ${int(n)}`)
          .join(', ')})`,
    `- Load: store → DatasetInput ${load.inputMs.toFixed(0)} ms, → Dataset ${load.buildMs.toFixed(0)} ms, ` +
      `all sort orders ${load.prepareMs.toFixed(0)} ms (total ${(load.inputMs + load.buildMs + load.prepareMs).toFixed(0)} ms` +
      `${load.runsMs && load.runsMs.length > 1 ? `, the median of ${load.runsMs.length} runs in processes of their own: ${load.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms` : ''}); ` +
      `RSS ${load.rssBeforeMb.toFixed(0)} → ${load.rssMb.toFixed(0)} MB` +
      `${load.rssAfterGcMb === undefined ? '' : `, ${load.rssAfterGcMb.toFixed(0)} MB once the load's garbage is collected`} ` +
      `(whole process, DuckDB included), JS heap ${load.heapUsedMb.toFixed(0)} MB + array buffers ${load.arrayBuffersMb.toFixed(0)} MB; load avg ${load.loadAverage.toFixed(2)}`,
    columnFileLine(report.columnFile),
    `- DuckDB bitmask table build: ${report.sqlPrepareMs.toFixed(0)} ms; prepared \`SELECT 1\` through the Store: ${cell(report.sqlFloor)} µs`,
    ...batchLines(report.batch),
    '',
    '## Filter plans',
    '',
    `Latency in µs, median / p99; ×engine = method median / engine median. Load average (1 min) before / after: ` +
      `${loadAverage.before.toFixed(2)} / ${loadAverage.after.toFixed(2)}. Every method that can express a query returned ` +
      'the same ids in the same order and the same total (the run fails otherwise). ' +
      `PostgreSQL: ${report.postgres.note}${report.postgres.loadMs === undefined ? '' : ` (loaded in ${(report.postgres.loadMs / 1000).toFixed(1)} s)`}.`,
    '',
    ...filterTable(report.queries, report.postgres),
    '',
    ...bggLines(report.bgg, report.queries),
    '',
    '## HTTP',
    '',
    ...httpLines(report.http),
    '',
    '## Scaling (engine, typical query)',
    '',
    '| games | median µs | p99 µs | load → Dataset ms | load avg |',
    '|---:|---:|---:|---:|---:|',
    ...report.scaling.map(
      (p) =>
        `| ${int(p.games)} | ${us(p.timing.medianUs)} | ${us(p.timing.p99Us)} | ${p.loadMs.toFixed(0)} | ${p.loadAverage.toFixed(2)} |`,
    ),
    '',
    '## Queries',
    '',
    ...report.queries.map((q) => `- **${q.name}**: ${q.description}`),
    '',
    '## Notes',
    '',
    ...report.notes.map((n) => `- ${n}`),
    '',
  ];
  return lines.join('\n');
}

/** The start from the column file, beside the store load above it. */
function columnFileLine(f: ColumnFileFigures | undefined): string {
  if (!f) return '- Start from the column file: not measured (the store has no data version; regenerate it)';
  const total = f.readMs + f.buildMs + f.prepareMs;
  return (
    `- Start from the column file (${(f.bytes / 2 ** 20).toFixed(0)} MB): read, checked and decoded ${f.readMs.toFixed(0)} ms, ` +
    `→ Dataset ${f.buildMs.toFixed(0)} ms, prepare ${f.prepareMs.toFixed(0)} ms (total ${total.toFixed(0)} ms` +
    `${f.runsMs && f.runsMs.length > 1 ? `, the median of ${f.runsMs.length} runs in processes of their own: ${f.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms` : ''}); ` +
    `RSS ${f.rssBeforeMb.toFixed(0)} → ${f.rssMb.toFixed(0)} MB` +
    `${f.rssAfterGcMb === undefined ? '' : `, ${f.rssAfterGcMb.toFixed(0)} MB once garbage is collected`} (whole process, DuckDB included); load avg ${f.loadAverage.toFixed(2)}`
  );
}

const loadLine = (load: LoadFigures): string =>
  `store → DatasetInput ${load.inputMs.toFixed(0)} ms, → Dataset ${load.buildMs.toFixed(0)} ms, ` +
  `all sort orders ${load.prepareMs.toFixed(0)} ms (total ${(load.inputMs + load.buildMs + load.prepareMs).toFixed(0)} ms)`;

function bggLines(bgg: BggFigures, synthetic: readonly QueryFigures[]): string[] {
  if (bgg.status === 'skipped') return ['## Real data (BGG)', '', `Not measured: ${bgg.note}.`];
  const { store, load, loadAverage } = bgg;
  return [
    `## Real data (BGG, ${int(bgg.games)} games)`,
    '',
    `The same methods and agreement check on the BGG store (bench/bgg-store.ts: the 2021 dataset, the XML API2 samples ` +
      `and the 2025 dump through the importers), with a query set of the same shapes whose terms are chosen from the ` +
      `store by popularity (bench/queries-bgg.ts). ${bgg.note}.`,
    '',
    `- Store: ${store.reused ? 'reused' : 'built'} in ${(store.ms / 1000).toFixed(1)} s (${store.path})`,
    `- Load (in the bench process, store opened read-only): ${loadLine(load)}; RSS ${load.rssBeforeMb.toFixed(0)} → ${load.rssMb.toFixed(0)} MB; load avg ${load.loadAverage.toFixed(2)}`,
    columnFileLine(bgg.columnFile),
    `- DuckDB bitmask table build: ${bgg.sqlPrepareMs.toFixed(0)} ms. PostgreSQL: ${bgg.postgres.note}` +
      `${bgg.postgres.loadMs === undefined ? '' : ` (loaded in ${(bgg.postgres.loadMs / 1000).toFixed(1)} s)`}`,
    `- Median of the per-query DuckDB / engine ratios: **${times(medianRatio(bgg.queries, 'duckdb'))}** on real data, ` +
      `${times(medianRatio(synthetic, 'duckdb'))} on the synthetic catalog above (the budget is checked on the synthetic figure only)`,
    '',
    `Latency in µs, median / p99; ×engine = method median / engine median. Load average (1 min) before / after: ` +
      `${loadAverage.before.toFixed(2)} / ${loadAverage.after.toFixed(2)}.`,
    '',
    ...filterTable(bgg.queries, bgg.postgres),
    '',
    ...bgg.queries.map((q) => `- **${q.name}** (${int(q.matches)}): ${q.description}`),
    ...bgg.leftOut.map((l) => `- not in the real-data set: ${l.names} — ${l.reason}`),
  ];
}

function batchLines(batch: BatchFigures): string[] {
  const rate = (n: number, ms: number, unit: string): string => `${int((n / ms) * 1000)} ${unit}/s`;
  const out: string[] = [];
  const { exportRun, importRun, materialize } = batch;
  out.push(
    'skipped' in exportRun
      ? `- Export streaming: not measured (${exportRun.skipped})`
      : `- Export streaming (catalog JSONL): ${int(exportRun.records)} records, ${(exportRun.bytes / 2 ** 20).toFixed(1)} MB in ${exportRun.ms.toFixed(0)} ms ` +
          `(${rate(exportRun.records, exportRun.ms, 'records')}, ${((exportRun.bytes / 2 ** 20 / exportRun.ms) * 1000).toFixed(1)} MB/s; load avg ${exportRun.loadAverage.toFixed(2)})`,
  );
  out.push(
    'skipped' in importRun
      ? `- Import: not measured (${importRun.skipped})`
      : `- Import (that JSONL into a fresh store): ${int(importRun.records)} records in ${importRun.ms.toFixed(0)} ms ` +
          `(${rate(importRun.records, importRun.ms, 'records')}; load avg ${importRun.loadAverage.toFixed(2)})`,
  );
  out.push(
    'skipped' in materialize
      ? `- Materialization: not measured (${materialize.skipped})`
      : `- Materialization: ${materialize.summary} (load avg ${materialize.loadAverage.toFixed(2)})`,
  );
  const { reload } = batch;
  if (reload !== undefined)
    out.push(
      'skipped' in reload
        ? `- Reload while serving: not measured (${reload.skipped})`
        : `- Reload while serving (bench/reload.ts): ${reloadSummary(reload)} (load avg ${reload.loadAverage.toFixed(2)})`,
    );
  return out;
}

function httpLines(http: BenchReport['http']): string[] {
  if ('skipped' in http) return [`Not measured: ${http.skipped}.`];
  const lines = [
    `autocannon from a second process against a child process serving the bench store on 127.0.0.1; ` +
      `${http.connections} connections, ${http.durationS} s per route, the routes taking turns ${http.turnS} s at a time (a route's figures sum its turns; p99 is its highest turn's). ` +
      'Ceilings: a fixed small JSON body, and a pre-built 25-game page of the /v1/games shape (serialized once, sent as is); both on the same app; ' +
      '`ceiling-engine-page`, the typical filter’s engine call (parsed once at startup) followed by that pre-built page: the list route without its parsing, paging and body; ' +
      'and `ceiling-bare-node`, a bare node:http server in the same process sending the fixed JSON answer’s bytes (body and headers) with no framework. ' +
      '`CPU µs` is the server process’s CPU time per request answered (steadier than req/s when the machine is loaded). ' +
      '`games-page-100-br` is `games-page-100` with `Accept-Encoding: br` (bytes: the Content-Length sent). ' +
      '`games-typical-revalidate` is `games-typical` sent with `If-None-Match` naming its answer’s tag, as a client or a shared cache holding the page revalidates it: every answer is a 304 (counted as non-2xx), decided before the route runs.',
    '',
    '| route | req/s | CPU µs | p50 ms | p99 ms | non-2xx | bytes | of fixed-JSON ceiling | of pre-built-page ceiling | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const fixed = http.routes.find((r) => r.name === 'ceiling-fixed-json')?.requestsPerSecond ?? Number.NaN;
  const page = http.routes.find((r) => r.name === 'ceiling-prebuilt-page')?.requestsPerSecond ?? Number.NaN;
  const pct = (v: number, of: number): string => `${((v / of) * 100).toFixed(0)} %`;
  for (const r of http.routes) {
    lines.push(
      `| ${r.name} \`${r.method} ${r.path.length > 60 ? `${r.path.slice(0, 57)}...` : r.path}\` | ${int(r.requestsPerSecond)} | ${r.cpuUsPerRequest === undefined ? '—' : r.cpuUsPerRequest.toFixed(0)} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${int(r.responseBytes ?? 0)} | ` +
        `${pct(r.requestsPerSecond, fixed)} | ${pct(r.requestsPerSecond, page)} | ${r.loadAverage.toFixed(2)} |`,
    );
  }
  return lines;
}
