// Store.numberColumns: numeric results straight into Float64Arrays, NaN for null, across
// DuckDB's 2048-row chunks; a non-numeric column is refused, not silently turned into NaN.

import { afterEach, describe, expect, it } from 'vitest';
import { Store, StoreError } from '../../loader/store.js';

const stores: Store[] = [];
afterEach(async () => {
  while (stores.length) await stores.pop()!.close();
});

describe('Store.numberColumns', () => {
  it('reads integers, doubles, bigints and booleans over many chunks, nulls as NaN', async () => {
    const store = await Store.open(':memory:');
    stores.push(store);
    const n = 5000; // more than two of DuckDB's 2048-row chunks
    const { length, columns } = await store.numberColumns(
      `SELECT i::INTEGER AS i, CASE WHEN i % 7 = 0 THEN NULL ELSE i / 4 END::DOUBLE AS half,
              (i * 1000000)::BIGINT AS big, i % 2 = 0 AS even, (i * 1.5)::DOUBLE AS whole,
              CASE WHEN i >= 2048 AND i < 4096 THEN NULL ELSE -1 - i END::DOUBLE AS gap,
              CASE WHEN i % 5 = 0 THEN NULL ELSE -i END::INTEGER AS odd
       FROM range($1) t(i) ORDER BY i`,
      [n],
    );
    expect(length).toBe(n);
    expect(Object.keys(columns)).toEqual(['i', 'half', 'big', 'even', 'whole', 'gap', 'odd']);
    for (let i = 0; i < n; i++) {
      expect(columns.i[i]).toBe(i);
      if (i % 5 === 0) expect(columns.odd[i]).toBeNaN();
      else expect(columns.odd[i]).toBe(-i);
      if (i % 7 === 0) expect(columns.half[i]).toBeNaN();
      else expect(columns.half[i]).toBe(i / 4);
      expect(columns.whole[i]).toBe(i * 1.5);
      if (i >= 2048 && i < 4096) expect(columns.gap[i]).toBeNaN();
      else expect(columns.gap[i]).toBe(-1 - i);
      expect(columns.big[i]).toBe(i * 1_000_000);
      expect(columns.even[i]).toBe(i % 2 === 0 ? 1 : 0);
    }
  });

  it('answers an empty result with empty columns', async () => {
    const store = await Store.open(':memory:');
    stores.push(store);
    const { length, columns } = await store.numberColumns('SELECT 1::INTEGER AS x WHERE false');
    expect(length).toBe(0);
    expect(columns.x.length).toBe(0);
  });

  it('refuses a text column with a StoreError naming it', async () => {
    const store = await Store.open(':memory:');
    stores.push(store);
    const error = await store.numberColumns(`SELECT 1 AS n, 'a' AS label`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toMatch(/label/);
  });
});
