// The three ways the bench answers a query, behind one shape: the page's ids in order and
// the exact total. Sync methods stay sync so their timings carry no promise overhead.

import type { DatasetApi } from '../engine/api.js';
import type { Query } from '../engine/query.js';
import type { Queryable } from '../loader/store.js';
import { scanQuery } from './scan.js';
import type { ScanTable } from './scan-table.js';
import { buildSql, runSql, type SqlLookups } from './sql.js';

export const METHOD_NAMES = ['engine', 'duckdb', 'scan'] as const;
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

/** DuckDB SQL through the Store; the statement is built per call, as a server would. */
export function sqlMethod(db: Queryable, lookups: SqlLookups): Method {
  return { name: 'duckdb', run: (query) => runSql(db, buildSql(query, lookups)) };
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
