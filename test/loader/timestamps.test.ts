// The loader turns epoch milliseconds into the engine's ISO 8601 strings straight into a Utf8
// vector: every row must read as Date#toISOString gives it, nulls as null, repeated and
// distinct values alike.

import { describe, expect, it } from 'vitest';
import { isoTimestampVector } from '../../loader/timestamps.js';

const read = (values: number[]): (string | null)[] => [...isoTimestampVector(Float64Array.from(values))];

describe('isoTimestampVector', () => {
  it('gives each row its ISO string, runs of one value and nulls included', () => {
    const a = Date.UTC(2026, 10, 28, 7, 32, 46, 360);
    const b = Date.UTC(1999, 0, 1);
    expect(read([Number.NaN, a, a, b, Number.NaN, Number.NaN, a])).toEqual([
      null,
      '2026-11-28T07:32:46.360Z',
      '2026-11-28T07:32:46.360Z',
      '1999-01-01T00:00:00.000Z',
      null,
      null,
      '2026-11-28T07:32:46.360Z',
    ]);
  });

  it('writes the longer form of years beyond 9999 and before 0', () => {
    const far = Date.UTC(12000, 0, 1);
    const early = Date.UTC(-1, 0, 1);
    expect(read([far, early, far])).toEqual([
      new Date(far).toISOString(),
      new Date(early).toISOString(),
      new Date(far).toISOString(),
    ]);
    expect(new Date(far).toISOString()).toHaveLength(27);
  });

  it('counts the nulls and reads an empty or all-null column', () => {
    expect(isoTimestampVector(Float64Array.from([Number.NaN, 0])).nullCount).toBe(1);
    expect(read([])).toEqual([]);
    expect(read([Number.NaN, Number.NaN])).toEqual([null, null]);
  });
});
