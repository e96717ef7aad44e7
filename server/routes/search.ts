// Routes for POST /v1/games/search (+ its GET continuation, D43) and GET /v1/search.

import type { H3, H3Event } from 'h3';
import type { DatasetApi, Position, TextHit, TextRanking } from '../../engine/index.js';
import type { AppDeps } from '../app-deps.js';
import { bodyBytesFor } from '../body-slabs.js';
import { readJsonBody, route, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX, link, listHref } from '../links.js';
import type { CursorDirection } from '../cursor.js';
import { cursorQuery } from '../schemas/games-list.js';
import { navigation } from '../paging.js';
import { gamesPageBody } from '../present/games-page.js';
import { fieldsQueryValue } from '../schemas/game-fields-param.js';
import { problemSchema } from '../schemas/responses/common.js';
import {
  gamesSearchResponseSchema,
  searchContinuationQuerySchema,
  searchRequestDocSchema,
  textSearchQuerySchema,
  textSearchResponseSchema,
} from '../schemas/search-docs.js';
import {
  GAMES_SEARCH_ENDPOINT,
  parseSearchBody,
  parseSearchContinuation,
  type SearchRequest,
} from '../schemas/search-request.js';
import {
  parseTextSearch,
  textCursorQuery,
  TEXT_SEARCH_ENDPOINT,
  type TextSearchRequest,
} from '../schemas/search-text.js';
import { pageNavigation, sendGamesPage } from './games.js';

const SEARCH_PATH = `${API_PREFIX}/games/search`;
const TEXT_PATH = `${API_PREFIX}/search`;
const problem = (description: string) => ({
  description,
  schema: problemSchema,
  contentType: 'application/problem+json',
});

const DOCS: Record<'post' | 'continue' | 'text', RouteDoc> = {
  post: {
    summary: 'Search games with a SearchRequest',
    description:
      'Every filter of GET /v1/games in a JSON body, plus `facets`. Default sort bayes_rating desc. ' +
      '`_links.next`/`prev` continue through GET /v1/games/search.',
    tags: ['games'],
    body: searchRequestDocSchema,
    responses: {
      200: { description: 'A page of matching games, each with matched_via', schema: gamesSearchResponseSchema },
      400: problem('Invalid body: malformed JSON, not an object, unknown or invalid fields, corpus, bad cursor'),
      413: problem('Body larger than 64 KiB'),
      415: problem('Body not sent as application/json'),
      422: problem('A filter names a slug that does not exist'),
    },
  },
  continue: {
    summary: 'Continue a search from its cursor',
    description:
      'The next (`cursor`) or previous (`before`) page of a POSTed search; the cursor carries the filters and sort.',
    tags: ['games'],
    query: searchContinuationQuerySchema,
    responses: {
      200: { description: 'A page of matching games', schema: gamesSearchResponseSchema },
      400: problem('Missing, altered or foreign cursor, or another parameter'),
    },
  },
  text: {
    summary: 'Full-text search over names, alternate names, people, families and descriptions',
    description:
      'Games matching q, typos tolerated, by relevance tier then popularity (docs/api.md); each carries `score` (0..1) ' +
      'and `matched_field`; an empty result carries `meta.did_you_mean` when a corrected query finds games.',
    tags: ['search'],
    query: textSearchQuerySchema,
    responses: {
      200: { description: 'A page of matching games with their score', schema: textSearchResponseSchema },
      400: problem('q missing or shorter than 2 characters, bad type, limit or cursor, unknown parameter'),
    },
  },
};

export function registerSearchRoutes(app: H3, deps: AppDeps): void {
  route(
    app,
    SEARCH_PATH,
    {
      POST: async (event) => {
        const body = await readJsonBody(event.req);
        const dataset = deps.state.current;
        const request = parseSearchBody(body, dataset, deps.cursors);
        return runSearch(event, deps, dataset, request, postedSelf(deps, request));
      },
      GET: (event) =>
        runSearch(
          event,
          deps,
          deps.state.current,
          parseSearchContinuation(event.url.searchParams, deps.state.current, deps.cursors),
        ),
    },
    { POST: DOCS.post, GET: DOCS.continue },
  );
  route(app, TEXT_PATH, { GET: (event) => textSearch(event, deps) }, { GET: DOCS.text });
}

/**
 * `_links.self` of a POSTed search: a link is followed with GET, so it is this same page as
 * a GET continuation (a cursor carrying the body's filters and sort, and the page's start).
 */
function postedSelf(deps: AppDeps, request: SearchRequest): string {
  const query = cursorQuery(request);
  const cursor = (direction: CursorDirection, position: Position) =>
    deps.cursors.encode({ endpoint: GAMES_SEARCH_ENDPOINT, query, position, direction });
  const include = request.include.length > 0 ? request.include.join(',') : undefined;
  if (request.before)
    return listHref(SEARCH_PATH, { before: cursor('prev', request.before), limit: request.limit, include });
  const from = request.after ? cursor('next', request.after) : cursor('start', { value: null, id: '-' });
  return listHref(SEARCH_PATH, { cursor: from, limit: request.limit, include });
}

function runSearch(
  event: H3Event,
  deps: AppDeps,
  dataset: DatasetApi,
  request: SearchRequest,
  self?: string,
): string | Uint8Array {
  const page = dataset.query(request);
  const { meta, links } = pageNavigation(event, deps.cursors, request, page, SEARCH_PATH, GAMES_SEARCH_ENDPOINT);
  if (self !== undefined) links.self = link(self);
  // "All but own" counts over the whole result, not the page (engine facets()).
  if (request.facets) meta.facets = dataset.facets(request.filter, request.facets);
  if (page.total === 0 && request.filter.q !== undefined) {
    const suggestion = dataset.suggest(request.filter.q);
    if (suggestion !== undefined) meta.did_you_mean = suggestion;
  }
  return sendGamesPage(event, dataset, request, page, meta, links);
}

/** What a page of GET /v1/search takes from the engine's ranking of q. */
interface TextPage {
  total: number;
  start: number;
  end: number;
  hits: TextHit[];
  first?: Position;
  last?: Position;
}

/**
 * The page of hits the request asks for, in the engine's order (relevance tier, then
 * popularity), narrowed by type. Read from the engine's lazy ranking: its count, the hits of
 * the page's ranks and, behind a cursor, one game's rank; never every match of a broad query
 * (tens of thousands for "castle").
 */
function textPage(dataset: DatasetApi, request: TextSearchRequest): TextPage {
  return dataset.textRanking(request.q, request.type, (ranking) => {
    const total = ranking.total;
    let start = 0;
    let end = Math.min(total, request.limit);
    if (request.after) {
      start = Math.max(0, rankOf(dataset, ranking, request.after) + 1);
      end = Math.min(total, start + request.limit);
    } else if (request.before) {
      end = Math.max(0, rankOf(dataset, ranking, request.before));
      start = Math.max(0, end - request.limit);
    }
    const hits = ranking.hits(start, end);
    const positionAt = (i: number): Position => ({ value: start + i, id: dataset.game(hits[i].row).id });
    return {
      total,
      start,
      end,
      hits,
      first: hits.length > 0 ? positionAt(0) : undefined,
      last: hits.length > 0 ? positionAt(hits.length - 1) : undefined,
    };
  });
}

/**
 * The rank a cursor position refers to: where its game is now (the Dataset may have been
 * rebuilt since), else the rank it stored.
 */
function rankOf(dataset: DatasetApi, ranking: TextRanking, position: Position): number {
  const stored = typeof position.value === 'number' && Number.isInteger(position.value) ? position.value : -1;
  if (stored >= 0 && stored < ranking.total) {
    const [hit] = ranking.hits(stored, stored + 1);
    if (hit !== undefined && dataset.game(hit.row).id === position.id) return stored;
  }
  const row = dataset.row(position.id);
  const rank = row === undefined || dataset.game(row).id !== position.id ? -1 : ranking.rankOf(row);
  if (rank >= 0) return rank;
  return Math.min(Math.max(stored, -1), ranking.total);
}

function textSearch(event: H3Event, deps: AppDeps): string | Uint8Array {
  const request = parseTextSearch(event.url.searchParams, deps.cursors);
  const dataset = deps.state.current;
  const { total, start, end, hits: slice, first, last } = textPage(dataset, request);
  const { meta, links } = navigation(
    event,
    deps.cursors,
    {
      endpoint: TEXT_SEARCH_ENDPOINT,
      path: TEXT_PATH,
      query: textCursorQuery(request),
      keep: {
        q: request.q,
        type: request.type?.join(','),
        include: request.include.length > 0 ? request.include.join(',') : undefined,
        fields: fieldsQueryValue(request.fields),
      },
    },
    {
      total,
      limit: request.limit,
      hasNext: end < total,
      hasPrev: start > 0,
      first,
      last,
      after: request.after,
      before: request.before,
    },
    request.type ? { q: request.q, type: request.type } : { q: request.q },
  );
  if (total === 0) {
    const suggestion = dataset.suggest(request.q);
    if (suggestion !== undefined) meta.did_you_mean = suggestion;
  }
  const extra = (i: number): [string, unknown][] => [
    ['matched_via', null],
    ['score', slice[i].score],
    ['matched_field', slice[i].field],
  ];
  const rows = slice.map((h) => h.row);
  return sendJson(
    event,
    gamesPageBody(dataset, rows, request.include, extra, request.fields, meta, links, bodyBytesFor(event)),
  );
}
