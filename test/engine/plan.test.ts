// Exclusions in a plan's evaluation: an excluded index posting (frozen) is kept as its
// complement, built once and kept by the Scratch (the oldest going past its cap); anything
// not frozen, or every exclusion when the cap is 0, is removed by AND-NOT. Every way must give the rows a plain set computation gives.

import { describe, expect, it } from 'vitest';
import { bitmapOf, type Bitmap } from '../../engine/bitmap.js';
import type { Clause } from '../../engine/filter.js';
import { buildOrder, ROW_TIES, rangeSpan } from '../../engine/order.js';
import { intersect, narrow, Scratch } from '../../engine/plan.js';
import { emptyBitmap } from '../../engine/bitmap.js';

const SIZE = 200_000;

/** Rows below SIZE picked by a seeded generator (roughly `share` of them). */
function rows(seed: number, share: number): number[] {
  let state = seed;
  const out: number[] = [];
  for (let row = 0; row < SIZE; row++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    if (state / 2_147_483_648 < share) out.push(row);
  }
  return out;
}

function frozen(values: number[]): Bitmap {
  const bitmap = bitmapOf(values);
  bitmap.freeze();
  return bitmap;
}

const dense = rows(1, 0.7);
const sparseA = rows(2, 0.05);
const sparseB = rows(3, 0.02);

/** dense ∖ (sparseA ∪ sparseB), by sets. */
const expected = ((): number[] => {
  const out = new Set(dense);
  for (const row of [...sparseA, ...sparseB]) out.delete(row);
  return [...out].sort((x, y) => x - y);
})();

function clauses(a: Bitmap, b: Bitmap, asUnion: boolean): Clause[] {
  const kept: Clause = { dim: null, rows: { kind: 'bitmap', bitmap: frozen(dense) }, exclude: false };
  return asUnion
    ? [kept, { dim: null, rows: { kind: 'union', bitmaps: [a, b] }, exclude: true }]
    : [
        kept,
        { dim: null, rows: { kind: 'bitmap', bitmap: a }, exclude: true },
        { dim: null, rows: { kind: 'bitmap', bitmap: b }, exclude: true },
      ];
}

describe('exclusions', () => {
  const cases = [
    { name: 'frozen postings, kept as complements', a: () => frozen(sparseA), b: () => frozen(sparseB), cap: 256 },
    { name: 'bitmaps that are not frozen, removed', a: () => bitmapOf(sparseA), b: () => bitmapOf(sparseB), cap: 256 },
    { name: 'no complements kept, removed', a: () => frozen(sparseA), b: () => frozen(sparseB), cap: 0 },
    { name: 'one kept at a time', a: () => frozen(sparseA), b: () => frozen(sparseB), cap: 1 },
  ];
  for (const c of cases)
    for (const asUnion of [false, true])
      it(`${c.name} (${asUnion ? 'one union' : 'two clauses'}): intersect and narrow agree with sets`, () => {
        const scratch = new Scratch(undefined, c.cap);
        const plan = clauses(c.a(), c.b(), asUnion);
        // twice: the second evaluation uses the complements the first one built
        for (let i = 0; i < 2; i++) {
          expect(intersect(plan, SIZE, emptyBitmap(), scratch).toArray()).toEqual(expected);
          const into = emptyBitmap();
          into.addRange(0, SIZE);
          expect(narrow(into, plan, SIZE, scratch).toArray()).toEqual(expected);
        }
      });

  it('an exclusion alone leaves every other row of the universe', () => {
    const scratch = new Scratch();
    const excluded = frozen(sparseA);
    const result = intersect(
      [{ dim: null, rows: { kind: 'bitmap', bitmap: excluded }, exclude: true }],
      SIZE,
      emptyBitmap(),
      scratch,
    );
    expect(result.size).toBe(SIZE - sparseA.length);
    expect(result.andCardinality(excluded)).toBe(0);
  });
});

describe('Scratch.complementOf', () => {
  it('builds a frozen posting’s complement once and keeps it', () => {
    const scratch = new Scratch();
    const excluded = frozen(sparseA);
    const first = scratch.complementOf(excluded, SIZE);
    if (first === null || first.kind !== 'bitmap') throw new Error('no complement');
    expect(first.bitmap.size).toBe(SIZE - sparseA.length);
    expect(first.bitmap.andCardinality(excluded)).toBe(0);
    expect(first.bitmap.isFrozen).toBe(true);
    expect(scratch.complementOf(excluded, SIZE)).toBe(first);
  });

  it('refuses a bitmap that could change, and keeps none when its cap is 0', () => {
    expect(new Scratch().complementOf(bitmapOf(sparseA), SIZE)).toBeNull();
    expect(new Scratch(undefined, 0).complementOf(frozen(sparseA), SIZE)).toBeNull();
  });

  it('lets the oldest complement go past its cap, and takes it again when asked', () => {
    const scratch = new Scratch(undefined, 2);
    const [a, b, c] = [frozen(sparseA), frozen(sparseB), frozen(dense)];
    const first = scratch.complementOf(a, SIZE);
    const second = scratch.complementOf(b, SIZE);
    expect(scratch.complementOf(a, SIZE)).toBe(first);
    const third = scratch.complementOf(c, SIZE);
    if (third?.kind !== 'bitmap') throw new Error('no complement');
    expect(third.bitmap.size).toBe(SIZE - dense.length);
    // a went (the oldest), b and c stay
    expect(scratch.complementOf(b, SIZE)).toBe(second);
    expect(scratch.complementOf(c, SIZE)).toBe(third);
    const again = scratch.complementOf(a, SIZE);
    expect(again).not.toBe(first);
    expect(again?.bitmap.size).toBe(SIZE - sparseA.length);
  });

  it('takes the complement again within another universe', () => {
    const scratch = new Scratch();
    const excluded = frozen(sparseA);
    const small = scratch.complementOf(excluded, 1000);
    const whole = scratch.complementOf(excluded, SIZE);
    if (small?.kind !== 'bitmap' || whole?.kind !== 'bitmap') throw new Error('no complement');
    expect(small.bitmap.size).toBe(1000 - sparseA.filter((row) => row < 1000).length);
    expect(whole.bitmap.size).toBe(SIZE - sparseA.length);
  });
});

describe('a range span whose start is a pinned prefix', () => {
  // values in [0, 100) with ties and no nulls; the span [lo, hi] found as the engine finds it
  const values = Float64Array.from(rows(4, 1).map((row) => (row * 7919) % 100));
  const order = buildOrder(values, false, ROW_TIES);
  const span = rangeSpan(order, values, 20, 60);
  order.pin([span.a, span.b]);
  const kept = frozen(rows(5, 0.5));
  const expectedRows = kept.toArray().filter((row) => values[row] >= 20 && values[row] <= 60);

  for (const cap of [256, 0])
    it(`keeps the rows in range either way (${cap > 0 ? 'an AND with the kept rest' : 'an AND-NOT'})`, () => {
      const scratch = new Scratch(undefined, cap);
      const plan: Clause[] = [
        { dim: null, rows: { kind: 'bitmap', bitmap: kept }, exclude: false },
        { dim: null, rows: { kind: 'span', span }, exclude: false },
      ];
      for (let i = 0; i < 2; i++) expect(intersect(plan, SIZE, emptyBitmap(), scratch).toArray()).toEqual(expectedRows);
      // the span alone is written, not ANDed: the same start either way
      expect(intersect([plan[1]], SIZE, emptyBitmap(), scratch).size).toBe(span.b - span.a);
      const prefix = order.exactPrefix(span.a);
      if (prefix === undefined) throw new Error('start not pinned');
      expect(scratch.complementOf(prefix, SIZE) !== null).toBe(cap > 0);
    });
});
