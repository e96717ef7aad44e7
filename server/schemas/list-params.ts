// Sorting, paging and embedding parameters shared by every list (SPEC-NOTES D38, D39).

import { z } from 'zod';
import { RELEVANCE, SORT_KEYS, type Filter, type QuerySort, type SortKey, type SortOrder } from '../../engine/index.js';
import { fieldError, type FieldError } from '../problem.js';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** Sort spellings beyond the canonical keys. */
const SORT_ALIASES: Readonly<Record<string, SortKey>> = { year: 'year_published' };

/** Ascending by default for keys where the smallest value is the best (D39; rank 1 is best). */
const ASCENDING_BY_DEFAULT: ReadonlySet<SortKey> = new Set<SortKey>(['name', 'rank']);

export const SORT_VALUES: readonly string[] = [...SORT_KEYS, RELEVANCE, ...Object.keys(SORT_ALIASES)];

export interface SortChoice {
  sort: QuerySort;
  order: SortOrder;
}

/** Accepts `sort=rating&order=asc` and the combined `sort=rating_asc` (D39). */
export function parseSort(
  sortRaw: unknown,
  orderRaw: unknown,
  fallback: SortKey,
  errors: FieldError[],
  names: { sort: string; order: string } = { sort: 'sort', order: 'order' },
): SortChoice {
  let sort: QuerySort = fallback;
  let impliedOrder: SortOrder | undefined;
  if (sortRaw !== undefined) {
    const text = typeof sortRaw === 'string' ? sortRaw.trim() : '';
    const combined = /^(.+)_(asc|desc)$/.exec(text);
    const key = combined && toSortKey(combined[1]) ? combined[1] : text;
    const resolved = toSortKey(key);
    if (!resolved) {
      errors.push(
        fieldError(
          names.sort,
          `must be one of: ${SORT_VALUES.join(', ')} (optionally suffixed _asc or _desc)`,
          'invalid_value',
          sortRaw,
        ),
      );
    } else {
      sort = resolved;
      if (combined && key === combined[1]) impliedOrder = combined[2] as SortOrder;
    }
  }
  let order: SortOrder = sort !== RELEVANCE && ASCENDING_BY_DEFAULT.has(sort) ? 'asc' : 'desc';
  if (impliedOrder) order = impliedOrder;
  if (orderRaw !== undefined) {
    if (orderRaw !== 'asc' && orderRaw !== 'desc') {
      errors.push(fieldError(names.order, 'must be asc or desc', 'invalid_value', orderRaw));
    } else if (impliedOrder && impliedOrder !== orderRaw) {
      errors.push(fieldError(names.order, `contradicts sort=${String(sortRaw)}`, 'invalid_combination', orderRaw));
    } else {
      order = orderRaw;
    }
  }
  return { sort, order };
}

/**
 * With a full-text `q`, results come by relevance unless a sort was given; `relevance`
 * without `q` is an error naming the sort.
 */
export function relevanceSort(
  choice: SortChoice,
  sortGiven: boolean,
  filter: Filter,
  errors: FieldError[],
  name = 'sort',
): SortChoice {
  if (filter.q !== undefined && !sortGiven) return { sort: RELEVANCE, order: 'desc' };
  if (choice.sort === RELEVANCE && filter.q === undefined)
    errors.push(fieldError(name, 'relevance needs q (the full-text query)', 'invalid_combination', RELEVANCE));
  return choice;
}

function toSortKey(text: string): QuerySort | undefined {
  if (text === RELEVANCE) return RELEVANCE;
  if ((SORT_KEYS as readonly string[]).includes(text)) return text as SortKey;
  // Object.hasOwn: `constructor`, `__proto__` and the like must not pass as aliases
  return Object.hasOwn(SORT_ALIASES, text) ? SORT_ALIASES[text] : undefined;
}

const LIMIT_TEXT = /^\d{1,6}$/;
const limitQuery = z.string().regex(LIMIT_TEXT).transform(Number).pipe(z.number().int().min(1).max(MAX_LIMIT));
const limitJson = z.number().int().min(1).max(MAX_LIMIT);

export function parseLimit(raw: unknown, source: 'query' | 'json', errors: FieldError[], name = 'limit'): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  // The usual query value without zod's pipe (what limitQuery gives it); anything else goes through the schema
  if (source === 'query' && typeof raw === 'string' && LIMIT_TEXT.test(raw)) {
    const limit = Number(raw);
    if (limit >= 1 && limit <= MAX_LIMIT) return limit;
  }
  const parsed = (source === 'query' ? limitQuery : limitJson).safeParse(raw);
  if (parsed.success) return parsed.data;
  errors.push(fieldError(name, `must be an integer from 1 to ${MAX_LIMIT}`, 'out_of_range', raw));
  return DEFAULT_LIMIT;
}

/** Comma list (query, or one JSON string) or array (JSON) of known values; unknown values are an error (D37). */
export function parseInclude<T extends string>(
  raw: unknown,
  allowed: readonly T[],
  errors: FieldError[],
  name = 'include',
): T[] {
  if (raw === undefined) return [];
  const items =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(raw)
        ? raw
        : null;
  if (items === null) {
    errors.push(fieldError(name, 'must be a list of include values', 'invalid_type', raw));
    return [];
  }
  const out: T[] = [];
  for (const item of items) {
    if (typeof item === 'string' && (allowed as readonly string[]).includes(item)) {
      if (!out.includes(item as T)) out.push(item as T);
    } else {
      errors.push(
        fieldError(
          name,
          `"${String(item)}" is not an include value; use: ${allowed.join(', ')}`,
          'invalid_value',
          item,
        ),
      );
    }
  }
  return out;
}
