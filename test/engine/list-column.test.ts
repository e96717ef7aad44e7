// The column-file start reads list columns and repeated strings without decoding every row
// up front: what each row reads must be exactly what the eager decoders give.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Vector } from '../../engine/columns.js';
import { postingsByListValue } from '../../engine/links.js';
import { arrayListColumn, IntListColumn, intListColumn, jsonListColumn } from '../../engine/list-column.js';
import { repeatedUtf8Values, utf8Values } from '../../engine/strings.js';

const rowsOf = <T>(column: { length: number; get(row: number): T }): T[] =>
  Array.from({ length: column.length }, (_, row) => column.get(row));

/** One vector made of several Arrow chunks, as a file with several record batches reads. */
const chunked = (parts: readonly (readonly (string | null)[])[]) =>
  parts.map((part) => utf8Vector(part)).reduce((a, b) => a.concat(b));

const listValue = fc.oneof(
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 6 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 5000 }), { maxKeys: 4 }),
);

describe('jsonListColumn', () => {
  it('reads every row as the value whose JSON was written, across chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.array(listValue, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (parts) => {
        const values = parts.flat();
        const column = jsonListColumn(chunked(parts.map((part) => part.map((v) => JSON.stringify(v)))));
        expect(column.length).toBe(values.length);
        expect(rowsOf(column)).toEqual(values);
      }),
    );
  });

  it('parses non-ASCII keys', () => {
    const values = [{ stratégie: 3, 将棋: 1 }, [1, 2]];
    expect(rowsOf(jsonListColumn(utf8Vector(values.map((v) => JSON.stringify(v)))))).toEqual(values);
  });

  it('arrayListColumn reads the array it holds', () => {
    expect(rowsOf(arrayListColumn([[1], null, [2, 3]]))).toEqual([[1], null, [2, 3]]);
  });
});

describe('IntListColumn', () => {
  const lists = fc.array(fc.array(fc.integer({ min: -3, max: 40 }), { maxLength: 5 }), { maxLength: 60 });

  it('reads every row as the list it was built from', () => {
    fc.assert(
      fc.property(lists, (values) => {
        const column = intListColumn(values);
        expect(column.length).toBe(values.length);
        expect(rowsOf(column)).toEqual(values);
      }),
    );
  });

  it('gives the player-count postings the array path gives (repeats within a row, negatives)', () => {
    const members = (postings: ReturnType<typeof postingsByListValue>) =>
      new Map([...postings].map(([value, bitmap]) => [value, bitmap.toArray()]));
    fc.assert(
      fc.property(lists, (values) => {
        expect(members(postingsByListValue(intListColumn(values)))).toEqual(
          members(postingsByListValue(arrayListColumn(values))),
        );
      }),
    );
    const wide = intListColumn([[0], [1 << 20], [5, 0]]);
    expect(members(postingsByListValue(wide))).toEqual(members(postingsByListValue(arrayListColumn(rowsOf(wide)))));
  });

  it('refuses offsets that do not fit its values', () => {
    expect(() => new IntListColumn(Int32Array.of(0, 3), Int32Array.of(1, 2))).toThrow(RangeError);
    expect(() => new IntListColumn(Int32Array.of(0, 2, 1), Int32Array.of(1, 2))).toThrow(RangeError);
    expect(() => new IntListColumn(Int32Array.of(1, 2), Int32Array.of(1, 2))).toThrow(RangeError);
  });
});

describe('repeatedUtf8Values', () => {
  it('decodes as utf8Values does, with few or many distinct values, nulls and several chunks', () => {
    const word = fc.oneof(fc.constantFrom('designer', 'artist', 'winner', 'nominee', 'Glück', '将棋', ''), fc.string());
    fc.assert(
      fc.property(fc.array(fc.array(fc.option(word), { maxLength: 150 }), { minLength: 1, maxLength: 3 }), (parts) => {
        const vector = chunked(parts);
        expect(repeatedUtf8Values(vector)).toEqual(utf8Values(vector));
      }),
    );
  });
});
