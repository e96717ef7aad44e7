// The SQL methods sort `name` by lower(name) minus a leading article, computed in SQL; the
// engine (and the scan, through ScanTable) by sortName(): NFKC-folded, diacritics stripped.
// The two agree on ASCII names (all the generator writes) but not on real ones ("Orléans",
// "Ｄｒ．野口っち"), so on real data a name-sorted page can differ for reasons that are no
// bug of either plan. Where the keys differ in a store, the SQL methods decline name-sorted
// pages (the report prints why, with the count) instead of failing the run or being compared
// under a different meaning; the scan still checks the engine there.

import type { Queryable } from '../loader/store.js';
import type { Method } from './methods.js';
import type { ScanTable } from './scan-table.js';
import { BITMASK_FROM } from './sql-bitmask.js';

/** Methods whose `name` key is the SQL expression (the DuckDB bitmask table's sort_name or its equivalent). */
const SQL_NAME_METHODS: ReadonlySet<Method['name']> = new Set(['duckdb', 'duckdb_joins', 'postgres']);

export interface NameSortMismatch {
  /** Active games whose SQL sort key differs from the engine's sort_name. */
  count: number;
  /** A few of them: engine key vs SQL key. */
  examples: string[];
}

/** Compares the bitmask table's SQL sort_name (built by setupFilterPlans) with the scan's engine keys. */
export async function nameSortMismatch(db: Queryable, table: ScanTable): Promise<NameSortMismatch> {
  const rowOf = new Map(table.ids.map((id, row) => [id, row]));
  const rows = await db.all<{ id: string; sort_name: string }>(`SELECT g.id, g.sort_name FROM ${BITMASK_FROM}`);
  let count = 0;
  const examples: string[] = [];
  for (const { id, sort_name: sql } of rows) {
    const row = rowOf.get(id);
    const engine = row === undefined ? undefined : table.sortNames[row];
    if (engine === undefined || engine === sql) continue;
    count++;
    if (examples.length < 3) examples.push(`"${engine}" vs "${sql}"`);
  }
  return { count, examples };
}

/** Why the SQL methods decline name-sorted pages on this store. */
export function nameSortReason(mismatch: NameSortMismatch): string {
  return (
    `the SQL name sort key (lower-cased, article stripped) differs from the engine's folded sort_name ` +
    `for ${mismatch.count.toLocaleString('en-US')} names of this store (e.g. ${mismatch.examples.join(', ')})`
  );
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
