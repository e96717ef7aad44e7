// The query a games cursor carries, checked before it runs. A cursor is signed, so a client
// cannot alter it; but one signed with the same secret by another version of the server (a
// rolling upgrade, a replica on older code) may carry a query this version reads
// differently, and the engine must never see a filter or sort the edge did not validate.
// The check parses the query's filter again as a JSON body's (filter-parse.ts) and keeps it
// only when that gives back the same filter, member for member.

import {
  type DatasetApi,
  type Filter,
  type QuerySort,
  RELEVANCE,
  SORT_KEYS,
  type SortOrder,
} from '../../engine/index.js';
import type { ContinuedQuery } from '../paging.js';
import { ApiProblem, fieldError, validationProblem } from '../problem.js';
import { FILTER_FIELDS, type ScalarFilterKey } from './filter-fields.js';
import { normalizeFilter, parseFilter, type RawFilter } from './filter-parse.js';

/** The query of a games listing: what its cursor carries besides the position (games-list.ts cursorQuery). */
export interface ListQueryState {
  filter: Filter;
  sort: QuerySort;
  order: SortOrder;
}

const SORTS: ReadonlySet<unknown> = new Set<unknown>([...SORT_KEYS, RELEVANCE]);
const ORDERS: ReadonlySet<unknown> = new Set<unknown>(['asc', 'desc']);

/** The cursor's query as this version would have issued it, or undefined when it is not one. */
export function checkedListQuery(query: Record<string, unknown>, dataset: DatasetApi): ListQueryState | undefined {
  const keys = Object.keys(query);
  if (keys.length !== 3 || !SORTS.has(query.sort) || !ORDERS.has(query.order)) return undefined;
  const filter = reparsedFilter(query.filter, dataset);
  if (filter === undefined) return undefined;
  if (query.sort === RELEVANCE && typeof filter.q !== 'string') return undefined;
  return { filter, sort: query.sort as QuerySort, order: query.order as SortOrder };
}

function reparsedFilter(value: unknown, dataset: DatasetApi): Filter | undefined {
  if (!isPlainObject(value)) return undefined;
  const raw: RawFilter = { fields: new Map() };
  for (const [key, member] of Object.entries(value)) {
    if (key === 'award') {
      if (!isPlainObject(member)) return undefined;
      for (const [part, v] of Object.entries(member)) {
        if (part === 'slug') raw.awardSlug = { name: 'award.slug', value: v };
        else if (part === 'result') raw.awardResult = { name: 'award.result', value: v };
        else return undefined;
      }
    } else if (Object.hasOwn(FILTER_FIELDS, key)) {
      raw.fields.set(key as ScalarFilterKey, { name: key, value: member });
    } else return undefined;
  }
  let filter: Filter;
  try {
    filter = normalizeFilter(parseFilter(raw, 'json', dataset));
  } catch (error) {
    if (error instanceof ApiProblem) return undefined;
    throw error;
  }
  return JSON.stringify(filter) === JSON.stringify(value) ? filter : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The query a listing runs: the request's own (validated as it was parsed) when no cursor
 * was given, else the cursor's, checked.
 */
export function continuedListQuery(continued: ContinuedQuery, dataset: DatasetApi): ListQueryState {
  if (continued.via === undefined) return continued.query as unknown as ListQueryState;
  const checked = checkedListQuery(continued.query, dataset);
  if (checked === undefined)
    throw validationProblem([
      fieldError(
        continued.via,
        'carries filters or a sort this server cannot run (issued by another version of it, or naming what the catalog no longer holds); start the listing again',
        'invalid_cursor',
      ),
    ]);
  return checked;
}
