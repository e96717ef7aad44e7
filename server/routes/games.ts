// GET /v1/games and GET /v1/games/{id}: validate, ask the engine, present.

import type { H3, H3Event } from 'h3';
import type { DatasetApi, Page } from '../../engine/index.js';
import { bodyBytesFor } from '../body-slabs.js';
import type { CursorCodec } from '../cursor.js';
import { pathParam, route, sendJson } from '../http.js';
import { GAME_DETAIL_DOC, GAMES_LIST_DOC } from '../openapi/route-docs.js';
import { navigation } from '../paging.js';
import { API_PREFIX } from '../links.js';
import { embedsFor } from '../present/embeds.js';
import { gameJsonWith } from '../present/game-json.js';
import { gamesPageBody, matchedViaMembers } from '../present/games-page.js';
import type { ListLinks, ListMeta } from '../present/list.js';
import { type FieldError, notFoundProblem, validationProblem } from '../problem.js';
import { cursorQuery, GAMES_LIST_ENDPOINT, parseGamesList, type GamesListRequest } from '../schemas/games-list.js';
import { fieldsQueryValue } from '../schemas/game-fields-param.js';
import { knownParams } from '../schemas/game-params.js';
import { parseGameInclude } from '../schemas/includes.js';
import type { DatasetState } from '../state.js';

export interface GamesRouteDeps {
  state: DatasetState;
  cursors: CursorCodec;
}

export function registerGameRoutes(app: H3, deps: GamesRouteDeps): void {
  route(app, `${API_PREFIX}/games`, { GET: (event) => listGames(event, deps) }, { GET: GAMES_LIST_DOC });
  route(app, `${API_PREFIX}/games/:id`, { GET: (event) => getGame(event, deps) }, { GET: GAME_DETAIL_DOC });
}

function listGames(event: H3Event, deps: GamesRouteDeps): string | Uint8Array {
  const dataset = deps.state.current;
  const request = parseGamesList(event.url.searchParams, dataset, deps.cursors, 'name');
  const page = dataset.query(request);
  const { meta, links } = pageNavigation(
    event,
    deps.cursors,
    request,
    page,
    `${API_PREFIX}/games`,
    GAMES_LIST_ENDPOINT,
  );
  return sendGamesPage(event, dataset, request, page, meta, links);
}

/** A filtered page of games in its list envelope, as GET /v1/games and the searches send it. */
export function sendGamesPage(
  event: H3Event,
  dataset: DatasetApi,
  request: GamesListRequest,
  page: Page,
  meta: ListMeta,
  links: ListLinks,
): string | Uint8Array {
  return sendJson(
    event,
    gamesPageBody(
      dataset,
      page.rows,
      request.include,
      matchedViaMembers(page.matchedVia),
      request.fields,
      meta,
      links,
      bodyBytesFor(event),
    ),
  );
}

/** The only parameter of a game's detail view. */
const DETAIL_PARAMS: readonly string[] = ['include'];

function getGame(event: H3Event, deps: GamesRouteDeps): string {
  const dataset = deps.state.current;
  const errors: FieldError[] = [];
  const params = knownParams(event.url.searchParams, DETAIL_PARAMS, errors);
  const include = parseGameInclude(params.get('include') || undefined, 'query', errors);
  if (errors.length > 0) throw validationProblem(errors);
  const id = pathParam(event, 'id');
  const row = dataset.row(id);
  if (row === undefined) throw notFoundProblem(`No game with id or slug "${id}".`);
  return sendJson(event, gameJsonWith(dataset, row, embedsFor(dataset, row, include)));
}

/**
 * meta and _links of a games page, with cursors for the neighbouring pages: their positions
 * come with the page (the engine's first and last rows), not from another engine call.
 */
export function pageNavigation(
  event: H3Event,
  cursors: CursorCodec,
  request: GamesListRequest,
  page: Page,
  path: string,
  endpoint: string,
): { meta: ListMeta; links: ListLinks } {
  return navigation(
    event,
    cursors,
    {
      endpoint,
      path,
      query: cursorQuery(request),
      keep: {
        include: request.include.length > 0 ? request.include.join(',') : undefined,
        fields: fieldsQueryValue(request.fields),
      },
    },
    {
      total: page.total,
      limit: request.limit,
      hasNext: page.hasNext,
      hasPrev: page.hasPrev,
      first: page.first,
      last: page.last,
      after: request.after,
      before: request.before,
    },
    {
      sort: request.sort,
      order: request.order,
      effective: request.filter.effective === true,
      filters_applied: request.filter,
    },
  );
}
