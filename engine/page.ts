// Keyset paging over a result bitmap in a given order. Three ways to the same answer:
// - identity: the order is the row order, so rank/select on the bitmap is the page;
// - walk: step through the order testing membership (cheap when many rows match);
// - materialize: map the result to order positions, keep the page's nearest (few match).
// `auto` picks by estimated cost and falls back from an overlong walk to materialize.

import { rankSlice, type Bitmap } from './bitmap.js';
import type { OrderIndex } from './order.js';

export type PageStrategy = 'auto' | 'walk' | 'materialize';

/** Relative cost of one membership test in a walk vs one result row in a materialize. */
export const DEFAULT_WALK_STEP_COST = 3;

export interface PageRequest {
  limit: number;
  /** 'after': rows strictly after the position; 'before': rows strictly before it. */
  direction: 'first' | 'after' | 'before';
  /** Position vs row: negative when the position comes first (required unless 'first'). */
  compare?: (row: number) => number;
}

export interface PageRows {
  rows: number[];
  hasNext: boolean;
  hasPrev: boolean;
}

export function pageOf(
  result: Bitmap,
  order: OrderIndex,
  request: PageRequest,
  strategy: PageStrategy = 'auto',
): PageRows {
  const { limit, direction, compare } = request;
  let k = 0;
  if (direction !== 'first') {
    if (!compare) throw new RangeError('keyset paging needs a position');
    k = direction === 'after' ? order.search((row) => compare(row) < 0) : order.search((row) => compare(row) <= 0);
  }
  const backward = direction === 'before';
  const t = result.size;
  if (t === 0) return { rows: [], hasNext: false, hasPrev: false };
  if (strategy === 'auto' && order.identity) return byIdentity(result, k, limit, backward);
  if (strategy === 'materialize') return byMaterialize(result, order, k, limit, backward);
  if (strategy === 'walk')
    return byWalk(result, order, k, limit, backward, Infinity) ?? byMaterialize(result, order, k, limit, backward);
  const expectedSteps = ((limit + 1) * order.size) / t;
  if (expectedSteps * DEFAULT_WALK_STEP_COST < t) {
    const walked = byWalk(result, order, k, limit, backward, 4 * expectedSteps + 256);
    if (walked) return walked;
  }
  return byMaterialize(result, order, k, limit, backward);
}

/** The order is the row order: c = matches before k by rank, the page by select. */
function byIdentity(result: Bitmap, k: number, limit: number, backward: boolean): PageRows {
  const t = result.size;
  const c = k > 0 ? result.rank(k - 1) : 0;
  if (backward) {
    const start = Math.max(0, c - limit);
    return { rows: toArray(rankSlice(result, start, c - start)), hasPrev: start > 0, hasNext: c < t };
  }
  return { rows: toArray(rankSlice(result, c, limit)), hasPrev: c > 0, hasNext: c + limit < t };
}

/** A plain copy: Array.from goes through the typed array's iterator (a µs for a page). */
function toArray(rows: Uint32Array): number[] {
  const out = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = rows[i];
  return out;
}

/**
 * One pass over the result: count the matches before order index k and keep the `limit`
 * nearest to k on the requested side in a small sorted buffer. O(t + limit² log t), no sort
 * of the whole result.
 */
function byMaterialize(result: Bitmap, order: OrderIndex, k: number, limit: number, backward: boolean): PageRows {
  const rows = result.toUint32Array();
  const pos = order.pos;
  const best = new Uint32Array(limit);
  let size = 0;
  let before = 0;
  // Hot loop: one position lookup per matching row.
  for (let i = 0; i < rows.length; i++) {
    const p = pos[rows[i]];
    if (p < k) {
      before++;
      if (!backward || limit === 0) continue;
      if (size < limit) size = insertSorted(best, size, p);
      else if (p > best[0]) {
        best.copyWithin(0, 1, size);
        insertSorted(best, size - 1, p);
      }
    } else if (!backward && limit > 0) {
      if (size < limit) size = insertSorted(best, size, p);
      else if (p < best[size - 1]) insertSorted(best, size - 1, p);
    }
  }
  const page = new Array<number>(size);
  for (let i = 0; i < size; i++) page[i] = order.rowAt(best[i]);
  const t = rows.length;
  return backward
    ? { rows: page, hasPrev: before > limit, hasNext: before < t }
    : { rows: page, hasPrev: before > 0, hasNext: t - before > limit };
}

/** Inserts p into the ascending list[0, size) (which has room); returns the new size. */
function insertSorted(list: Uint32Array, size: number, p: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  list.copyWithin(lo + 1, lo, size);
  list[lo] = p;
  return size + 1;
}

/** Null when the walk exceeds its budget (the caller then materializes). */
function byWalk(
  result: Bitmap,
  order: OrderIndex,
  k: number,
  limit: number,
  backward: boolean,
  budget: number,
): PageRows | null {
  const n = order.size;
  const t = result.size;
  const found: number[] = [];
  let steps = 0;
  // Hot loop: one native membership test per step.
  if (!backward) {
    for (let i = k; i < n && found.length <= limit; i++) {
      if (++steps > budget) return null;
      const row = order.rowAt(i);
      if (result.has(row)) found.push(row);
    }
    const hasNext = found.length > limit;
    // Reaching the end means every match at or after k was seen; the rest lie before k.
    const hasPrev = k > 0 && (hasNext ? result.intersects(order.prefix(k)) : t > found.length);
    return { rows: found.slice(0, limit), hasNext, hasPrev };
  }
  for (let i = k - 1; i >= 0 && found.length <= limit; i--) {
    if (++steps > budget) return null;
    const row = order.rowAt(i);
    if (result.has(row)) found.push(row);
  }
  const hasPrev = found.length > limit;
  const hasNext = k < n && (hasPrev ? !result.isSubset(order.prefix(k)) : t > found.length);
  return { rows: found.slice(0, limit).reverse(), hasNext, hasPrev };
}
