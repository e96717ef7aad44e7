// Evaluating a compiled plan: AND of the kept clauses, minus the excluded ones, optionally
// skipping one facet dimension. In effective mode a game passes the effective-aware part
// when its base row passes it or any of its variants does.
//
// Garbage is what makes the tail (GC pauses), so the main result is written into a bitmap the
// caller owns and reuses (a Scratch), clauses are applied smallest first, and none is turned
// into a bitmap of its own unless it must be: a union is built in the scratch's spare bitmap,
// a numeric range is one AND / AND-NOT with pinned threshold bitmaps (thresholds.ts) when its
// bounds are common ones, a value test over the rows left when few are, and a prefix written
// into the spare bitmap otherwise. An excluded index posting, and a range's start on a pinned
// threshold, are kept as complements (built on first use and kept by the Scratch): an AND with
// a dense complement costs a few hundred ns where removing a sparse bitmap's rows runs per
// value of its array containers.

import { complementBitmap, emptyBitmap, removeRows, type Bitmap } from './bitmap.js';
import type { Clause, Operand, Plan } from './filter.js';
import type { RangeSpan } from './order.js';
import type { FacetDimension } from './query.js';
import type { Variants } from './variants.js';

/**
 * Below this many rows left, a range without pinned bounds is applied by reading the column
 * of each row (a typed-array pass) rather than by writing its prefix bitmaps (a checkpoint
 * copy and up to interval/2 adds or removes each).
 */
export const DEFAULT_VALUE_TEST_ROWS = 16_384;

/**
 * An operand holding at least 1/this of the rows is dense: roaring keeps its containers (65,536
 * rows each) as bitsets, which need more than 4,096 values, and an AND of two bitsets costs the
 * same whatever their counts, while an AND with an array container costs per value. Smallest
 * first makes the running result sparse after a few dense operands, and every later dense
 * operand then costs per row of it; broadest first keeps it dense until the last (150k games,
 * the typical query's six operands of 36,000 to 120,000 rows: 33.5 → 29.4 µs a query,
 * in-process A/B at load 5.3).
 */
export const DENSE_SHARE = 16;

/**
 * Most complements one Scratch keeps (of excluded postings and of pinned range starts): each
 * about size / 8 bytes (19 KB at 150,000 games), so at most ~5 MB there. Past the cap the
 * oldest goes (insertion order, as the fragment cache does): the kept set follows what traffic
 * asks for over a Dataset's life instead of holding the first 256 ever asked.
 */
export const MAX_COMPLEMENTS = 256;

/** A bitmap as an operand. */
type BitmapOperand = Extract<Operand, { kind: 'bitmap' }>;

/** A kept complement: its universe's size and the operand that stands for the exclusion. */
interface Complement {
  size: number;
  operand: BitmapOperand;
}

/**
 * Buffers one Dataset reuses across its calls: a spare bitmap for unions and prefixes and a
 * row buffer. Calls never interleave (the engine is synchronous and no call re-enters
 * another), so one Scratch per Dataset is enough.
 */
export class Scratch {
  readonly spare: Bitmap = emptyBitmap();
  private buffer = new Uint32Array(0);
  private readonly complements = new Map<Bitmap, Complement>();

  /**
   * @param valueTestRows see DEFAULT_VALUE_TEST_ROWS (tests force either way of applying a range)
   * @param maxComplements see MAX_COMPLEMENTS (tests force either way of applying an exclusion
   *   or a range's start)
   */
  constructor(
    readonly valueTestRows: number = DEFAULT_VALUE_TEST_ROWS,
    readonly maxComplements: number = MAX_COMPLEMENTS,
  ) {}

  /** A buffer of at least n rows (contents undefined); valid until the next call. */
  rows(n: number): Uint32Array {
    if (this.buffer.length < n) this.buffer = new Uint32Array(Math.max(n, this.buffer.length * 2));
    return this.buffer;
  }

  /**
   * [0, size) minus `excluded` as a kept operand, built on its first use (the oldest kept one
   * going when the scratch holds maxComplements). Null when `excluded` is not frozen (its rows
   * could change after the complement was taken; index postings and pinned prefixes are
   * frozen) or the scratch may keep none.
   */
  complementOf(excluded: Bitmap, size: number): BitmapOperand | null {
    const known = this.complements.get(excluded);
    if (known !== undefined && known.size === size) return known.operand;
    if (!excluded.isFrozen || this.maxComplements < 1) return null;
    if (known === undefined && this.complements.size >= this.maxComplements) {
      const oldest = this.complements.keys().next();
      if (!oldest.done) this.complements.delete(oldest.value);
    }
    const operand: BitmapOperand = { kind: 'bitmap', bitmap: complementBitmap(excluded, size) };
    this.complements.set(excluded, { size, operand });
    return operand;
  }
}

export interface Evaluation {
  /** Matching game rows (the `into` bitmap given to evaluate). */
  result: Bitmap;
  /** Effective mode: base rows passing every effective-aware filter (null: no such filter). */
  baseEffective: Bitmap | null;
  /** Effective mode: variants passing every effective-aware filter. */
  variantEffective: Bitmap | null;
}

/** Evaluates the plan into `into` (overwritten), skipping the clauses of `skip`. */
export function evaluate(
  plan: Plan,
  size: number,
  variants: Variants,
  into: Bitmap,
  scratch: Scratch,
  skip?: FacetDimension,
): Evaluation {
  const clauses = without(plan.clauses, skip);
  let baseEffective: Bitmap | null = null;
  let variantEffective: Bitmap | null = null;
  if (plan.effective) {
    // Effective mode keeps its two partial results for matched_via: they are new bitmaps.
    const base = without(plan.effective.base, skip);
    const variantClauses = without(plan.effective.variants, skip);
    baseEffective = base.length > 0 ? intersect(base, size, emptyBitmap(), scratch) : null;
    variantEffective =
      variantClauses.length > 0 ? intersect(variantClauses, variants.count, emptyBitmap(), scratch) : null;
    if (baseEffective !== null) {
      const either = baseEffective.clone();
      if (variantEffective !== null) either.orInPlace(variants.basesOf(variantEffective));
      clauses.push({ dim: null, rows: { kind: 'bitmap', bitmap: either }, exclude: false });
    }
  }
  return { result: intersect(clauses, size, into, scratch), baseEffective, variantEffective };
}

function without(clauses: readonly Clause[], skip: FacetDimension | undefined): Clause[] {
  return skip === undefined ? [...clauses] : clauses.filter((c) => c.dim !== skip);
}

/** AND of kept clauses minus excluded ones over [0, size), written into `into`. */
export function intersect(clauses: readonly Clause[], size: number, into: Bitmap, scratch: Scratch): Bitmap {
  const kept: Operand[] = [];
  const removed: Operand[] = [];
  sortOut(clauses, size, scratch, kept, removed);
  if (kept.length === 0) {
    into.clear();
    into.addRange(0, size);
  } else {
    sortByEstimate(kept, size);
    // Every operand dense: broadest first, so the running result stays dense as long as it can.
    if (estimate(kept[0], size) * DENSE_SHARE >= size) kept.reverse();
    write(kept[0], into, scratch);
    for (let i = 1; i < kept.length && into.size > 0; i++) andWith(into, kept[i], scratch);
  }
  for (const operand of removed) if (into.size > 0) andNotWith(into, operand);
  return into;
}

/**
 * Narrows `into` (rows of [0, size)) in place to the rows passing every clause (kept ones
 * first, then exclusions).
 */
export function narrow(into: Bitmap, clauses: readonly Clause[], size: number, scratch: Scratch): Bitmap {
  const kept: Operand[] = [];
  const removed: Operand[] = [];
  sortOut(clauses, size, scratch, kept, removed);
  for (const operand of kept) if (into.size > 0) andWith(into, operand, scratch);
  for (const operand of removed) if (into.size > 0) andNotWith(into, operand);
  return into;
}

/**
 * The clauses' operands into `kept` (ANDed) and `removed` (AND-NOTed): an excluded one is
 * kept as complements where the scratch has them.
 */
function sortOut(
  clauses: readonly Clause[],
  size: number,
  scratch: Scratch,
  kept: Operand[],
  removed: Operand[],
): void {
  for (const c of clauses) {
    if (c.exclude) keepComplements(c.rows, size, scratch, kept, removed);
    else kept.push(c.rows);
  }
}

/**
 * An excluded operand as kept complements where the scratch has them (every bitmap of a
 * union: not in any = in each complement), the rest left in `removed`.
 */
function keepComplements(rows: Operand, size: number, scratch: Scratch, kept: Operand[], removed: Operand[]): void {
  if (rows.kind === 'span') {
    removed.push(rows);
    return;
  }
  const bitmaps = rows.kind === 'bitmap' ? [rows.bitmap] : rows.bitmaps;
  for (const bitmap of bitmaps) {
    const complement = scratch.complementOf(bitmap, size);
    if (complement !== null) kept.push(complement);
    else removed.push(rows.kind === 'bitmap' ? rows : { kind: 'bitmap', bitmap });
  }
}

/**
 * Smallest estimate first, ties in their order (as a stable sort): an insertion sort, since a
 * plan has a handful of operands and Array.prototype.sort made a comparator and a work array
 * on every query (about 0.9 KB of a list request's garbage, by a sampled heap profile).
 */
function sortByEstimate(kept: Operand[], size: number): void {
  for (let i = 1; i < kept.length; i++) {
    const operand = kept[i];
    const rows = estimate(operand, size);
    let j = i - 1;
    for (; j >= 0 && estimate(kept[j], size) > rows; j--) kept[j + 1] = kept[j];
    kept[j + 1] = operand;
  }
}

/** Rows of the operand (exact for bitmaps and spans, an upper bound for unions). */
export function estimate(operand: Operand, size: number): number {
  switch (operand.kind) {
    case 'bitmap':
      return operand.bitmap.size;
    case 'span':
      return Math.max(0, operand.span.b - operand.span.a);
    case 'union': {
      let sum = 0;
      for (const b of operand.bitmaps) sum += b.size;
      return Math.min(sum, size);
    }
  }
}

/** Overwrites `into` with the operand's rows. */
function write(operand: Operand, into: Bitmap, scratch: Scratch): void {
  switch (operand.kind) {
    case 'bitmap':
      into.copyFrom(operand.bitmap);
      return;
    case 'union':
      into.copyFrom(operand.bitmaps[0]);
      for (let i = 1; i < operand.bitmaps.length; i++) into.orInPlace(operand.bitmaps[i]);
      return;
    case 'span': {
      const { order, a, b } = operand.span;
      if (b <= a) {
        into.clear();
        return;
      }
      order.writePrefix(into, b);
      if (a > 0) removeBefore(into, operand.span, order.exactPrefix(a), scratch);
    }
  }
}

function andWith(into: Bitmap, operand: Operand, scratch: Scratch): void {
  switch (operand.kind) {
    case 'bitmap':
      into.andInPlace(operand.bitmap);
      return;
    case 'union':
      write(operand, scratch.spare, scratch);
      into.andInPlace(scratch.spare);
      return;
    case 'span':
      andSpan(into, operand.span, scratch);
  }
}

function andNotWith(into: Bitmap, operand: Operand): void {
  switch (operand.kind) {
    case 'bitmap':
      removeRows(into, operand.bitmap);
      return;
    case 'union':
      for (const b of operand.bitmaps) if (into.size > 0) removeRows(into, b);
      return;
    case 'span':
      // no filter excludes a range today; built as a new bitmap rather than juggling spares
      into.andNotInPlace(operand.span.order.slice(operand.span.a, operand.span.b));
  }
}

/** Keeps the rows of `into` inside the span. */
function andSpan(into: Bitmap, span: RangeSpan, scratch: Scratch): void {
  const { order, a, b } = span;
  if (b <= a) {
    into.clear();
    return;
  }
  const upper = b >= order.size ? null : order.exactPrefix(b);
  const lower = a <= 0 ? null : order.exactPrefix(a);
  const upperReady = b >= order.size || upper !== undefined;
  const lowerReady = a <= 0 || lower !== undefined;
  if (!(upperReady && lowerReady) && into.size <= scratch.valueTestRows) {
    keepValues(into, span, scratch);
    return;
  }
  if (b < order.size) into.andInPlace(upper ?? order.writePrefix(scratch.spare, b));
  if (a > 0 && into.size > 0) removeBefore(into, span, lower ?? undefined, scratch);
}

/**
 * Removes the rows before the span's start (a > 0): its pinned prefix (`pinned`, as the caller
 * looked it up) by an AND with its kept complement (the rows from a on), any other prefix
 * written into the spare and removed.
 */
function removeBefore(into: Bitmap, span: RangeSpan, pinned: Bitmap | undefined, scratch: Scratch): void {
  const { order, a } = span;
  const rest = pinned === undefined ? null : scratch.complementOf(pinned, order.size);
  if (rest !== null) into.andInPlace(rest.bitmap);
  else removeRows(into, pinned ?? order.writePrefix(scratch.spare, a));
}

/** Keeps the rows whose value lies in [lo, hi] (NaN never does), reading the column per row. */
function keepValues(into: Bitmap, span: RangeSpan, scratch: Scratch): void {
  const n = into.size;
  const rows = scratch.rows(n);
  into.toUint32Array(rows);
  const { values, lo, hi } = span;
  let kept = 0;
  // Hot loop: one column read per remaining row; rows stay ascending.
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    const v = values[row];
    if (v >= lo && v <= hi) rows[kept++] = row;
  }
  if (kept === n) return;
  into.clear();
  if (kept > 0) into.addMany(rows.subarray(0, kept));
}

/** Whether the plan has a clause the given dimension's facet must skip. */
export function touches(plan: Plan, dim: FacetDimension): boolean {
  const has = (list: readonly Clause[]): boolean => list.some((c) => c.dim === dim);
  return has(plan.clauses) || (plan.effective !== null && (has(plan.effective.base) || has(plan.effective.variants)));
}
