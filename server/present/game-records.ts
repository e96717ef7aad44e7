// One presenter per related record of a game, shared by the sub-resource routes and the
// `include=` embeds so a credit or an award looks the same wherever it appears.

import type {
  CreditRef,
  DatasetApi,
  GameAwardRef,
  GameRecord,
  RelationshipRef,
  RelationshipType,
} from '../../engine/index.js';
import { API_PREFIX, gamePath, link, type Link } from '../links.js';

export interface CreditJson {
  game_id: string;
  person_id: string;
  role: CreditRef['role'];
  person_name: string;
  person_slug: string;
  _links: { person: Link; game: Link };
}

/** GameCredit of the contract; designers and artists use the same row with their role (§12). */
export function creditJson(game: GameRecord, credit: CreditRef): CreditJson {
  return {
    game_id: game.id,
    person_id: credit.person_id,
    role: credit.role,
    person_name: credit.person_name,
    person_slug: credit.person_slug,
    _links: {
      person: link(`${API_PREFIX}/people/${encodeURIComponent(credit.person_slug)}`),
      game: link(gamePath(game.slug)),
    },
  };
}

export interface GameAwardJson {
  game_id: string;
  award_id: string;
  award_slug: string;
  award_name: string;
  year: number;
  result: GameAwardRef['result'];
  category: string | null;
  _links: { award: Link; game: Link };
}

export function gameAwardJson(game: GameRecord, award: GameAwardRef): GameAwardJson {
  return {
    game_id: game.id,
    award_id: award.award_id,
    award_slug: award.award_slug,
    award_name: award.award_name,
    year: award.year,
    result: award.result,
    category: award.category,
    _links: {
      award: link(`${API_PREFIX}/awards/${encodeURIComponent(award.award_slug)}`),
      game: link(gamePath(game.slug)),
    },
  };
}

export type RelationshipDirection = 'outbound' | 'inbound';

export interface RelationshipJson {
  source_game_id: string;
  target_game_id: string;
  relationship_type: RelationshipType;
  ordinal: number;
  /** Seen from the game whose relationships were asked for: outbound when it is the source. */
  direction: RelationshipDirection;
  _links: { source: Link; target: Link };
}

export function relationshipJson(dataset: DatasetApi, from: number, edge: RelationshipRef): RelationshipJson {
  const source = dataset.game(edge.source);
  const target = dataset.game(edge.target);
  return {
    source_game_id: source.id,
    target_game_id: target.id,
    relationship_type: edge.type,
    ordinal: edge.ordinal,
    direction: edge.source === from ? 'outbound' : 'inbound',
    _links: { source: link(gamePath(source.slug)), target: link(gamePath(target.slug)) },
  };
}
