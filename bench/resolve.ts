// Turns the fixed query set into concrete queries for one catalog: a deep keyset entry gets
// the `after` position of the row at its index in the full result order, found by the scan
// (so the cursor does not come from the engine it is testing).

import type { FacetDimension, Query } from '../engine/index.js';
import type { BenchKind, BenchQuery } from './queries.js';
import { scanAll } from './scan.js';
import { sortValue } from './scan-order.js';
import type { ScanTable } from './scan-table.js';

export interface ResolvedQuery {
  name: string;
  description: string;
  kind: BenchKind;
  query: Query;
  /** The searched text (kind text). */
  text?: string;
  /** The counted dimensions (kind facets). */
  dimensions?: readonly FacetDimension[];
}

export function resolveQueries(queries: readonly BenchQuery[], table: ScanTable): ResolvedQuery[] {
  return queries.map(({ name, description, kind = 'page', query, text, dimensions, afterIndex }) => {
    const base: ResolvedQuery = { name, description, kind, query, text, dimensions };
    if (afterIndex === undefined || kind !== 'page') return base;
    const rows = scanAll(table, query.filter, query.sort, query.order);
    const index = Math.min(afterIndex, Math.floor(rows.length / 2));
    if (rows.length === 0) return base;
    const row = rows[index];
    const after = { value: sortValue(table, row, query.sort), id: table.ids[row] };
    return { ...base, description: `${description} [after row ${index}]`, query: { ...query, after } };
  });
}
