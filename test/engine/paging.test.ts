// Keyset paging by hand: nulls last in both directions, ties by id ascending in both
// directions (so desc is not asc reversed), positions that are not rows, and the
// hasNext/hasPrev rules for full and empty pages.

import { describe, expect, it } from 'vitest';
import type { Position, Query, SortOrder } from '../../engine/query.js';
import { handCatalog, idOf } from './hand-catalog.js';

// Ids ascend with the index (blankGame). Weights: 0 -> 2, 1 -> null, 2 -> 3, 3 -> 2, 4 -> null, 5 -> 1.
const { dataset } = handCatalog({
  games: [{ weight: 2 }, {}, { weight: 3 }, { weight: 2 }, {}, { weight: 1 }],
});
const byWeight = (order: SortOrder, limit: number, extra: Partial<Query> = {}): Query => ({
  filter: {},
  sort: 'weight',
  order,
  limit,
  ...extra,
});
const at = (row: number): Position => ({ value: dataset.sortValue(row, 'weight'), id: idOf(row) });

describe('sort order', () => {
  it('puts nulls last and breaks ties by id ascending in both directions', () => {
    expect(dataset.query(byWeight('asc', 10)).rows).toEqual([5, 0, 3, 2, 1, 4]);
    expect(dataset.query(byWeight('desc', 10)).rows).toEqual([2, 0, 3, 5, 1, 4]);
  });

  it('reports sort values with null for a missing value', () => {
    expect(dataset.sortValue(0, 'weight')).toBe(2);
    expect(dataset.sortValue(1, 'weight')).toBeNull();
    expect(dataset.sortValue(0, 'name')).toBe('game 0');
  });
});

describe('keyset pages', () => {
  it('pages forward with after and backward with before', () => {
    const first = dataset.query(byWeight('desc', 2));
    expect(first).toMatchObject({ rows: [2, 0], hasPrev: false, hasNext: true, total: 6 });
    const second = dataset.query(byWeight('desc', 2, { after: at(0) }));
    expect(second).toMatchObject({ rows: [3, 5], hasPrev: true, hasNext: true });
    const third = dataset.query(byWeight('desc', 2, { after: at(5) }));
    expect(third).toMatchObject({ rows: [1, 4], hasPrev: true, hasNext: false });
    const back = dataset.query(byWeight('desc', 2, { before: at(1) }));
    expect(back).toMatchObject({ rows: [3, 5], hasPrev: true, hasNext: true });
    const start = dataset.query(byWeight('desc', 2, { before: at(3) }));
    expect(start).toMatchObject({ rows: [2, 0], hasPrev: false, hasNext: true });
  });

  it('crosses from values into nulls and within nulls by id', () => {
    expect(dataset.query(byWeight('asc', 1, { after: at(2) })).rows).toEqual([1]);
    expect(dataset.query(byWeight('asc', 5, { after: at(1) })).rows).toEqual([4]);
    expect(dataset.query(byWeight('asc', 2, { before: at(4) })).rows).toEqual([2, 1]);
  });

  it('accepts positions that are not rows', () => {
    // Between weight 2 (rows 0, 3) and 3 in asc order.
    expect(dataset.query(byWeight('asc', 10, { after: { value: 2.5, id: 'zzz' } })).rows).toEqual([2, 1, 4]);
    // Same value as rows 0 and 3, id between theirs.
    const between = `${idOf(0).slice(0, -1)}1`;
    expect(dataset.query(byWeight('asc', 10, { after: { value: 2, id: between } })).rows).toEqual([3, 2, 1, 4]);
    expect(dataset.query(byWeight('asc', 10, { before: { value: 2, id: between } })).rows).toEqual([5, 0]);
    // A null position sorts after every value.
    expect(dataset.query(byWeight('desc', 10, { after: { value: null, id: '' } })).rows).toEqual([1, 4]);
  });

  it('answers empty pages with the documented hasNext/hasPrev', () => {
    const afterEnd = dataset.query(byWeight('asc', 3, { after: at(4) }));
    expect(afterEnd).toEqual({ rows: [], matchedVia: [], total: 6, hasNext: false, hasPrev: true });
    const beforeStart = dataset.query(byWeight('asc', 3, { before: at(5) }));
    expect(beforeStart).toEqual({ rows: [], matchedVia: [], total: 6, hasNext: true, hasPrev: false });
    const none = dataset.query(byWeight('asc', 3, { filter: { weight_min: 9 } }));
    expect(none).toEqual({ rows: [], matchedVia: [], total: 0, hasNext: false, hasPrev: false });
  });

  it('carries the positions of its first and last rows, which continue it like hand-made ones', () => {
    const page = dataset.query(byWeight('asc', 3));
    expect(page).toMatchObject({ rows: [5, 0, 3], first: at(5), last: at(3) });
    expect(dataset.query(byWeight('asc', 3, { after: page.last }))).toMatchObject({
      rows: [2, 1, 4],
      first: at(2),
      last: { value: null, id: idOf(4) },
    });
    expect(dataset.query(byWeight('desc', 10, { filter: { weight_min: 9 } }))).toMatchObject({
      first: undefined,
      last: undefined,
    });
  });

  it('counts only matching rows for hasNext/hasPrev', () => {
    const filter = { weight_min: 2 };
    const page = dataset.query(byWeight('asc', 1, { filter, after: at(5) }));
    expect(page).toMatchObject({ rows: [0], hasPrev: false, hasNext: true, total: 3 });
    const last = dataset.query(byWeight('asc', 1, { filter, after: at(3) }));
    expect(last).toMatchObject({ rows: [2], hasPrev: true, hasNext: false });
  });
});
