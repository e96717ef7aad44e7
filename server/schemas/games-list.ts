// GET /v1/games: query parameters → an engine Query, or a problem naming every bad field.
// With `cursor` (or `before`) the listing continues the cursor's query; any filter or sort
// also given must agree with it (SPEC-NOTES §4.2).

import type { DatasetApi, Position, SortKey } from '../../engine/index.js';
import type { CursorCodec } from '../cursor.js';
import { continueFrom } from '../paging.js';
import { continuedListQuery, type ListQueryState } from './cursor-query.js';
import { validationProblem, type FieldError } from '../problem.js';
import { normalizeFilter, parseFilter } from './filter-parse.js';
import { parseFields, type GameFieldSelection } from './game-fields-param.js';
import { parseGameInclude, type GameInclude } from './includes.js';
import { parseLimit, parseSort, relevanceSort } from './list-params.js';
import { sortParams } from './param-names.js';

export const GAMES_LIST_ENDPOINT = 'games';
const OWN_PARAMS = ['sort', 'order', 'include', 'fields', 'limit', 'cursor', 'before'] as const;

export interface GamesListRequest extends ListQueryState {
  limit: number;
  include: GameInclude[];
  /** `fields`: the Game members to send (undefined: all). */
  fields?: GameFieldSelection;
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
  const include = parseGameInclude(own.get('include'), 'query', errors);
  const fields = parseFields(own.get('fields'), 'query', errors);
  const parsedSort = parseSort(own.get('sort'), own.get('order'), defaultSort, errors);
  if (errors.length > 0) throw validationProblem(errors);

  const filter = normalizeFilter(parseFilter(sorted.filter, 'query', dataset));
  const sortChoice = relevanceSort(parsedSort, own.get('sort') !== undefined, filter, errors);
  if (errors.length > 0) throw validationProblem(errors);
  const given: ListQueryState = { filter, ...sortChoice };
  const continued = continueFrom(
    { cursor: own.get('cursor'), before: own.get('before') },
    cursors,
    endpoint,
    cursorQuery(given),
    sorted.hasQueryParams,
  );
  return listRequest(continuedListQuery(continued, dataset), limit, include, fields, continued);
}

/**
 * A listing's request: the query it runs (the cursor's, or the one given) and its own
 * parameters. Members named one by one: on Node 20, `{ ...state, limit, … }` (a spread, then
 * members) took ~8 µs a request, half of this parse (bench/README.md, "Object spreads, cursor
 * signatures and the people tier").
 */
export function listRequest(
  state: ListQueryState,
  limit: number,
  include: GameInclude[],
  fields: GameFieldSelection,
  continued: { after?: Position; before?: Position },
): GamesListRequest {
  return {
    filter: state.filter,
    sort: state.sort,
    order: state.order,
    limit,
    include,
    fields,
    after: continued.after,
    before: continued.before,
  };
}

/** What a cursor for this listing carries besides its position. */
export function cursorQuery(state: ListQueryState): Record<string, unknown> {
  return { filter: state.filter, sort: state.sort, order: state.order };
}
