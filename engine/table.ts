// Range filtering over the Float64 columns of one table (the games, or the effective-mode
// variants): an ascending order per column, built on first use and cached, turns
// `lo ≤ value ≤ hi` into a bitmap. Experience-adjusted play times are derived columns
// (value × per-row multiplier), built and indexed the same way on first use.

import type { Bitmap } from './bitmap.js';
import type { ExperienceLevel } from './domain.js';
import {
  buildOrder,
  buildOrderSteps,
  rangeRows,
  rangeSpan,
  ROW_TIES,
  type OrderIndex,
  type RangeSpan,
} from './order.js';
import { pinThresholds, pinThresholdsSteps } from './thresholds.js';

export class NumberTable<K extends string> {
  private readonly orders = new Map<string, OrderIndex>();
  private readonly scaled = new Map<string, Float64Array>();

  /**
   * @param multiplier per level, the multiplier of each row (built by the owner, cached here)
   */
  constructor(
    readonly size: number,
    private readonly columns: Readonly<Record<K, Float64Array>>,
    private readonly multiplier: (level: ExperienceLevel) => Float64Array,
    private readonly interval: number,
    /** Pin the common thresholds' prefix bitmaps on each range order (thresholds.ts). */
    private readonly thresholds = true,
  ) {}

  column(name: K): Float64Array {
    return this.columns[name];
  }

  /** Builds the range orders of these columns now rather than on first use. */
  warm(names: readonly K[]): void {
    for (const name of names) this.orderOf(name, this.columns[name]);
  }

  /**
   * warm() of one column in steps: the sort, then its thresholds' checkpoints and prefixes a
   * few at a time (one ~80 ms piece at 150,000 games otherwise). The order serves queries
   * as soon as it is sorted: a bound not yet pinned takes the checkpoint path meanwhile.
   */
  *warmSteps(name: K): Generator<void, void> {
    if (this.orders.has(name)) return;
    const values = this.columns[name];
    const order = yield* buildOrderSteps(values, false, ROW_TIES, this.interval);
    // a query that needed it between the steps built and pinned it at once: that one stays
    if (this.orders.has(name)) return;
    this.orders.set(name, order);
    yield;
    if (this.thresholds) yield* pinThresholdsSteps(order, values);
  }

  /** Takes range orders built elsewhere (a column file's), keyed by column, instead of sorting. */
  seed(orders: ReadonlyMap<string, OrderIndex>): void {
    for (const [key, order] of orders) {
      if (!Object.hasOwn(this.columns, key)) continue;
      // pinned here too: a started-from-file Dataset answers ranges as one built here would
      if (this.thresholds) pinThresholds(order, this.columns[key as K]);
      this.orders.set(key, order);
    }
  }

  /**
   * Takes another table's orders (pinned thresholds and all) for the columns not in `changed`:
   * a table over the same rows whose other columns hold the same values (column-update.ts).
   */
  adopt(orders: ReadonlyMap<string, OrderIndex>, changed: ReadonlySet<string>): void {
    for (const [key, order] of orders) {
      if (Object.hasOwn(this.columns, key) && !changed.has(key) && order.size === this.size)
        this.orders.set(key, order);
    }
  }

  /** The range orders of plain columns built so far (derived, scaled ones are left out). */
  built(): ReadonlyMap<string, OrderIndex> {
    return new Map([...this.orders].filter(([key]) => Object.hasOwn(this.columns, key)));
  }

  /** Rows with lo ≤ column ≤ hi (nulls never match). */
  range(name: K, lo: number, hi: number): Bitmap {
    return rangeRows(this.orderOf(name, this.columns[name]), this.columns[name], lo, hi);
  }

  /** Rows with lo ≤ column × multiplier(level) ≤ hi, comparing the unrounded product. */
  scaledRange(name: K, level: ExperienceLevel, lo: number, hi: number): Bitmap {
    const key = `${name}×${level}`;
    const values = this.scaledValues(name, level);
    return rangeRows(this.orderOf(key, values), values, lo, hi);
  }

  /** range() as an order span, for plans that apply it without building the bitmap. */
  span(name: K, lo: number, hi: number): RangeSpan {
    return rangeSpan(this.orderOf(name, this.columns[name]), this.columns[name], lo, hi);
  }

  /** scaledRange() as an order span. */
  scaledSpan(name: K, level: ExperienceLevel, lo: number, hi: number): RangeSpan {
    const values = this.scaledValues(name, level);
    return rangeSpan(this.orderOf(`${name}×${level}`, values), values, lo, hi);
  }

  private scaledValues(name: K, level: ExperienceLevel): Float64Array {
    const key = `${name}×${level}`;
    let values = this.scaled.get(key);
    if (!values) {
      const base = this.columns[name];
      const factor = this.multiplier(level);
      values = new Float64Array(this.size);
      for (let row = 0; row < values.length; row++) values[row] = base[row] * factor[row];
      this.scaled.set(key, values);
    }
    return values;
  }

  private orderOf(key: string, values: Float64Array): OrderIndex {
    let order = this.orders.get(key);
    if (!order) {
      order = buildOrder(values, false, ROW_TIES, this.interval);
      // the hook of thresholds.ts: common range bounds as ready bitmaps (query side only)
      if (this.thresholds) pinThresholds(order, values);
      this.orders.set(key, order);
    }
    return order;
  }
}
