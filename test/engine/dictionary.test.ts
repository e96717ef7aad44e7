// The enumerated game columns are coded from their Arrow bytes at build (Dictionary.ofUtf8):
// the codes, values and postings must be exactly what the same column's strings give.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Vector } from '../../engine/columns.js';
import { Dictionary } from '../../engine/dictionary.js';

/** One vector made of several Arrow chunks, as a file with several record batches reads. */
const chunked = (parts: readonly (readonly (string | null)[])[]) =>
  parts.map((part) => utf8Vector(part)).reduce((a, b) => a.concat(b));

const shape = (d: Dictionary) => ({
  codes: [...d.codes],
  values: d.values,
  postings: d.postings.map((bitmap) => bitmap.toArray()),
});

describe('Dictionary.ofUtf8', () => {
  it('codes a column as its strings do: known values first, nulls, runs, non-ASCII, several chunks', () => {
    const value = fc.option(fc.constantFrom('standalone', 'expansion', 'Glück', '将棋', '', 'expansio'), {
      nil: null,
    });
    const known = fc.subarray(['expansion', 'standalone', 'fan_expansion']);
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 40 }), { minLength: 1, maxLength: 3 }), known, (parts, k) => {
        expect(shape(Dictionary.ofUtf8(chunked(parts), k))).toEqual(shape(new Dictionary(parts.flat(), k)));
      }),
    );
  });

  it('falls back to strings past 64 distinct values, with the same result', () => {
    const column = Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? null : `v${i % 90}`));
    expect(shape(Dictionary.ofUtf8(utf8Vector(column), ['v3']))).toEqual(shape(new Dictionary(column, ['v3'])));
  });
});
