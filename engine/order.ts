// A total order of the rows of a table: the permutation behind every sort key and every
// range index. Null rows sit after all valued rows (nulls last in both directions), so the
// valued rows are the prefix [0, nonNull). Prefix bitmaps ("rows at order index < k") come
// from checkpoint bitmaps every `interval` positions plus at most interval/2 adds or removes,
// which turns any slice of the order into a bitmap in microseconds.

import { andNot, bitmapOf, bitmapOfAscending, emptyBitmap, freeze, rangeBitmap, type Bitmap } from './bitmap.js';
import { floatKeys, radixSortRowsSteps } from './radix.js';
import { runSteps } from './steps.js';

export const DEFAULT_CHECKPOINT_INTERVAL = 4096;
/** Checkpoints or pinned prefixes built between two yields of pinSteps (a few ms at 150,000 rows). */
const PIN_STEP = 8;
/** rowsAt scans every row when the table has at most this many rows per wanted row. */
const SCAN_RATIO = 16;

/** How two rows with equal values are ordered: by a precomputed row order (e.g. by id) or by row. */
export interface TieBreak {
  /** Rows in tie order; null for row order. Computed on demand because it can be costly. */
  order(): Uint32Array | null;
  /** a strictly before b on ties, without needing order(). */
  before(a: number, b: number): boolean;
}

export const ROW_TIES: TieBreak = {
  order: () => null,
  before: (a, b) => a < b,
};

export type OrderValues = Float64Array | readonly (string | null)[];

export class OrderIndex {
  private posCache: Uint32Array | undefined;
  private checkpoints: Bitmap[] | undefined;
  /** Exact prefix bitmaps at chosen order indexes (range thresholds, see thresholds.ts). */
  private readonly pinned = new Map<number, Bitmap>();

  /**
   * @param permutation order index -> row, or null when the order is the row order itself
   * @param nonNull number of rows with a value (the prefix of the order)
   */
  constructor(
    private readonly permutation: Uint32Array | null,
    readonly size: number,
    readonly nonNull: number,
    private readonly interval: number = DEFAULT_CHECKPOINT_INTERVAL,
  ) {}

  /** True when row i is at order index i: result bitmaps then iterate in sorted order. */
  get identity(): boolean {
    return this.permutation === null;
  }

  rowAt(index: number): number {
    return this.permutation === null ? index : this.permutation[index];
  }

  /**
   * The same order over the same values with every row r renumbered rowOf[r]: the identity
   * when the new numbering is this order.
   */
  renumbered(rowOf: Uint32Array): OrderIndex {
    const perm = new Uint32Array(this.size);
    let identity = true;
    for (let i = 0; i < this.size; i++) {
      const row = rowOf[this.rowAt(i)];
      perm[i] = row;
      if (row !== i) identity = false;
    }
    return new OrderIndex(identity ? null : perm, this.size, this.nonNull, this.interval);
  }

  /** order index -> row (materialized for the identity order too). */
  get perm(): Uint32Array {
    if (this.permutation !== null) return this.permutation;
    const out = new Uint32Array(this.size);
    for (let i = 0; i < out.length; i++) out[i] = i;
    return out;
  }

  /** row -> order index. */
  get pos(): Uint32Array {
    if (this.posCache) return this.posCache;
    const perm = this.perm;
    const pos = new Uint32Array(this.size);
    for (let i = 0; i < perm.length; i++) pos[perm[i]] = i;
    this.posCache = pos;
    return pos;
  }

  /** First order index in [lo, hi) where `test(row)` holds; `test` must be monotone. */
  search(test: (row: number) => boolean, lo = 0, hi = this.size): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (test(this.rowAt(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** A new bitmap of the rows at order indexes [0, k). */
  prefix(k: number): Bitmap {
    const n = this.size;
    if (k <= 0) return emptyBitmap();
    if (k >= n) return rangeBitmap(0, n);
    const perm = this.permutation;
    if (perm === null) return rangeBitmap(0, k);
    const half = this.interval >>> 1;
    if (k <= half) return this.rowsAt(0, k);
    if (n - k <= half) return andNot(rangeBitmap(0, n), bitmapOf(perm.subarray(k, n)));
    const checkpoints = this.ensureCheckpoints(perm);
    const j = Math.min(checkpoints.length - 1, Math.round(k / this.interval));
    const start = Math.min(j * this.interval, n);
    const out = checkpoints[j].clone();
    if (start < k) out.addMany(perm.subarray(start, k));
    else if (start > k) out.removeMany(perm.subarray(k, start));
    return out;
  }

  /**
   * Keeps frozen prefix bitmaps at these order indexes, so a range bound landing on one costs
   * one bitmap operation and no copy (see exactPrefix).
   */
  pin(indexes: Iterable<number>): void {
    runSteps(this.pinSteps(indexes));
  }

  /**
   * pin() in steps: the checkpoints first (PIN_STEP of them a step), then PIN_STEP prefixes a
   * step. Queries may use the order meanwhile: a bound not yet pinned takes the usual path.
   */
  *pinSteps(indexes: Iterable<number>): Generator<void, void> {
    const missing = [...indexes].filter((k) => k > 0 && k < this.size && !this.pinned.has(k));
    // none missing (a column file carried them all): no checkpoints either until a query needs them
    if (missing.length > 0 && this.permutation !== null) yield* this.checkpointSteps(this.permutation);
    let made = 0;
    for (const k of missing) {
      if (!this.pinned.has(k)) {
        this.pinned.set(k, freeze(this.prefix(k)));
        if (++made % PIN_STEP === 0) yield;
      }
    }
  }

  /** The pinned prefixes by order index (what a column file keeps, so a start need not build them). */
  get pins(): ReadonlyMap<number, Bitmap> {
    return this.pinned;
  }

  /**
   * Takes a pinned prefix built elsewhere (a column file's): the frozen bitmap of the rows at
   * order indexes [0, k), which holds exactly k rows, all of this order's; anything else throws.
   */
  adoptPin(k: number, bitmap: Bitmap): void {
    if (!(k > 0 && k < this.size) || bitmap.size !== k || bitmap.maximum() >= this.size)
      throw new RangeError(`a pinned prefix of ${bitmap.size} rows at order index ${k} of ${this.size}`);
    this.pinned.set(k, bitmap);
  }

  /** The frozen bitmap of the rows at order indexes [0, k) when k is pinned; undefined otherwise. */
  exactPrefix(k: number): Bitmap | undefined {
    return this.pinned.get(k);
  }

  /**
   * Overwrites `target` with the rows at order indexes [0, k), allocating nothing: a pinned
   * prefix or the nearest checkpoint is copied in, then at most interval/2 rows added or removed.
   */
  writePrefix(target: Bitmap, k: number): Bitmap {
    const n = this.size;
    const exact = this.pinned.get(k);
    if (exact) return target.copyFrom(exact);
    target.clear();
    if (k <= 0) return target;
    if (k >= n) return target.addRange(0, n);
    const perm = this.permutation;
    if (perm === null) return target.addRange(0, k);
    if (k <= this.interval >>> 1) return target.addMany(perm.subarray(0, k));
    const checkpoints = this.ensureCheckpoints(perm);
    const j = Math.min(checkpoints.length - 1, Math.round(k / this.interval));
    const start = Math.min(j * this.interval, n);
    target.copyFrom(checkpoints[j]);
    if (start < k) target.addMany(perm.subarray(start, k));
    else if (start > k) target.removeMany(perm.subarray(k, start));
    return target;
  }

  /** A new bitmap of the rows at order indexes [a, b). */
  slice(a: number, b: number): Bitmap {
    a = Math.max(0, a);
    b = Math.min(this.size, b);
    if (b <= a) return emptyBitmap();
    const perm = this.permutation;
    if (perm === null) return rangeBitmap(a, b);
    if (b - a <= this.interval) return this.rowsAt(a, b);
    const out = this.prefix(b);
    if (a <= 0) return out;
    if (a <= this.interval >>> 1) {
      out.removeMany(perm.subarray(0, a));
      return out;
    }
    // Remove the prefix [0, a) through the nearest checkpoint in place: no second prefix
    // bitmap is built (a clone of a large bitmap per range filter, and its garbage).
    const checkpoints = this.ensureCheckpoints(perm);
    const j = Math.min(checkpoints.length - 1, Math.round(a / this.interval));
    const start = Math.min(j * this.interval, this.size);
    out.andNotInPlace(checkpoints[j]);
    // start is within interval/2 of a and b - a > interval, so [a, start) lies inside [a, b)
    if (start < a) out.removeMany(perm.subarray(start, a));
    else if (start > a) out.addMany(perm.subarray(a, start));
    return out;
  }

  /**
   * A new bitmap of the rows at order indexes [a, b), for a short slice. The rows come in
   * value order, and adding thousands of unsorted rows costs roaring far more than sorted
   * ones; when the table is small next to the slice (under SCAN_RATIO rows per slice row),
   * one pass over the rows' positions yields them ascending instead.
   */
  private rowsAt(a: number, b: number): Bitmap {
    const perm = this.perm;
    if (this.size > (b - a) * SCAN_RATIO) return bitmapOf(perm.subarray(a, b));
    const pos = this.pos;
    const rows = new Uint32Array(b - a);
    let k = 0;
    for (let row = 0; row < pos.length; row++) {
      const p = pos[row];
      if (p >= a && p < b) rows[k++] = row;
    }
    return bitmapOfAscending(rows);
  }

  private ensureCheckpoints(perm: Uint32Array): Bitmap[] {
    return this.checkpoints ?? runSteps(this.checkpointSteps(perm));
  }

  /**
   * The checkpoints, PIN_STEP of them a step. A query that needs them before the last step
   * builds them all itself; the first complete set is kept (both are the same bitmaps).
   */
  private *checkpointSteps(perm: Uint32Array): Generator<void, Bitmap[]> {
    if (this.checkpoints) return this.checkpoints;
    const count = Math.ceil(this.size / this.interval) + 1;
    const out: Bitmap[] = [freeze(emptyBitmap())];
    const running = emptyBitmap();
    for (let j = 1; j < count; j++) {
      if (j % PIN_STEP === 0) yield;
      running.addMany(perm.subarray((j - 1) * this.interval, Math.min(j * this.interval, this.size)));
      out.push(freeze(running.clone()));
    }
    this.checkpoints ??= out;
    return this.checkpoints;
  }
}

/**
 * Builds the order of `values` (NaN or null = no value) in the given direction, nulls last,
 * ties by `ties`. Detects the identity order first (one linear pass that stops at the first
 * row out of order), so a table delivered in this order costs no permutation at all. Given
 * the opposite direction's order (same ties), reverses its value groups instead of sorting.
 */
export function buildOrder(
  values: OrderValues,
  desc: boolean,
  ties: TieBreak,
  interval: number = DEFAULT_CHECKPOINT_INTERVAL,
  opposite?: OrderIndex,
): OrderIndex {
  return runSteps(buildOrderSteps(values, desc, ties, interval, opposite));
}

/**
 * buildOrder in steps, for a serving thread: the radix sort a pass at a time and the
 * reversal a slice of rows at a time. Built whole, a float column's order at 150,000 games
 * held the thread 30–80 ms (the reload's background rebuild, bench/reload.ts).
 */
export function* buildOrderSteps(
  values: OrderValues,
  desc: boolean,
  ties: TieBreak,
  interval: number = DEFAULT_CHECKPOINT_INTERVAL,
  opposite?: OrderIndex,
): Generator<void, OrderIndex> {
  const n = values.length;
  const isNull = nullTest(values);
  const nonNull = countValued(n, isNull);
  if (isIdentity(n, isNull, valueCompare(values, desc), ties)) return new OrderIndex(null, n, nonNull, interval);
  yield;
  if (opposite) return new OrderIndex(yield* reverseGroupsSteps(opposite, values), n, nonNull, interval);

  // Valued rows in tie order, then a stable sort by value alone yields (value, tie).
  const tieOrder = ties.order();
  yield;
  const valued = new Uint32Array(nonNull);
  const perm = new Uint32Array(n);
  splitValued(tieOrder, isNull, valued, perm);
  yield;
  const keys = values instanceof Float64Array ? floatKeys(values, desc) : stringKeys(valued, values, desc);
  yield;
  perm.set(keys ? yield* radixSortRowsSteps(valued, keys) : Array.from(valued).sort(valueCompare(values, desc)), 0);
  return new OrderIndex(perm, n, nonNull, interval);
}

function countValued(n: number, isNull: (row: number) => boolean): number {
  let nonNull = 0;
  for (let i = 0; i < n; i++) if (!isNull(i)) nonNull++;
  return nonNull;
}

function isIdentity(
  n: number,
  isNull: (row: number) => boolean,
  cmp: (x: number, y: number) => number,
  ties: TieBreak,
): boolean {
  for (let i = 0; i + 1 < n; i++) if (!inOrder(i, i + 1, isNull, cmp, ties)) return false;
  return true;
}

/** Rows in tie order (row order when null) into `valued`, the null rows into the tail of `perm`. */
function splitValued(
  tieOrder: Uint32Array | null,
  isNull: (row: number) => boolean,
  valued: Uint32Array,
  perm: Uint32Array,
): void {
  let v = 0;
  let e = valued.length;
  for (let i = 0; i < perm.length; i++) {
    const row = tieOrder === null ? i : tieOrder[i];
    if (isNull(row)) perm[e++] = row;
    else valued[v++] = row;
  }
}

/**
 * Per row, the rank of its string among the distinct strings (inverted for desc), so a
 * stable radix sort by rank orders rows by string with ties in tie order. Only the distinct
 * strings are compared (with `<`): catalogs repeat names a lot.
 */
function stringKeys(rows: Uint32Array, values: OrderValues, desc: boolean): [Uint32Array] {
  const text = values as readonly string[];
  const distinct = new Map<string, number>();
  const code = new Uint32Array(text.length);
  for (let i = 0; i < rows.length; i++) {
    const value = text[rows[i]];
    let c = distinct.get(value);
    if (c === undefined) {
      c = distinct.size;
      distinct.set(value, c);
    }
    code[rows[i]] = c;
  }
  const strings = [...distinct.keys()];
  const sorted = strings.map((_, c) => c).sort((a, b) => (strings[a] < strings[b] ? -1 : 1));
  const rank = new Uint32Array(strings.length);
  for (let r = 0; r < sorted.length; r++) rank[sorted[r]] = desc ? strings.length - 1 - r : r;
  for (let i = 0; i < rows.length; i++) code[rows[i]] = rank[code[rows[i]]];
  return [code];
}

/** Rows reversed between two yields of reverseGroupsSteps (a few ms at most). */
const REVERSE_STEP = 32_768;

/**
 * The permutation of the opposite direction: runs of equal values in reverse order, each run
 * keeping its tie order; the null tail unchanged. O(n), no comparisons between strings. Rows
 * are copied one by one, not a subarray per run: a float column has a run per row nearly,
 * and 150,000 subarrays were garbage enough to bring a collection into the step.
 */
function* reverseGroupsSteps(order: OrderIndex, values: OrderValues): Generator<void, Uint32Array> {
  const from = order.perm;
  const out = new Uint32Array(from.length);
  out.set(from.subarray(order.nonNull), order.nonNull);
  let write = 0;
  let end = order.nonNull;
  while (end > 0) {
    [write, end] = reverseRuns(from, values, out, write, end, write + REVERSE_STEP);
    yield;
  }
  return out;
}

/**
 * Walks runs from the back of the valued prefix [0, end), copying each into `out` from
 * `write`, until `stop` rows are written or the prefix is done (a run is never split).
 * Returns the new write and end positions.
 */
function reverseRuns(
  from: Uint32Array,
  values: OrderValues,
  out: Uint32Array,
  write: number,
  end: number,
  stop: number,
): [number, number] {
  // Hot loop: walk runs from the back of the valued prefix.
  while (end > 0 && write < stop) {
    let start = end - 1;
    const value = values[from[start]];
    while (start > 0 && values[from[start - 1]] === value) start--;
    for (let i = start; i < end; i++) out[write++] = from[i];
    end = start;
  }
  return [write, end];
}

/** Whether row a may precede row b in the order (nulls last, then value, then ties). */
function inOrder(
  a: number,
  b: number,
  isNull: (row: number) => boolean,
  cmp: (x: number, y: number) => number,
  ties: TieBreak,
): boolean {
  const na = isNull(a);
  const nb = isNull(b);
  if (na !== nb) return nb;
  const c = na ? 0 : cmp(a, b);
  return c < 0 || (c === 0 && ties.before(a, b));
}

export function nullTest(values: OrderValues): (row: number) => boolean {
  if (values instanceof Float64Array) return (row) => Number.isNaN(values[row]);
  return (row) => values[row] === null;
}

/** Compares two valued rows in the requested direction (0 on ties). */
function valueCompare(values: OrderValues, desc: boolean): (a: number, b: number) => number {
  if (values instanceof Float64Array) {
    return desc ? (a, b) => values[b] - values[a] : (a, b) => values[a] - values[b];
  }
  const text = values as readonly string[];
  const asc = (a: number, b: number): number => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0);
  return desc ? (a, b) => asc(b, a) : asc;
}

/** Rows whose value lies in [lo, hi], from an ascending order of a Float64 column. */
export function rangeRows(order: OrderIndex, values: Float64Array, lo: number, hi: number): Bitmap {
  const span = rangeSpan(order, values, lo, hi);
  return order.slice(span.a, span.b);
}

/**
 * The rows with lo ≤ value ≤ hi as a span of an ascending order, not yet a bitmap: its size
 * (b - a) is exact, and plan.ts turns it into bitmap operations only when it must.
 */
export interface RangeSpan {
  order: OrderIndex;
  values: Float64Array;
  lo: number;
  hi: number;
  /** Order indexes [a, b) hold exactly the matching rows. */
  a: number;
  b: number;
}

export function rangeSpan(order: OrderIndex, values: Float64Array, lo: number, hi: number): RangeSpan {
  if (!(lo <= hi)) return { order, values, lo, hi, a: 0, b: 0 };
  const a = lo === -Infinity ? 0 : order.search((row) => values[row] >= lo, 0, order.nonNull);
  const b = hi === Infinity ? order.nonNull : order.search((row) => values[row] > hi, a, order.nonNull);
  return { order, values, lo, hi, a, b };
}
