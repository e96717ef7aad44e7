// The part of the Query contract the SQL and scan methods implement. A bench query using
// anything else fails loudly instead of being compared under a different meaning.

import type { Filter, Query } from '../engine/index.js';
import { benchSortKey } from './scan-order.js';

export const BENCH_FILTER_KEYS = [
  'players',
  'weight_min',
  'weight_max',
  'playtime_min',
  'playtime_max',
  'playtime_source',
  'playtime_experience',
  'type',
  'mode',
  'mechanics',
  'mechanics_all',
  'mechanics_not',
  'theme',
  'theme_not',
  'category',
  'category_not',
  'designer',
  'year_min',
  'year_max',
  'rating_min',
  'rating_max',
  'min_rating_votes',
  'award',
] as const satisfies readonly (keyof Filter)[];

/** Why the SQL and scan methods cannot express effective mode (reported, never skipped silently). */
export const EFFECTIVE_REASON =
  'effective mode (any expansion set, three-tier resolution D11–D17) has no independent SQL or scan implementation';

/** Null when the SQL and scan methods express the query; otherwise why not. */
export function unsupportedReason(query: Query): string | null {
  if (query.filter.effective === true) return EFFECTIVE_REASON;
  const known = new Set<string>(BENCH_FILTER_KEYS);
  for (const [key, value] of Object.entries(query.filter)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (key === 'effective' && value === false) continue;
    if (!known.has(key)) return `filter ${key} is not implemented by the SQL and scan methods`;
  }
  return null;
}

export function assertSupported(query: Query): void {
  benchSortKey(query.sort);
  if (query.before !== undefined) throw new Error('bench: backward paging (before) is not supported by SQL and scan');
  const reason = unsupportedReason(query);
  if (reason !== null) throw new Error(`bench: ${reason}`);
}
