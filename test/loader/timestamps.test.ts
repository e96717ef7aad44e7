// The loader turns epoch milliseconds into the engine's ISO 8601 strings straight into a Utf8
// vector: every row must read as Date#toISOString gives it, nulls as null, repeated and
// distinct values alike. Years 0000–9999 are formatted by arithmetic, so any time value of
// a Date, fractional and negative ones included, is checked against Date#toISOString.

import fc from 'fast-check';
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

  it('agrees with Date#toISOString on any time value a Date can hold, in runs or not', () => {
    const edges = [
      -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, -1, -0.5, 0, 951_782_400_000,
    ];
    const timeValue = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
      fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }),
      fc.constantFrom(...edges),
    );
    // values in runs of one to four equal rows, nulls among them
    const column = fc
      .array(fc.tuple(fc.oneof(timeValue, fc.constant(Number.NaN)), fc.integer({ min: 1, max: 4 })), { maxLength: 30 })
      .map((runs) => runs.flatMap(([ms, times]) => Array<number>(times).fill(ms)));
    fc.assert(
      fc.property(column, (values) => {
        const expected = values.map((ms) => (Number.isNaN(ms) ? null : new Date(ms).toISOString()));
        expect(read(values)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
    // every edge, each in a run of its own
    const runs = edges.flatMap((ms) => [ms, ms, ms]);
    expect(read(runs)).toEqual(runs.map((ms) => new Date(ms).toISOString()));
  });
});
