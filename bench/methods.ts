// The ways the bench answers a query, behind one shape: the page's ids in order and the exact
// total (facets: sorted `dim:key=count` lines and their number). A method that cannot express
// an entry says why in `cannot`; the report prints the reason instead of a figure. Sync
// methods stay sync so their timings carry no promise overhead.

import type { DatasetApi, Facets } from '../engine/index.js';
import type { PreparedQuery, Store } from '../loader/store.js';
import { facetRows, facetSql, flattenFacets, scanFacets } from './facets.js';
import type { ResolvedQuery } from './resolve.js';
import { scanQuery } from './scan.js';
import type { ScanTable } from './scan-table.js';
import { buildStoreSql, STORE_FROM, storeWhere, type StoreLookups } from './sql.js';
import { BITMASK_FROM, bitmaskWhere, buildBitmaskSql, type BitmaskLookups } from './sql-bitmask.js';
import type { SqlStatement } from './sql-build.js';
import { unsupportedReason } from './supported.js';

/** duckdb: the bitmask table formulation; duckdb_joins: semi-joins over the store schema. */
export const METHOD_NAMES = ['engine', 'duckdb', 'scan', 'duckdb_joins', 'postgres'] as const;
export type MethodName = (typeof METHOD_NAMES)[number];

export interface MethodResult {
  /** Ids of the page, in result order (facets: sorted `dim:key=count` lines). */
  readonly ids: string[];
  readonly total: number;
}

export interface Method {
  name: MethodName;
  /** Null when the method expresses the query; otherwise why it cannot. */
  cannot(query: ResolvedQuery): string | null;
  run(query: ResolvedQuery): MethodResult | Promise<MethodResult>;
  /** Frees what the method holds (prepared statements, connections). */
  close?(): Promise<void>;
}

export const TEXT_REASON = "the engine's trigram ranking of names (D56) has no equivalent here";

/** The bitmap engine; rows become ids through the input's id column (what a page needs anyway). */
export function engineMethod(dataset: DatasetApi, ids: readonly string[]): Method {
  return {
    name: 'engine',
    cannot: () => null,
    run(q) {
      if (q.kind === 'text') {
        const { rows, total } = topTextMatches(dataset, q.text ?? '', q.query.limit);
        return { ids: rows.map((row) => ids[row]), total };
      }
      if (q.kind === 'facets') return facetResult(dataset.facets(q.query.filter, q.dimensions ?? []));
      const page = dataset.query(q.query);
      return { ids: page.rows.map((row) => ids[row]), total: page.total };
    },
  };
}

/**
 * A text search as the API answers it (GET /v1/search): the engine's lazy ranking of every
 * match (textRanking), read for its total and its best `limit`: what a client waits for.
 */
export function topTextMatches(dataset: DatasetApi, text: string, limit: number): { rows: number[]; total: number } {
  return dataset.textRanking(text, undefined, (ranking) => ({
    rows: ranking.hits(0, limit).map((hit) => hit.row),
    total: ranking.total,
  }));
}

/**
 * A facets answer whose comparison form (sorted `dim:key=count` lines) is made when the
 * agreement check reads it, not inside the timed call: every method's timing is its facet
 * counts, not the bench's flattening (60-90 µs of the engine's facets-typical figure).
 */
export function facetResult(facets: Facets): MethodResult {
  let lines: string[] | undefined;
  return {
    get ids() {
      lines ??= flattenFacets(facets);
      return lines;
    },
    get total() {
      return this.ids.length;
    },
  };
}

/** Why a non-engine method cannot run the query, or null. */
function commonReason(q: ResolvedQuery): string | null {
  if (q.kind === 'text') return TEXT_REASON;
  return unsupportedReason(q.query);
}

/**
 * SQL through the Store's prepared statements: one per distinct statement text, planned once
 * and reused with fresh bound values (what a server caches per query shape).
 */
class PreparedCache {
  private readonly statements = new Map<string, Promise<PreparedQuery>>();
  constructor(private readonly store: Pick<Store, 'prepare'>) {}

  async all<T extends object>(statement: SqlStatement): Promise<T[]> {
    let prepared = this.statements.get(statement.sql);
    if (!prepared) {
      prepared = this.store.prepare(statement.sql);
      this.statements.set(statement.sql, prepared);
    }
    return (await prepared).all<T>(statement.params);
  }

  async close(): Promise<void> {
    for (const prepared of this.statements.values()) await (await prepared).close();
    this.statements.clear();
  }
}

async function pageResult(cache: PreparedCache, statement: SqlStatement): Promise<MethodResult> {
  const rows = await cache.all<{ total: number; ids: string[] | null }>(statement);
  const row = rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

async function facetsResult(cache: PreparedCache, statement: SqlStatement): Promise<MethodResult> {
  return facetResult(facetRows(await cache.all<{ dim: string; key: string; n: number }>(statement)));
}

export function bitmaskSqlMethod(store: Pick<Store, 'prepare'>, lookups: BitmaskLookups): Method {
  const cache = new PreparedCache(store);
  return {
    name: 'duckdb',
    cannot: commonReason,
    run: (q) =>
      q.kind === 'facets'
        ? facetsResult(
            cache,
            facetSql(q.query.filter, q.dimensions ?? [], BITMASK_FROM, (f, b) => bitmaskWhere(f, lookups, b)),
          )
        : pageResult(cache, buildBitmaskSql(q.query, lookups)),
    close: () => cache.close(),
  };
}

export function joinSqlMethod(store: Pick<Store, 'prepare'>, lookups: StoreLookups): Method {
  const cache = new PreparedCache(store);
  return {
    name: 'duckdb_joins',
    cannot: commonReason,
    run: (q) =>
      q.kind === 'facets'
        ? facetsResult(
            cache,
            facetSql(q.query.filter, q.dimensions ?? [], STORE_FROM, (f, b) => storeWhere(f, lookups, b)),
          )
        : pageResult(cache, buildStoreSql(q.query, lookups)),
    close: () => cache.close(),
  };
}

export function scanMethod(table: ScanTable): Method {
  return {
    name: 'scan',
    cannot: commonReason,
    run(q) {
      if (q.kind === 'facets') return facetResult(scanFacets(table, q.query.filter, q.dimensions ?? []));
      const { rows, total } = scanQuery(table, q.query);
      return { ids: rows.map((row) => table.ids[row]), total };
    },
  };
}
