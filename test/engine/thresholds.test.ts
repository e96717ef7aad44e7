// The pinned range thresholds (engine/thresholds.ts): which values get one, and that each
// pinned bitmap is exactly the order's prefix at its index (the oracle suite checks the
// answers through them; this checks the choice and the bitmaps themselves).

import { describe, expect, it } from 'vitest';
import { buildOrder, ROW_TIES } from '../../engine/order.js';
import { commonThresholds, DISTINCT_THRESHOLDS, pinThresholds } from '../../engine/thresholds.js';

const orderOf = (values: Float64Array) => buildOrder(values, false, ROW_TIES, 16);

/** Deterministic pseudo-random values in [0, 1). */
function noise(n: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  });
}

describe('commonThresholds', () => {
  it('is every distinct value of a column with few of them', () => {
    const values = Float64Array.from([4, 1, 2, Number.NaN, 2, 8, 1, 4, 6]);
    expect(commonThresholds(orderOf(values), values)).toEqual([1, 2, 4, 6, 8]);
  });

  it('is a round grid over a continuous column (weights: 2 and 3.5 among them)', () => {
    const values = Float64Array.from(noise(2000, 7), (x) => 1 + Math.round(x * 400) / 100);
    const thresholds = commonThresholds(orderOf(values), values);
    expect(thresholds.length).toBeLessThanOrEqual(45);
    expect(thresholds).toContain(2);
    expect(thresholds).toContain(3.5);
    expect(thresholds).not.toContain(2.05);
  });

  it('adds the 1-2-2.5-5 series on a long-tailed count (1,000 votes among them)', () => {
    const values = Float64Array.from(noise(3000, 9), (x) => Math.floor(1 + 150_000 * x ** 6));
    expect(new Set(values).size).toBeGreaterThan(DISTINCT_THRESHOLDS);
    const thresholds = commonThresholds(orderOf(values), values);
    for (const t of [10, 100, 250, 1000, 2000, 5000]) expect(thresholds).toContain(t);
  });

  it('is empty for a column without values', () => {
    const values = Float64Array.from([Number.NaN, Number.NaN]);
    expect(commonThresholds(orderOf(values), values)).toEqual([]);
  });
});

describe('pinThresholds', () => {
  it('pins, at both bounds of every threshold, exactly the prefix of the order', () => {
    const values = Float64Array.from(noise(500, 3), (x, i) => (i % 17 === 0 ? Number.NaN : Math.round(x * 50)));
    const order = orderOf(values);
    pinThresholds(order, values);
    const search = (test: (row: number) => boolean): number => order.search(test, 0, order.nonNull);
    for (const t of commonThresholds(order, values)) {
      for (const k of [search((row) => values[row] >= t), search((row) => values[row] > t)]) {
        if (k === 0) continue;
        const pinned = order.exactPrefix(k);
        expect(pinned, `prefix at ${k} (threshold ${t})`).toBeDefined();
        expect(pinned?.toArray()).toEqual(order.prefix(k).toArray());
      }
    }
    expect(order.exactPrefix(order.nonNull)?.size).toBe(order.nonNull);
  });
});
