// The three ways the bench answers a query, behind one shape: the page's ids in order and
// the exact total. Sync methods stay sync so their timings carry no promise overhead.

import type { DatasetApi } from '../engine/api.js';
import type { Query } from '../engine/query.js';
import type { Queryable } from '../loader/store.js';
import { scanQuery } from './scan.js';
import type { ScanTable } from './scan-table.js';
import { buildStoreSql, type StoreLookups } from './sql.js';
import { buildBitmaskSql, type BitmaskLookups } from './sql-bitmask.js';
import { runPage } from './sql-build.js';

/** duckdb: the bitmask table formulation; duckdb_joins: semi-joins over the store schema. */
export const METHOD_NAMES = ['engine', 'duckdb', 'scan', 'duckdb_joins'] as const;
export type MethodName = (typeof METHOD_NAMES)[number];

export interface MethodResult {
  /** Ids of the page, in result order. */
  ids: string[];
  total: number;
}

export interface Method {
  name: MethodName;
  run(query: Query): MethodResult | Promise<MethodResult>;
}

/** The bitmap engine; rows become ids through the input's id column (what a page needs anyway). */
export function engineMethod(dataset: DatasetApi, ids: readonly string[]): Method {
  return {
    name: 'engine',
    run(query) {
      const page = dataset.query(query);
      return { ids: page.rows.map((row) => ids[row]), total: page.total };
    },
  };
}

/** DuckDB SQL through the Store; statements are built per call, as a server would. */
export function bitmaskSqlMethod(db: Queryable, lookups: BitmaskLookups): Method {
  return { name: 'duckdb', run: (query) => runPage(db, buildBitmaskSql(query, lookups)) };
}

export function joinSqlMethod(db: Queryable, lookups: StoreLookups): Method {
  return { name: 'duckdb_joins', run: (query) => runPage(db, buildStoreSql(query, lookups)) };
}

export function scanMethod(table: ScanTable): Method {
  return {
    name: 'scan',
    run(query) {
      const { rows, total } = scanQuery(table, query);
      return { ids: rows.map((row) => table.ids[row]), total };
    },
  };
}
