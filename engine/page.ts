// Keyset paging over a result bitmap in a given order. Three ways to the same answer:
// - identity: the order is the row order, so rank/select on the bitmap is the page;
// - walk: step through the order testing membership (cheap when many rows match);
// - materialize: map the result to order positions and sort them (cheap when few match).
// `auto` picks by estimated cost and falls back from an overlong walk to materialize.

import { rankSlice, type Bitmap } from './bitmap.js';
import type { OrderIndex } from './order.js';

export type PageStrategy = 'auto' | 'walk' | 'materialize';

/** Relative cost of one membership test in a walk vs one result row in a materialize. */
export const DEFAULT_WALK_STEP_COST = 4;

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

export function pageOf(result: Bitmap, order: OrderIndex, request: PageRequest, strategy: PageStrategy = 'auto'): PageRows {
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
  if (strategy === 'walk') return byWalk(result, order, k, limit, backward, Infinity) ?? byMaterialize(result, order, k, limit, backward);
  const expectedSteps = ((limit + 1) * order.size) / t;
  if (expectedSteps * DEFAULT_WALK_STEP_COST < t) {
    const walked = byWalk(result, order, k, limit, backward, 4 * expectedSteps + 256);
    if (walked) return walked;
  }
  return byMaterialize(result, order, k, limit, backward);
}

/** `before` rank c (matches before order index k) -> the page from the sorted match list. */
function fromRank(c: number, t: number, limit: number, backward: boolean, slice: (start: number, count: number) => number[]): PageRows {
  if (backward) {
    const start = Math.max(0, c - limit);
    return { rows: slice(start, c - start), hasPrev: start > 0, hasNext: c < t };
  }
  return { rows: slice(c, Math.min(limit, t - c)), hasPrev: c > 0, hasNext: c + limit < t };
}

function byIdentity(result: Bitmap, k: number, limit: number, backward: boolean): PageRows {
  const c = k > 0 ? result.rank(k - 1) : 0;
  return fromRank(c, result.size, limit, backward, (start, count) => Array.from(rankSlice(result, start, count)));
}

function byMaterialize(result: Bitmap, order: OrderIndex, k: number, limit: number, backward: boolean): PageRows {
  const positions = result.toUint32Array();
  const pos = order.pos;
  for (let i = 0; i < positions.length; i++) positions[i] = pos[positions[i]];
  positions.sort();
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return fromRank(lo, positions.length, limit, backward, (start, count) =>
    Array.from(positions.subarray(start, start + count), (p) => order.rowAt(p)),
  );
}

/** Null when the walk exceeds its budget (the caller then materializes). */
function byWalk(result: Bitmap, order: OrderIndex, k: number, limit: number, backward: boolean, budget: number): PageRows | null {
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
