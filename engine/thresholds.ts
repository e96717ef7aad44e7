// Range bitmaps for common thresholds, pinned at build time on each range order (see
// OrderIndex.pin): a filter bound on one of these values (players 4, weight 2 to 3.5, at most
// 90 minutes, rating 7.5 or more, 1,000 votes or more, since 2015) becomes one AND or AND-NOT
// with a frozen bitmap, with no copy and no garbage. Any other bound still works through the
// order's checkpoints; this only makes the usual ones cheap. Derived from the order and the
// column alone (no input of its own); a column file carries them all the same (prebuilt.ts):
// rebuilding the ~400 of a 150,000-game catalog took ~85 ms of a start.
//
// Which values: every distinct value of a column with few of them (player counts, ages, play
// times, years); otherwise the multiples of a round step (1, 2.5 or 5 × 10^k, about 40 of
// them over the column's span) and, for long-tailed counts, the 1-2-2.5-5 series.

import type { OrderIndex } from './order.js';
import { runSteps } from './steps.js';

/** A column with at most this many distinct values gets a threshold at every one of them. */
export const DISTINCT_THRESHOLDS = 128;
/** Otherwise about this many round-step thresholds over the column's span. */
const GRID_STEPS = 40;
/** A positive column spanning this many orders of magnitude also gets the 1-2-2.5-5 series. */
const LONG_TAIL_RATIO = 100;

/** Pins the prefix bitmaps of the column's common thresholds on its ascending order. */
export function pinThresholds(order: OrderIndex, values: Float64Array): void {
  runSteps(pinThresholdsSteps(order, values));
}

/** pinThresholds in steps (OrderIndex.pinSteps), for a Dataset prepared while another serves. */
export function* pinThresholdsSteps(order: OrderIndex, values: Float64Array): Generator<void, void> {
  const thresholds = commonThresholds(order, values);
  const indexes = new Set<number>();
  for (const t of thresholds) {
    // "< t" and "≤ t" bound different prefixes when t itself occurs
    indexes.add(order.search((row) => values[row] >= t, 0, order.nonNull));
    indexes.add(order.search((row) => values[row] > t, 0, order.nonNull));
  }
  indexes.add(order.nonNull);
  yield* order.pinSteps(indexes);
}

/** The threshold values of one column (ascending order of the column, nulls last). */
export function commonThresholds(order: OrderIndex, values: Float64Array): number[] {
  if (order.nonNull === 0) return [];
  const min = values[order.rowAt(0)];
  const max = values[order.rowAt(order.nonNull - 1)];
  const distinct = distinctUpTo(order, values, DISTINCT_THRESHOLDS);
  if (distinct !== null) return distinct;
  const out = new Set<number>(grid(min, max));
  if (min > 0 && max / min >= LONG_TAIL_RATIO) for (const t of series(min, max)) out.add(t);
  return [...out];
}

/** The distinct values in order, or null when there are more than `limit`. */
function distinctUpTo(order: OrderIndex, values: Float64Array, limit: number): number[] | null {
  const out: number[] = [];
  let i = 0;
  while (i < order.nonNull) {
    if (out.length === limit) return null;
    const value = values[order.rowAt(i)];
    out.push(value);
    // jump past this value's run by binary search: few values, long runs
    i = order.search((row) => values[row] > value, i, order.nonNull);
  }
  return out;
}

/** Multiples of the round step that cuts [min, max] into at most GRID_STEPS pieces. */
function grid(min: number, max: number): number[] {
  const span = max - min;
  if (!(span > 0)) return [min];
  const raw = span / GRID_STEPS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const out: number[] = [];
  // multiples by integer index, each rounded to the step's decimals (0.1 * 3 is not 0.3)
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let i = Math.ceil(min / step); i * step <= max; i++) out.push(Number((i * step).toFixed(decimals)));
  return out;
}

/** 1, 2, 2.5, 5 × 10^k within [min, max]. */
function series(min: number, max: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(min)); 10 ** e <= max; e++) {
    for (const m of [1, 2, 2.5, 5]) {
      const t = Number((m * 10 ** e).toPrecision(12));
      if (t >= min && t <= max) out.push(t);
    }
  }
  return out;
}
