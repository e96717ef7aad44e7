// The building blocks under every sort and range filter: radix orders equal comparator
// orders (ties by the tie order, -0 with +0, nulls last), prefix/slice bitmaps equal the
// plain slices at every checkpoint interval, and Utf8 decoding equals Arrow's own.

import fc from 'fast-check';
import { Table, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { stringColumn } from '../../engine/columns.js';
import { buildOrder, buildOrderSteps, rangeRows, ROW_TIES, type TieBreak } from '../../engine/order.js';
import { rowsByString } from '../../engine/radix.js';
import { utf8Column } from '../../engine/strings.js';
import { stepped } from '../helpers/stepped.js';

const value = fc.oneof(
  fc.constantFrom(Number.NaN, -0, 0, Infinity, -Infinity, 1.5, 2),
  fc.double({ noNaN: true }),
  fc.integer({ min: -5, max: 5 }),
);

function naiveOrder(values: Float64Array, desc: boolean, tie: number[]): number[] {
  const rank = new Map(tie.map((row, i) => [row, i]));
  return [...values.keys()].sort((a, b) => {
    const na = Number.isNaN(values[a]);
    const nb = Number.isNaN(values[b]);
    if (na !== nb) return na ? 1 : -1;
    if (!na && values[a] !== values[b]) return values[a] < values[b] !== desc ? -1 : 1;
    return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  });
}

describe('orders', () => {
  it('radix-sorts numbers like a comparator, nulls last, ties in tie order (and reverses runs)', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 60 }), fc.boolean(), fc.boolean(), (list, desc, shuffled) => {
        const values = Float64Array.from(list);
        const tie = [...values.keys()];
        if (shuffled) tie.reverse();
        const ties: TieBreak = shuffled ? { order: () => Uint32Array.from(tie), before: (a, b) => a > b } : ROW_TIES;
        const order = buildOrder(values, desc, ties, 4);
        expect(Array.from(order.perm)).toEqual(naiveOrder(values, desc, tie));
        expect(order.nonNull).toBe(list.filter((v) => !Number.isNaN(v)).length);
        const reversed = buildOrder(values, !desc, ties, 4, order);
        expect(Array.from(reversed.perm)).toEqual(naiveOrder(values, !desc, tie));
      }),
    );
  });

  it('builds a large order in steps, yielding between radix passes and reversal slices, as the plain sort orders it', () => {
    // 100,000 rows: three slices of the reversal; values with ties, NaN and both zeros
    const n = 100_000;
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const values = Float64Array.from({ length: n }, () => {
      const r = next();
      return r < 0.05 ? Number.NaN : r < 0.1 ? -0 : Math.round(r * 5_000) / 100;
    });
    const tie = [...values.keys()].reverse();
    const ties: TieBreak = { order: () => Uint32Array.from(tie), before: (a, b) => a > b };
    const asc = stepped(buildOrderSteps(values, false, ties, 64));
    expect(Array.from(asc.result.perm)).toEqual(naiveOrder(values, false, tie));
    expect(asc.yields).toBeGreaterThanOrEqual(8);
    const desc = stepped(buildOrderSteps(values, true, ties, 64, asc.result));
    expect(Array.from(desc.result.perm)).toEqual(naiveOrder(values, true, tie));
    expect(desc.yields).toBeGreaterThanOrEqual(3);
    expect(Array.from(buildOrder(values, true, ties, 64).perm)).toEqual(Array.from(desc.result.perm));
  });

  it('orders strings with `<`, nulls last, ties in tie order, in both directions', () => {
    const text = fc.option(fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'é', ' '), maxLength: 3 }), { nil: null });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 50 }), fc.boolean(), (list, desc) => {
        const tie = [...list.keys()].reverse();
        const ties: TieBreak = { order: () => Uint32Array.from(tie), before: (a, b) => a > b };
        const expected = [...list.keys()].sort((a, b) => {
          const x = list[a];
          const y = list[b];
          if ((x === null) !== (y === null)) return x === null ? 1 : -1;
          if (x !== null && y !== null && x !== y) return x < y !== desc ? -1 : 1;
          return b - a;
        });
        const order = buildOrder(list, desc, ties, 4);
        expect(Array.from(order.perm)).toEqual(expected);
        expect(Array.from(buildOrder(list, !desc, ties, 4, order).perm)).toEqual(
          Array.from(buildOrder(list, !desc, ties, 4).perm),
        );
      }),
    );
  });

  it('builds prefix and slice bitmaps equal to the plain slices', () => {
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.nat(),
        (list, interval, x, y) => {
          const values = Float64Array.from(list);
          const order = buildOrder(values, false, ROW_TIES, interval);
          const [a, b] = [x % (list.length + 1), y % (list.length + 1)].sort((p, q) => p - q);
          expect(order.prefix(b).toArray()).toEqual(Array.from(order.perm.subarray(0, b)).sort((p, q) => p - q));
          expect(order.slice(a, b).toArray()).toEqual(Array.from(order.perm.subarray(a, b)).sort((p, q) => p - q));
          const lo = Math.min(list[a % list.length], list[b % list.length]);
          const hi = Math.max(list[a % list.length], list[b % list.length]);
          const expected = [...values.keys()].filter((i) => values[i] >= lo && values[i] <= hi);
          expect(rangeRows(order, values, lo, hi).toArray()).toEqual(expected);
        },
      ),
    );
  });

  it('detects an input already in order and keeps it as the identity', () => {
    const values = Float64Array.from([9, 8, 8, 1, Number.NaN]);
    expect(buildOrder(values, true, ROW_TIES).identity).toBe(true);
    expect(buildOrder(values, false, ROW_TIES).identity).toBe(false);
  });

  it('orders ids as strings, radix for lowercase UUIDs and by comparison otherwise', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { maxLength: 40 }), fc.array(fc.string(), { maxLength: 10 }), (uuids, other) => {
        for (const ids of [uuids, [...uuids, ...other]]) {
          const expected = [...ids.keys()].sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : a - b));
          expect(Array.from(rowsByString(ids))).toEqual(expected);
        }
      }),
    );
  });

  it('orders UUIDs that share their first 32 bits, repeat, or only look like UUIDs', () => {
    const hex = fc.constantFrom(...'0123456789abcdef');
    const word = (n: number) => fc.array(hex, { minLength: n, maxLength: n }).map((d) => d.join(''));
    const shared = fc.tuple(
      fc.constantFrom('00000000', 'ffffffff', '7fffffff', '80000000'),
      word(4),
      word(4),
      fc.constantFrom('0000', 'ffff', '8000'),
      word(12),
    );
    const id = fc.oneof(
      shared.map((parts) => parts.join('-')),
      fc.constantFrom(
        '00000000-0000-0000-0000-00000000000g',
        '00000000-0000-0000-0000-00000000000A',
        '0000000-00000-0000-0000-000000000000',
      ),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), (ids) => {
        const withRepeats = [...ids, ...ids.slice(0, 3)];
        const expected = [...withRepeats.keys()].sort((a, b) =>
          withRepeats[a] < withRepeats[b] ? -1 : withRepeats[a] > withRepeats[b] ? 1 : a - b,
        );
        expect(Array.from(rowsByString(withRepeats))).toEqual(expected);
      }),
    );
  });
});

describe('utf8Column', () => {
  it('decodes like Arrow, with nulls, non-ASCII text, slices and chunks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.option(fc.string({ unit: fc.constantFrom('a', 'Z', '-', 'ç', 'ß', '日', '😀'), maxLength: 6 }), {
            nil: null,
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.nat(),
        (list, cut) => {
          const vector = vectorFromArray(list, new Utf8());
          const c = cut % list.length;
          const tables = [
            new Table({ id: vector }),
            new Table({ id: vector }).slice(c),
            new Table({ id: vector.slice(0, c).concat(vector.slice(c)) }),
          ];
          for (const table of tables) expect(utf8Column(table, 'id')).toEqual(stringColumn(table, 'id'));
        },
      ),
      { numRuns: 40 },
    );
  });
});
