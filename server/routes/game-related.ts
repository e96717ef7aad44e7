// Related records of one game from the Dataset: relationship edges (with type and direction
// filters), the unified credit list (SPEC-NOTES §12) and the game's awards (paged).

import type { H3Event } from 'h3';
import { type GameAwardRef, type Position, RELATIONSHIP_TYPES } from '../../engine/index.js';
import { selfHref, sendJson } from '../http.js';
import { gamePath, link } from '../links.js';
import { comparePositions, continueFrom, navigation, pageSorted } from '../paging.js';
import { creditJson, gameAwardJson, relationshipJson, type RelationshipJson } from '../present/game-records.js';
import { listEnvelopeJson } from '../present/list.js';
import type { FieldError } from '../problem.js';
import { enumList, enumValue, knownParams } from '../schemas/game-params.js';
import { parseLimit } from '../schemas/list-params.js';
import { findGame, type GameResourceDeps } from './game-lookup.js';

const DIRECTIONS = ['inbound', 'outbound', 'both'] as const;

/** Type (contract order), outbound before inbound, then ordinal (display order), then the edge's games. */
function relationshipOrder(a: RelationshipJson, b: RelationshipJson): number {
  return (
    RELATIONSHIP_TYPES.indexOf(a.relationship_type) - RELATIONSHIP_TYPES.indexOf(b.relationship_type) ||
    (a.direction === b.direction ? 0 : a.direction === 'outbound' ? -1 : 1) ||
    a.ordinal - b.ordinal ||
    compareText(a.source_game_id, b.source_game_id) ||
    compareText(a.target_game_id, b.target_game_id)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function getRelationships(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  const params = knownParams(event.url.searchParams, ['type', 'direction'], errors);
  const types = enumList(params.get('type'), RELATIONSHIP_TYPES, 'type', errors);
  const direction = enumValue(params.get('direction'), DIRECTIONS, 'direction', errors) ?? 'both';
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  // integrates_with is stored in both directions, so it shows from either side on its own.
  const data = dataset
    .related(row)
    .relationships.map((edge) => relationshipJson(dataset, row, edge))
    .filter(
      (r) =>
        (types === undefined || types.includes(r.relationship_type)) &&
        (direction === 'both' || r.direction === direction),
    )
    .sort(relationshipOrder);
  const self = gamePath(game.slug);
  return sendJson(event, JSON.stringify({ data, _links: { self: link(selfHref(event)), game: link(self) } }));
}

export function getCredits(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  knownParams(event.url.searchParams, [], errors);
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  // related().credits is already in §12 order: designers, artists, then the contract roles.
  const data = dataset.related(row).credits.map((c) => creditJson(game, c));
  const self = gamePath(game.slug);
  return sendJson(event, JSON.stringify({ data, _links: { self: link(`${self}/credits`), game: link(self) } }));
}

/** Chronological; within a year by award slug, result and category (unique per game). */
function awardPosition(award: GameAwardRef): Position {
  return { value: award.year, id: `${award.award_slug}|${award.result}|${award.category ?? ''}` };
}

export function listGameAwards(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  const params = knownParams(event.url.searchParams, ['limit', 'cursor', 'before'], errors);
  const limit = parseLimit(params.get('limit'), 'query', errors);
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  const endpoint = `game-awards:${game.id}`;
  const continued = continueFrom(
    { cursor: params.get('cursor'), before: params.get('before') },
    deps.cursors,
    endpoint,
    {},
    false,
  );
  const awards = [...dataset.related(row).awards].sort((a, b) => comparePositions(awardPosition(a), awardPosition(b)));
  const page = pageSorted(awards, awardPosition, { limit, after: continued.after, before: continued.before });
  const { meta, links } = navigation(
    event,
    deps.cursors,
    { endpoint, path: `${gamePath(game.slug)}/awards`, query: {} },
    page.facts,
  );
  return sendJson(
    event,
    listEnvelopeJson(
      page.items.map((a) => JSON.stringify(gameAwardJson(game, a))),
      meta,
      links,
    ),
  );
}
