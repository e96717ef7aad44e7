// A cheap guard on the SQL methods' `name` key. They sort by the engine's sortName(), loaded
// as data and re-encoded so byte order equals the engine's code-unit order (sql-sort-names.ts),
// so name-sorted pages agree by construction. This reads the key back from the DuckDB
// bitmask table (which PostgreSQL copies) and compares it with the scan's engine keys: should
// a key be missing or altered on the way, the SQL methods decline name-sorted pages with the
// count and examples, instead of failing the run over a broken fixture or being compared under
// another order. It also counts the keys the re-encoding changed, for the report.

import type { Queryable } from '../loader/store.js';
import type { Method } from './methods.js';
import type { ScanTable } from './scan-table.js';
import { BITMASK_FROM } from './sql-bitmask.js';
import { byteOrderKey, needsReencoding } from './sql-sort-names.js';

/** Methods whose `name` key is the DuckDB bitmask table's sort_name (or bench_sort_names, its source). */
const SQL_NAME_METHODS: ReadonlySet<Method['name']> = new Set(['duckdb', 'duckdb_joins', 'postgres']);

export interface NameSortMismatch {
  /** Active games whose SQL sort key is missing or differs from byteOrderKey(engine sort_name). */
  count: number;
  /** A few of them: expected key vs SQL key. */
  examples: string[];
  /** Games whose key has a code unit ≥ U+D800, re-encoded for byte order (informational). */
  reencoded: number;
}

/** Compares the bitmask table's sort_name (built by setupFilterPlans) with the scan's engine keys. */
export async function nameSortMismatch(db: Queryable, table: ScanTable): Promise<NameSortMismatch> {
  const rowOf = new Map(table.ids.map((id, row) => [id, row]));
  const rows = await db.all<{ id: string; sort_name: string | null }>(`SELECT g.id, g.sort_name FROM ${BITMASK_FROM}`);
  let count = 0;
  const examples: string[] = [];
  for (const { id, sort_name: sql } of rows) {
    const row = rowOf.get(id);
    const engine = row === undefined ? undefined : table.sortNames[row];
    const expected = engine === undefined ? undefined : byteOrderKey(engine);
    if (expected !== undefined && expected === sql) continue;
    count++;
    if (examples.length < 3) examples.push(`${id}: ${JSON.stringify(expected ?? null)} vs ${JSON.stringify(sql)}`);
  }
  const reencoded = table.sortNames.reduce((n, key) => (needsReencoding(key) ? n + 1 : n), 0);
  return { count, examples, reencoded };
}

/** Why the SQL methods decline name-sorted pages on this store. */
export function nameSortReason(mismatch: NameSortMismatch): string {
  return (
    `the SQL name sort key differs from the engine's sort_name (re-encoded for byte order) or is missing ` +
    `for ${mismatch.count.toLocaleString('en-US')} games of this store (e.g. ${mismatch.examples.join(', ')})`
  );
}

/** What the report says about the name key: how many keys needed re-encoding, and any mismatch. */
export function nameSortNote(mismatch: NameSortMismatch): string {
  const reencoded =
    `name sorts use the engine's sort_name for every method, ${mismatch.reencoded.toLocaleString('en-US')} of them ` +
    `re-encoded for the SQL methods so byte order equals the engine's code-unit order`;
  return mismatch.count === 0
    ? reencoded
    : `${reencoded}; name-sorted pages are cross-checked by the scan only: the SQL methods decline them, as ${nameSortReason(mismatch)}`;
}

/** The methods, the SQL ones declining page queries sorted by name (when the store has mismatches). */
export function declineNameSorts(methods: readonly Method[], mismatch: NameSortMismatch): Method[] {
  if (mismatch.count === 0) return [...methods];
  const reason = nameSortReason(mismatch);
  return methods.map((method) =>
    SQL_NAME_METHODS.has(method.name)
      ? {
          name: method.name,
          cannot: (q) => (q.kind === 'page' && q.query.sort === 'name' ? reason : method.cannot(q)),
          run: (q) => method.run(q),
          close: method.close ? () => method.close?.() ?? Promise.resolve() : undefined,
        }
      : method,
  );
}
