// The SQL methods' name keys as DuckDB holds them (the bitmask table, which PostgreSQL copies),
// checked against the engine's: every game's key must be byteOrderKey(engine sort_name).

import type { ScanTable } from '../../bench/scan-table.js';
import { BITMASK_FROM } from '../../bench/sql-bitmask.js';
import { byteOrderKey } from '../../bench/sql-sort-names.js';
import type { Queryable } from '../../loader/store.js';

/** Games whose SQL sort key is not the engine's (re-encoded), as "id: expected vs stored". */
export async function sqlSortKeysDiffering(db: Queryable, table: ScanTable): Promise<string[]> {
  const expected = new Map(table.ids.map((id, row) => [id, byteOrderKey(table.sortNames[row])]));
  const rows = await db.all<{ id: string; sort_name: string | null }>(`SELECT g.id, g.sort_name FROM ${BITMASK_FROM}`);
  return rows
    .filter((r) => expected.get(r.id) !== r.sort_name)
    .map((r) => `${r.id}: ${JSON.stringify(expected.get(r.id) ?? null)} vs ${JSON.stringify(r.sort_name)}`);
}
