// utf8Vector: the loader's string columns written into one Arrow buffer must read back as
// exactly the strings (and nulls) that went in, whatever the characters.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vectorFromArray, Utf8 } from 'apache-arrow';
import { utf8Vector } from '../../engine/columns.js';

const readBack = (values: readonly (string | null)[]): (string | null)[] => {
  const vector = utf8Vector(values);
  return Array.from({ length: vector.length }, (_, i) => vector.get(i) ?? null);
};

describe('utf8Vector', () => {
  it('round-trips ASCII, accented, CJK, astral characters, empty strings and nulls', () => {
    const values = [
      'Catan',
      '',
      null,
      'Glück',
      'Ελληνικά',
      '将棋',
      'emoji 🎲 dice',
      null,
      'mixé ascii tail',
      'x'.repeat(500),
    ];
    expect(readBack(values)).toEqual(values);
    const vector = utf8Vector(values);
    expect(vector.nullCount).toBe(2);
  });

  it("matches Arrow's own builder byte for byte on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ unit: 'binary' }), { nil: null }), { maxLength: 60 }), (values) => {
        const ours = utf8Vector(values);
        const theirs = vectorFromArray(values, new Utf8());
        const used = (v: typeof ours): number[] =>
          Array.from(v.data[0].values.subarray(0, v.data[0].valueOffsets[v.length]));
        expect(used(ours)).toEqual(used(theirs));
        const offsets = (v: typeof ours): number[] => Array.from(v.data[0].valueOffsets.subarray(0, v.length + 1));
        expect(offsets(ours)).toEqual(offsets(theirs));
        expect(readBack(values)).toEqual(Array.from({ length: theirs.length }, (_, i) => theirs.get(i) ?? null));
      }),
    );
  });
});
