// The filter-plan comparison: the same resolved queries through the engine, DuckDB SQL and
// the plain scan. First every query is checked for agreement (ids, order, total), then each
// method is timed on each query. The smoke test runs the same setup and check at tiny size.

import type { DatasetApi, DatasetInput } from '../engine/index.js';
import type { Store } from '../loader/store.js';
import { firstDifference } from './compare.js';
import { measure, type MeasureOptions } from './measure.js';
import {
  bitmaskSqlMethod,
  engineMethod,
  joinSqlMethod,
  scanMethod,
  type Method,
  type MethodName,
  type MethodResult,
} from './methods.js';
import { BENCH_QUERIES, type BenchQuery } from './queries.js';
import type { QueryFigures } from './figures.js';
import { resolveQueries, type ResolvedQuery } from './resolve.js';
import { buildScanTable, type ScanTable } from './scan-table.js';
import { loadStoreLookups } from './sql.js';
import { createBitmaskTables, type BitmaskLookups } from './sql-bitmask.js';
import { createSortNameTable } from './sql-sort-names.js';

export interface FilterPlanSetup {
  methods: Method[];
  /** The DuckDB bitmask table's slug lookups (the PostgreSQL copy reuses them). */
  bitmask: BitmaskLookups;
  /** Time to load the name keys and build the SQL bitmask table (the DuckDB counterpart of the engine's build). */
  sqlPrepareMs: number;
  queries: ResolvedQuery[];
  /** The scan's columns (ids, sort values) for callers that build cursors. */
  table: ScanTable;
}

export class DisagreementError extends Error {}

/** Builds the methods over one catalog (scan columns, slug lookups and derived tables are not timed per query). */
export async function setupFilterPlans(
  db: Store,
  input: DatasetInput,
  dataset: DatasetApi,
  queries: readonly BenchQuery[] = BENCH_QUERIES,
): Promise<FilterPlanSetup> {
  const table = buildScanTable(input);
  const started = performance.now();
  // the engine's name keys (computed once for the scan) as data: both SQL formulations sort by them
  await createSortNameTable(db, table.ids, table.sortNames);
  const bitmask = await createBitmaskTables(db);
  const sqlPrepareMs = performance.now() - started;
  const methods = [
    engineMethod(dataset, table.ids),
    bitmaskSqlMethod(db, bitmask),
    scanMethod(table),
    joinSqlMethod(db, await loadStoreLookups(db)),
  ];
  return { methods, bitmask, sqlPrepareMs, queries: resolveQueries(queries, table), table };
}

export async function closeFilterPlans(setup: FilterPlanSetup): Promise<void> {
  for (const method of setup.methods) await method.close?.();
}

/** Runs one query through every method that can express it; throws naming the first difference. */
export async function agreedResult(methods: readonly Method[], query: ResolvedQuery): Promise<MethodResult> {
  const results: { method: MethodName; result: MethodResult }[] = [];
  for (const method of methods) {
    if (method.cannot(query) === null) results.push({ method: method.name, result: await method.run(query) });
  }
  if (results.length === 0) throw new DisagreementError(`query ${query.name}: no method can run it`);
  const difference = firstDifference(results);
  if (difference !== null) throw new DisagreementError(`query ${query.name}: ${difference}`);
  return results[0].result;
}

export async function measureFilterPlans(
  setup: FilterPlanSetup,
  options: MeasureOptions,
  onProgress: (line: string) => void = () => undefined,
): Promise<QueryFigures[]> {
  const figures: QueryFigures[] = [];
  for (const q of setup.queries) {
    const agreed = await agreedResult(setup.methods, q);
    const timings: QueryFigures['timings'] = {};
    const cannot: QueryFigures['cannot'] = {};
    const agreeing: MethodName[] = [];
    for (const method of setup.methods) {
      const reason = method.cannot(q);
      if (reason !== null) {
        cannot[method.name] = reason;
        continue;
      }
      agreeing.push(method.name);
      timings[method.name] = await measure(() => method.run(q), options);
    }
    figures.push({
      name: q.name,
      description: q.description,
      kind: q.kind,
      query: q.query,
      text: q.text,
      dimensions: q.dimensions,
      matches: agreed.total,
      agreeing,
      timings,
      cannot,
    });
    const t = (name: MethodName): string => `${name} ${timings[name]?.medianUs.toFixed(0) ?? '—'} µs`;
    onProgress(`${q.name}: ${agreed.total} results; ${agreeing.map(t).join(', ')}`);
  }
  return figures;
}
