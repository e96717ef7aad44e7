// The column-file start reads list columns and repeated strings without decoding every row
// up front: what each row reads must be exactly what the eager decoders give.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Vector } from '../../engine/columns.js';
import { arrayListColumn, jsonListColumn } from '../../engine/list-column.js';
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
