// Query parameters of the catalog resources (taxonomy, people, publishers, awards,
// families): entity lists take sort/order/limit/cursor/before, detail views take nothing,
// a family's games page takes the games sort plus paging. Unknown parameters are a 400
// naming the closest known one (D37).

import { z } from 'zod';
import type { DatasetApi, Filter, Position, SortOrder } from '../../engine/index.js';
import type { CursorCodec } from '../cursor.js';
import { continueFrom } from '../paging.js';
import { continuedListQuery, type ListQueryState } from './cursor-query.js';
import { fieldError, validationProblem, type FieldError } from '../problem.js';
import { cursorQuery } from './games-list.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit, parseSort, SORT_VALUES } from './list-params.js';
import { unknownParameter } from './unknown-parameter.js';

export const ENTITY_SORTS = ['name', 'game_count'] as const;
export type EntitySort = (typeof ENTITY_SORTS)[number];

const pagingShape = {
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Page size (default ${DEFAULT_LIMIT})`),
  cursor: z.string().optional().describe('`meta.next_cursor` of the previous page'),
  before: z.string().optional().describe('`meta.prev_cursor` of the next page'),
};

/** Query of every entity list, as the OpenAPI document shows it. */
export const entityListQuery = z.object({
  sort: z
    .enum([...ENTITY_SORTS, 'name_asc', 'name_desc', 'game_count_asc', 'game_count_desc'])
    .optional()
    .describe('`name` (default, A→Z) or `game_count` (default most games first); ties by id'),
  order: z.enum(['asc', 'desc']).optional().describe('`asc` or `desc`'),
  ...pagingShape,
});

/** Query of a family: paging (and sorting) of its games. */
export const familyQuery = z.object({
  sort: z
    .enum(SORT_VALUES as [string, ...string[]])
    .optional()
    .describe('Games sort, as on /v1/games (default name); the combined form `rating_desc` also works'),
  order: z.enum(['asc', 'desc']).optional(),
  ...pagingShape,
});

export interface EntityListRequest {
  sort: EntitySort;
  order: SortOrder;
  limit: number;
  after?: Position;
  before?: Position;
}

export interface FamilyGamesRequest extends ListQueryState {
  limit: number;
  after?: Position;
  before?: Position;
}

/** Splits the query into known parameters, reporting unknown ones (and repeats). */
export function knownParams(
  params: URLSearchParams,
  names: readonly string[],
  errors: FieldError[],
): Map<string, string> {
  const own = new Map<string, string>();
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (!names.includes(name)) {
      errors.push(unknownParameter(name, names, { values }));
    } else if (values.length > 1) {
      errors.push(fieldError(name, 'is given more than once', 'duplicate_parameter', values));
    } else {
      own.set(name, values[0]);
    }
  }
  return own;
}

/** A detail view takes no query parameters; anything given is a 400. */
export function rejectParams(params: URLSearchParams): void {
  const errors: FieldError[] = [];
  knownParams(params, [], errors);
  if (errors.length > 0) throw validationProblem(errors);
}

export function parseEntityList(params: URLSearchParams, cursors: CursorCodec, endpoint: string): EntityListRequest {
  const errors: FieldError[] = [];
  const own = knownParams(params, Object.keys(entityListQuery.shape), errors);
  const limit = parseLimit(own.get('limit'), 'query', errors);
  const { sort, order } = entitySort(own.get('sort'), own.get('order'), errors);
  if (errors.length > 0) throw validationProblem(errors);
  const continued = continueFrom(
    { cursor: own.get('cursor'), before: own.get('before') },
    cursors,
    endpoint,
    { sort, order },
    own.has('sort') || own.has('order'),
  );
  // The cursor is signed by this server: its query is one validated when it was issued.
  const state = continued.query as { sort: EntitySort; order: SortOrder };
  return { sort: state.sort, order: state.order, limit, after: continued.after, before: continued.before };
}

/** `sort=game_count&order=asc`, or combined `sort=game_count_asc` (as D39 allows for games). */
function entitySort(
  sortRaw: string | undefined,
  orderRaw: string | undefined,
  errors: FieldError[],
): { sort: EntitySort; order: SortOrder } {
  const parsed = entityListQuery.pick({ sort: true, order: true }).safeParse({ sort: sortRaw, order: orderRaw });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const allowed = field === 'sort' ? 'name or game_count (optionally suffixed _asc or _desc)' : 'asc or desc';
      errors.push(fieldError(field, `must be ${allowed}`, 'invalid_value', field === 'sort' ? sortRaw : orderRaw));
    }
    return { sort: 'name', order: 'asc' };
  }
  const combined = /^(name|game_count)_(asc|desc)$/.exec(parsed.data.sort ?? '');
  const sort: EntitySort = combined
    ? (combined[1] as EntitySort)
    : ((parsed.data.sort as EntitySort | undefined) ?? 'name');
  const implied = combined ? (combined[2] as SortOrder) : undefined;
  if (implied && parsed.data.order && implied !== parsed.data.order) {
    errors.push(fieldError('order', `contradicts sort=${sortRaw}`, 'invalid_combination', orderRaw));
  }
  const order = parsed.data.order ?? implied ?? (sort === 'name' ? 'asc' : 'desc');
  // Keyset positions compare names ascending only; a reversed A→Z list adds nothing here.
  return { sort, order };
}

/** `filter` selects the family's games; the cursor carries it like a games list cursor. */
export function parseFamilyGames(
  params: URLSearchParams,
  cursors: CursorCodec,
  endpoint: string,
  filter: Filter,
  dataset: DatasetApi,
): FamilyGamesRequest {
  const errors: FieldError[] = [];
  const own = knownParams(params, Object.keys(familyQuery.shape), errors);
  const limit = parseLimit(own.get('limit'), 'query', errors);
  const { sort, order } = parseSort(own.get('sort'), own.get('order'), 'name', errors);
  if (errors.length > 0) throw validationProblem(errors);
  const continued = continueFrom(
    { cursor: own.get('cursor'), before: own.get('before') },
    cursors,
    endpoint,
    cursorQuery({ filter, sort, order }),
    own.has('sort') || own.has('order'),
  );
  const state = continuedListQuery(continued, dataset);
  // Members named one by one, not `{ ...state, … }` (slow on Node 20; see games-list.ts).
  return {
    filter: state.filter,
    sort: state.sort,
    order: state.order,
    limit,
    after: continued.after,
    before: continued.before,
  };
}
