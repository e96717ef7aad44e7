// GET /v1/games: query parameters → an engine Query, or a problem naming every bad field.
// With `cursor` (or `before`) the listing continues the cursor's query; any filter or sort
// also given must agree with it (SPEC-NOTES §4.2).

import type { DatasetApi } from '../../engine/api.js';
import type { Filter, Position, SortKey, SortOrder } from '../../engine/query.js';
import { CursorError, type CursorCodec } from '../cursor.js';
import { validationProblem, type FieldError } from '../problem.js';
import { fieldError, normalizeFilter, parseFilter } from './filter-parse.js';
import { GAME_INCLUDES, type GameInclude } from './includes.js';
import { parseInclude, parseLimit, parseSort } from './list-params.js';
import { sortParams } from './param-names.js';

export const GAMES_LIST_ENDPOINT = 'games';
const OWN_PARAMS = ['sort', 'order', 'include', 'limit', 'cursor', 'before'] as const;

export interface ListQueryState {
  filter: Filter;
  sort: SortKey;
  order: SortOrder;
}

export interface GamesListRequest extends ListQueryState {
  limit: number;
  include: GameInclude[];
  after?: Position;
  before?: Position;
}

export function parseGamesList(
  params: URLSearchParams,
  dataset: DatasetApi,
  cursors: CursorCodec,
  defaultSort: SortKey = 'name',
  endpoint = GAMES_LIST_ENDPOINT,
): GamesListRequest {
  const errors: FieldError[] = [];
  const sorted = sortParams(params, OWN_PARAMS, errors);
  const own = sorted.own;
  const limit = parseLimit(own.get('limit'), 'query', errors);
  const include = parseInclude(own.get('include'), GAME_INCLUDES, 'query', errors);
  const sortChoice = parseSort(own.get('sort'), own.get('order'), defaultSort, errors);
  if (own.has('cursor') && own.has('before')) {
    errors.push(fieldError('before', 'cannot be combined with cursor; use one of them', 'invalid_combination'));
  }
  if (errors.length > 0) throw validationProblem(errors);

  const given: ListQueryState = { filter: normalizeFilter(parseFilter(sorted.filter, 'query', dataset)), ...sortChoice };
  const token = own.get('cursor') ?? own.get('before');
  if (token === undefined) return { ...given, limit, include };

  const name = own.has('cursor') ? 'cursor' : 'before';
  let decoded;
  try {
    decoded = cursors.decode(token, endpoint);
  } catch (error) {
    if (error instanceof CursorError) throw validationProblem([fieldError(name, error.message, 'invalid_cursor')]);
    throw error;
  }
  // The cursor is signed by this server, so its query is one we validated when issuing it.
  const state = decoded.query as unknown as ListQueryState;
  if (sorted.hasQueryParams && JSON.stringify(decoded.query) !== JSON.stringify(cursorQuery(given))) {
    throw validationProblem([
      fieldError(name, 'was issued for different filters or sort; repeat the original parameters or drop them', 'invalid_cursor'),
    ]);
  }
  const position = decoded.position;
  return name === 'cursor'
    ? { ...state, limit, include, after: position }
    : { ...state, limit, include, before: position };
}

/** What a cursor for this listing carries besides its position. */
export function cursorQuery(state: ListQueryState): Record<string, unknown> {
  return { filter: state.filter, sort: state.sort, order: state.order };
}
