// A load's scans of `games` come in the table's order; RowsByRowid and placeAtRows put each
// game's values at its row, and refuse a read that is not every visible game exactly once.

import { describe, expect, it } from 'vitest';
import { checkRows, placeAtRows, RowsByRowid } from '../../loader/row-order.js';

const f64 = (values: readonly number[]): Float64Array => Float64Array.from(values);

describe('RowsByRowid', () => {
  // rowids 7, 2, 40 (gaps: deleted rows) are rows 1, 2, 0
  const rows = new RowsByRowid(f64([7, 2, 40]), f64([1, 2, 0]));

  it('gives each scanned game its row, whatever order the scan read them in', () => {
    expect([...rows.rowsOf(f64([2, 7, 40]))]).toEqual([2, 1, 0]);
    expect([...rows.rowsOf(f64([40, 2, 7]))]).toEqual([0, 2, 1]);
  });

  it('refuses a scan missing a game, repeating one or holding a rowid it does not know', () => {
    expect(() => rows.rowsOf(f64([2, 7]))).toThrow(RangeError);
    expect(() => rows.rowsOf(f64([2, 7, 7]))).toThrow(RangeError);
    expect(() => rows.rowsOf(f64([2, 7, 41]))).toThrow(RangeError);
    expect(() => rows.rowsOf(f64([2, 7, 3]))).toThrow(RangeError);
  });

  it('refuses rows that are not 0…n-1 once each, and rowids that are not indexes', () => {
    expect(() => new RowsByRowid(f64([1, 2]), f64([0, 0]))).toThrow(RangeError);
    expect(() => new RowsByRowid(f64([1, 2]), f64([0, 2]))).toThrow(RangeError);
    expect(() => new RowsByRowid(f64([1, Number.NaN]), f64([0, 1]))).toThrow(RangeError);
    expect(() => new RowsByRowid(f64([1, 2.5]), f64([0, 1]))).toThrow(RangeError);
  });
});

describe('placeAtRows', () => {
  it('puts every column but the skipped one at the rows, NaN (null) included', () => {
    const read = { length: 3, columns: { id: f64([9, 8, 7]), rating: f64([1.5, Number.NaN, 3]) } };
    const placed = placeAtRows(read, f64([2, 0, 1]), 'id');
    expect(Object.keys(placed.columns)).toEqual(['rating']);
    expect([...placed.columns.rating]).toEqual([Number.NaN, 3, 1.5]);
    expect(placed.length).toBe(3);
  });
});

describe('checkRows', () => {
  it('accepts a permutation and refuses anything else', () => {
    expect(() => checkRows(f64([1, 0, 2]), 3)).not.toThrow();
    expect(() => checkRows(f64([1, 0]), 3)).toThrow(/2 games read where 3/);
    expect(() => checkRows(f64([1, 1, 2]), 3)).toThrow(/row 1/);
    expect(() => checkRows(f64([0, 1, -1]), 3)).toThrow(/row -1/);
  });
});
