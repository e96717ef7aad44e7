import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringRows } from '../../engine/string-rows.js';
import { stepped } from '../helpers/stepped.js';

describe('StringRows', () => {
  it('finds the first row of every key and nothing else, as a Map that keeps the first row would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 200 }),
        fc.array(fc.string({ maxLength: 6 })),
        (keys, probes) => {
          const rows = new StringRows(keys);
          const first = new Map<string, number>();
          keys.forEach((key, row) => {
            if (!first.has(key)) first.set(key, row);
          });
          for (const key of [...keys, ...probes]) expect(rows.get(key)).toBe(first.get(key));
        },
      ),
    );
  });

  it('takes back its table instead of hashing, with the same answers; refuses a table that cannot be one', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 200 }), fc.array(fc.string()), (keys, probes) => {
        const built = new StringRows(keys);
        const taken = new StringRows(keys, built.table.slice());
        for (const key of [...keys, ...probes]) expect(taken.get(key)).toBe(built.get(key));
      }),
    );
    const table = new StringRows(['a', 'b']).table;
    expect(() => new StringRows(['a', 'b'], table.subarray(0, 8))).toThrow(RangeError);
    expect(() => new StringRows(['a'], table)).toThrow(RangeError);
    expect(
      () =>
        new StringRows(
          ['a', 'b'],
          table.map((row) => (row === 1 ? -2 : row)),
        ),
    ).toThrow(RangeError);
  });

  it('tells apart keys that differ only in case or by one character', () => {
    const rows = new StringRows(['catan', 'Catan', 'catan-2', 'catam', '']);
    expect([rows.get('catan'), rows.get('Catan'), rows.get('catan-2'), rows.get('catam'), rows.get('')]).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(rows.get('CATAN')).toBeUndefined();
  });
});

describe('StringRows built in steps', () => {
  it('holds the table the constructor builds, over more keys than one step inserts', () => {
    const keys = Array.from({ length: 70_000 }, (_, row) => `key-${row % 65_000}`);
    const { result: rows, yields } = stepped(StringRows.buildSteps(keys));
    expect(yields).toBeGreaterThan(1);
    expect(Buffer.from(rows.table.buffer).equals(Buffer.from(new StringRows(keys).table.buffer))).toBe(true);
    expect(rows.get('key-64999')).toBe(64_999);
    expect(rows.get('key-5')).toBe(5);
  });
});
