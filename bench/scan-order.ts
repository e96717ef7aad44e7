// The result order every method must produce: by the sort value in the requested direction,
// nulls last in both directions, ties by id ascending (plain string `<`, i.e. UTF-16 code
// units; ids are ASCII, so DuckDB's byte order agrees, and the SQL methods' name key is
// re-encoded so that it agrees too: sql-sort-names.ts).

import type { Position, SortKey, SortOrder } from '../engine/index.js';
import type { ScanTable } from './scan-table.js';

export const BENCH_SORT_KEYS = ['bayes_rating', 'rating', 'weight', 'year_published', 'name'] as const;
export type BenchSortKey = (typeof BENCH_SORT_KEYS)[number];

export function benchSortKey(sort: SortKey): BenchSortKey {
  const key = BENCH_SORT_KEYS.find((k) => k === sort);
  if (key === undefined) throw new Error(`bench: sort key ${sort} is not supported by the SQL and scan methods`);
  return key;
}

type Value = number | string | null;

/** The value a row sorts by (the `name` key sorts by sort_name), null when unknown. */
export function sortValue(table: ScanTable, row: number, sort: SortKey): Value {
  return sortValueReader(table, benchSortKey(sort))(row);
}

/** The sort value reader of one key, chosen once (not per row). */
function sortValueReader(table: ScanTable, key: BenchSortKey): (row: number) => Value {
  if (key === 'name') {
    const names = table.sortNames;
    return (row) => names[row];
  }
  const values = numbers(table, key);
  return (row) => {
    const v = values[row];
    return Number.isNaN(v) ? null : v;
  };
}

function numbers(table: ScanTable, key: Exclude<BenchSortKey, 'name'>): Float64Array {
  switch (key) {
    case 'bayes_rating':
      return table.bayes;
    case 'rating':
      return table.rating;
    case 'weight':
      return table.weight;
    case 'year_published':
      return table.year;
  }
}

/** Negative when (a, idA) comes before (b, idB) in the result order. */
function compare(a: Value, idA: string, b: Value, idB: string, desc: boolean): number {
  if (a === null || b === null) {
    if (a !== b) return a === null ? 1 : -1;
  } else if (a !== b) {
    const asc = a < b ? -1 : 1;
    return desc ? -asc : asc;
  }
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

export interface RowOrder {
  /** Negative when row a comes before row b. */
  rows(a: number, b: number): number;
  /** True when the row comes strictly after the position. */
  after(row: number, position: Position): boolean;
}

export function rowOrder(table: ScanTable, sort: SortKey, order: SortOrder): RowOrder {
  const desc = order === 'desc';
  const ids = table.ids;
  const key = benchSortKey(sort);
  const value = sortValueReader(table, key);
  return {
    rows: key === 'name' ? textRows(table.sortNames, ids, desc) : numberRows(numbers(table, key), ids, desc),
    after: (row, p) => compare(value(row), ids[row], p.value, p.id, desc) > 0,
  };
}

// Row-vs-row comparators, specialized per column type because the scan's top-k buffer calls
// them once per matching row; same order as compare().

function numberRows(v: Float64Array, ids: readonly string[], desc: boolean): RowOrder['rows'] {
  return (a, b) => {
    const x = v[a];
    const y = v[b];
    const nx = Number.isNaN(x);
    const ny = Number.isNaN(y);
    if (nx || ny) {
      if (!(nx && ny)) return nx ? 1 : -1;
    } else if (x !== y) {
      return x < y !== desc ? -1 : 1;
    }
    return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
  };
}

function textRows(v: readonly string[], ids: readonly string[], desc: boolean): RowOrder['rows'] {
  return (a, b) => {
    const x = v[a];
    const y = v[b];
    if (x !== y) return x < y !== desc ? -1 : 1;
    return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
  };
}
