// Turns the fixed query set into concrete queries for one catalog: a deep keyset entry gets
// the `after` position of the row at its index in the full result order, found by the scan
// (so the cursor does not come from the engine it is testing).

import type { Query } from '../engine/query.js';
import type { BenchQuery } from './queries.js';
import { scanAll } from './scan.js';
import { sortValue } from './scan-order.js';
import type { ScanTable } from './scan-table.js';

export interface ResolvedQuery {
  name: string;
  description: string;
  query: Query;
}

export function resolveQueries(queries: readonly BenchQuery[], table: ScanTable): ResolvedQuery[] {
  return queries.map(({ name, description, query, afterIndex }) => {
    if (afterIndex === undefined) return { name, description, query };
    const rows = scanAll(table, query.filter, query.sort, query.order);
    const index = Math.min(afterIndex, Math.floor(rows.length / 2));
    if (rows.length === 0) return { name, description, query };
    const row = rows[index];
    const after = { value: sortValue(table, row, query.sort), id: table.ids[row] };
    return { name, description: `${description} [after row ${index}]`, query: { ...query, after } };
  });
}
