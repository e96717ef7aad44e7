// Range filtering over the Float64 columns of one table (the games, or the effective-mode
// variants): an ascending order per column, built on first use and cached, turns
// `lo ≤ value ≤ hi` into a bitmap. Experience-adjusted play times are derived columns
// (value × per-row multiplier), built and indexed the same way on first use.

import type { Bitmap } from './bitmap.js';
import type { ExperienceLevel } from './domain.js';
import { buildOrder, rangeRows, ROW_TIES, type OrderIndex } from './order.js';

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
  ) {}

  column(name: K): Float64Array {
    return this.columns[name];
  }

  /** Builds the range orders of these columns now rather than on first use. */
  warm(names: readonly K[]): void {
    for (const name of names) this.orderOf(name, this.columns[name]);
  }

  /** Rows with lo ≤ column ≤ hi (nulls never match). */
  range(name: K, lo: number, hi: number): Bitmap {
    return rangeRows(this.orderOf(name, this.columns[name]), this.columns[name], lo, hi);
  }

  /** Rows with lo ≤ column × multiplier(level) ≤ hi, comparing the unrounded product. */
  scaledRange(name: K, level: ExperienceLevel, lo: number, hi: number): Bitmap {
    const key = `${name}×${level}`;
    let values = this.scaled.get(key);
    if (!values) {
      const base = this.columns[name];
      const factor = this.multiplier(level);
      values = new Float64Array(this.size);
      for (let row = 0; row < values.length; row++) values[row] = base[row] * factor[row];
      this.scaled.set(key, values);
    }
    return rangeRows(this.orderOf(key, values), values, lo, hi);
  }

  private orderOf(key: string, values: Float64Array): OrderIndex {
    let order = this.orders.get(key);
    if (!order) {
      order = buildOrder(values, false, ROW_TIES, this.interval);
      this.orders.set(key, order);
    }
    return order;
  }
}
