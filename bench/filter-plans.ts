// The filter-plan comparison: the same resolved queries through the engine, DuckDB SQL and
// the plain scan. First every query is checked for agreement (ids, order, total), then each
// method is timed on each query. The smoke test runs the same setup and check at tiny size.

import type { DatasetApi } from '../engine/api.js';
import type { DatasetInput } from '../engine/input.js';
import type { Queryable } from '../loader/store.js';
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
import type { QueryFigures } from './report.js';
import { resolveQueries, type ResolvedQuery } from './resolve.js';
import { buildScanTable, type ScanTable } from './scan-table.js';
import { loadStoreLookups } from './sql.js';
import { createBitmaskTables } from './sql-bitmask.js';

export interface FilterPlanSetup {
  methods: Method[];
  /** Time to build the SQL bitmask table (the DuckDB counterpart of the engine's build). */
  sqlPrepareMs: number;
  queries: ResolvedQuery[];
  /** The scan's columns (ids, sort values) for callers that build cursors. */
  table: ScanTable;
}

export class DisagreementError extends Error {}

/** Builds the methods over one catalog (scan columns, slug lookups and derived tables are not timed per query). */
export async function setupFilterPlans(
  db: Queryable,
  input: DatasetInput,
  dataset: DatasetApi,
  queries: readonly BenchQuery[] = BENCH_QUERIES,
): Promise<FilterPlanSetup> {
  const table = buildScanTable(input);
  const started = performance.now();
  const bitmask = await createBitmaskTables(db);
  const sqlPrepareMs = performance.now() - started;
  const methods = [
    engineMethod(dataset, table.ids),
    bitmaskSqlMethod(db, bitmask),
    scanMethod(table),
    joinSqlMethod(db, await loadStoreLookups(db)),
  ];
  return { methods, sqlPrepareMs, queries: resolveQueries(queries, table), table };
}

/** Runs one query through every method; throws naming the first difference. */
export async function agreedResult(methods: readonly Method[], query: ResolvedQuery): Promise<MethodResult> {
  const results: { method: MethodName; result: MethodResult }[] = [];
  for (const method of methods) results.push({ method: method.name, result: await method.run(query.query) });
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
    const timings = {} as QueryFigures['timings'];
    for (const method of setup.methods) timings[method.name] = await measure(() => method.run(q.query), options);
    figures.push({ name: q.name, description: q.description, query: q.query, matches: agreed.total, timings });
    const t = (name: MethodName): string => `${name} ${timings[name].medianUs.toFixed(0)} µs`;
    onProgress(`${q.name}: ${agreed.total} matches; ${setup.methods.map((m) => t(m.name)).join(', ')}`);
  }
  return figures;
}
