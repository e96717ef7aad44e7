// cutUtf8 turns one packed column (values joined by the unit separator, a lone record
// separator for null, as UTF-8 bytes) into a Utf8 vector: the same values a per-value read
// gives, row for row, and an error rather than shifted rows when the count is off.

import { describe, expect, it } from 'vitest';
import { cutUtf8 } from '../../loader/packed-utf8.js';

const encoder = new TextEncoder();
const pack = (values: readonly (string | null)[]): Uint8Array =>
  encoder.encode(values.map((v) => v ?? '\u001e').join('\u001f'));
const valuesOf = (values: readonly (string | null)[]): (string | null)[] =>
  [...cutUtf8(pack(values), values.length, 'test')].map((v) => (v === null ? null : String(v)));

describe('cutUtf8', () => {
  it('gives back every value in order: empty strings, nulls first, last and in a row, non-ASCII text', () => {
    const values = [null, '', 'Catan', null, null, 'Glück — 将棋 🎲', '', '{"a":[1,2]}', null];
    expect(valuesOf(values)).toEqual(values);
  });

  it('reads a single value, a single null and a single empty string', () => {
    expect(valuesOf(['x'])).toEqual(['x']);
    expect(valuesOf([null])).toEqual([null]);
    expect(valuesOf([''])).toEqual(['']);
  });

  it('keeps a value made of the mark with other text as text', () => {
    expect(valuesOf(['\u001ea', 'b\u001e'])).toEqual(['\u001ea', 'b\u001e']);
  });

  it('counts nulls and marks only real values valid', () => {
    const vector = cutUtf8(pack(['a', null, 'b']), 3, 'test');
    expect(vector.nullCount).toBe(1);
    expect(vector.isValid(1)).toBe(false);
    expect(vector.isValid(2)).toBe(true);
  });

  it('reads no values from no bytes', () => {
    expect(cutUtf8(new Uint8Array(0), 0, 'test').length).toBe(0);
  });

  it('throws on more or fewer values than expected, naming the column', () => {
    expect(() => cutUtf8(pack(['a', 'b', 'c']), 2, 'name')).toThrow(/name/);
    expect(() => cutUtf8(pack(['a', 'b']), 3, 'name')).toThrow(/3 values/);
    expect(() => cutUtf8(pack(['a']), 0, 'name')).toThrow(/0 values/);
  });
});
