// Keyset paging in relevance order: the full-text matches of q (best first, each with its
// relevance key, engine/text/text-index.ts) narrowed to the filter's result. A position's
// value is the relevance key, unique per game within a Dataset; `desc` is best first (the
// default), `asc` its reverse.

import type { TextMatches } from './api.js';
import type { Bitmap } from './bitmap.js';
import type { PageRows } from './page.js';
import type { Position, SortOrder } from './query.js';

export function relevancePage(
  matches: TextMatches,
  result: Bitmap,
  order: SortOrder,
  limit: number,
  direction: 'first' | 'after' | 'before',
  position: Position | undefined,
  ids: readonly string[],
): PageRows & { keys: number[] } {
  const kept: number[] = [];
  for (let i = 0; i < matches.rows.length; i++) if (result.has(matches.rows[i])) kept.push(i);
  if (order === 'asc') kept.reverse();
  const { keys, rows } = matches;
  // before(i): match i comes strictly before the position in this order.
  const pv = position && typeof position.value === 'number' ? position.value : Number.NaN;
  const before = (i: number): boolean => {
    const key = keys[i];
    if (key !== pv) return order === 'desc' ? key < pv : key > pv;
    return ids[rows[i]] < (position?.id ?? '');
  };
  // Matches before the position form a prefix of `kept`: find its length.
  let lo = 0;
  let hi = kept.length;
  if (direction !== 'first' && !Number.isNaN(pv)) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(kept[mid])) lo = mid + 1;
      else hi = mid;
    }
  } else if (direction !== 'first') {
    // A null value sorts after every key (nulls last, as in every order): all matches precede it.
    lo = kept.length;
  }
  const n = Math.max(0, Math.floor(limit));
  let start = 0;
  let end = Math.min(kept.length, n);
  if (direction === 'after') {
    // Skip the position's own row when it is still a match.
    const at = lo < kept.length && keys[kept[lo]] === pv && ids[rows[kept[lo]]] === position?.id ? lo + 1 : lo;
    start = at;
    end = Math.min(kept.length, at + n);
  } else if (direction === 'before') {
    end = lo;
    start = Math.max(0, end - n);
  }
  const page = kept.slice(start, end);
  return {
    rows: page.map((i) => rows[i]),
    keys: page.map((i) => keys[i]),
    hasPrev: start > 0,
    hasNext: end < kept.length,
  };
}
