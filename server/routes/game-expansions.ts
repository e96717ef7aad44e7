// GET /v1/games/{id}/expansions: the games whose parent_game_id is the game, as full Game
// objects, keyset-paged in release order (year, unknown last; then name; then id).

import type { H3Event } from 'h3';
import { z } from 'zod';
import { type DatasetApi, GAME_TYPES, type GameType, type Position } from '../../engine/index.js';
import { sendJson } from '../http.js';
import { gamePath } from '../links.js';
import { navigation, comparePositions, continueFrom, pageSorted } from '../paging.js';
import { embedsFor } from '../present/embeds.js';
import { gameJsonWith } from '../present/game-json.js';
import { listEnvelopeJson } from '../present/list.js';
import { fieldError, validationProblem, type FieldError } from '../problem.js';
import { enumList, knownParams } from '../schemas/game-params.js';
import { parseGameInclude } from '../schemas/includes.js';
import { parseLimit } from '../schemas/list-params.js';
import { findGame, type GameResourceDeps } from './game-lookup.js';

const PARAMS = ['type', 'include', 'limit', 'cursor', 'before'] as const;

/** What an expansions cursor carries: the type filter (null: every type). */
const cursorQuerySchema = z.strictObject({ type: z.array(z.enum(GAME_TYPES)).nullable() });

/** Cursors are bound to one base game: a cursor for Catan's expansions is refused on Root's. */
function endpointKey(gameId: string): string {
  return `game-expansions:${gameId}`;
}

/**
 * Release order as one comparable value: zero-padded year (9999 when unknown, so last), then
 * the name sort key; the id breaks ties (paging.ts comparePositions).
 */
function positionOf(dataset: DatasetApi, row: number): Position {
  const g = dataset.game(row);
  const year = g.year_published === null ? 9999 : Math.min(9999, Math.max(0, g.year_published));
  return { value: `${String(year).padStart(4, '0')} ${g.sort_name}`, id: g.id };
}

export function listExpansions(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  const params = knownParams(event.url.searchParams, PARAMS, errors);
  const limit = parseLimit(params.get('limit'), 'query', errors);
  const include = parseGameInclude(params.get('include'), 'query', errors);
  const types = enumList(params.get('type'), GAME_TYPES, 'type', errors);
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  const endpoint = endpointKey(game.id);

  const given = { type: types ?? null };
  const continued = continueFrom(
    { cursor: params.get('cursor'), before: params.get('before') },
    deps.cursors,
    endpoint,
    given,
    types !== undefined,
  );
  const query = cursorQuerySchema.safeParse(continued.query);
  if (!query.success) {
    throw validationProblem([
      fieldError(params.has('cursor') ? 'cursor' : 'before', 'is not a cursor of this listing', 'invalid_cursor'),
    ]);
  }
  const wanted: readonly GameType[] | null = query.data.type;

  const items = dataset
    .related(row)
    .expansions.filter((r) => wanted === null || wanted.includes(dataset.game(r).type))
    .map((r) => ({ row: r, position: positionOf(dataset, r) }))
    .sort((a, b) => comparePositions(a.position, b.position));
  const page = pageSorted(items, (item) => item.position, { limit, after: continued.after, before: continued.before });
  const rows = page.items.map((item) => item.row);
  const json = rows.map((r) => gameJsonWith(dataset, r, embedsFor(dataset, r, include)));
  const { meta, links } = navigation(
    event,
    deps.cursors,
    {
      endpoint,
      path: `${gamePath(game.slug)}/expansions`,
      query: query.data,
      keep: { include: include.length > 0 ? include.join(',') : undefined },
    },
    page.facts,
    { filters_applied: wanted === null ? {} : { type: wanted } },
  );
  return sendJson(event, listEnvelopeJson(json, meta, links));
}
