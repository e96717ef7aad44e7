// The Game object of GET /v1/games, /v1/games/{id}, search and export: every member
// server/present/game-json.ts emits, then the per-request members (matched_via, embeds).

import { z } from 'zod';
import { FUNDING_SOURCES, GAME_MODES, GAME_TYPES, LANGUAGE_DEPENDENCE_LEVELS } from '../../../engine/index.js';
import { effectiveValuesSchema } from '../game-embeds.js';
import { gameEmbedsShape } from './embeds.js';
import { linkSchema } from './links.js';

const count = z.number().int().min(0);
const minutes = z.number().min(0);

export const gameLinksSchema = z
  .object({
    self: linkSchema,
    expansions: linkSchema,
    effective_properties: linkSchema,
    player_count_ratings: linkSchema,
    relationships: linkSchema,
    experience_playtime: linkSchema,
    parent: linkSchema.optional().describe('Only on games with a base game'),
  })
  .meta({ id: 'GameLinks' });

export { effectiveValuesSchema };

export const matchedViaSchema = z
  .object({
    type: z.literal('expansion_combination'),
    expansions: z.array(z.object({ slug: z.string(), name: z.string() })),
    effective_properties: effectiveValuesSchema,
    resolution_tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  })
  .meta({ id: 'MatchedVia', description: 'How an effective-mode match was found; null when the base game matched' });

/** The cached per-row members, in emission order (contract fields, then SPEC-NOTES D1). */
export const gameBaseShape = {
  id: z.string().describe('UUID'),
  slug: z.string(),
  name: z.string(),
  type: z.enum(GAME_TYPES),
  year_published: z.number().int().nullable(),
  parent_game_id: z.string().nullable().describe('UUID of the base game of an expansion'),
  min_players: z.number().int().nullable(),
  max_players: z.number().int().nullable(),
  min_playtime: minutes.nullable(),
  max_playtime: minutes.nullable(),
  community_min_playtime: minutes.nullable(),
  community_max_playtime: minutes.nullable(),
  min_age: z.number().int().nullable(),
  community_suggested_age: z.number().nullable(),
  weight: z.number().nullable().describe('1–5'),
  weight_votes: count.nullable(),
  rating: z.number().nullable().describe('1–10'),
  rating_votes: count.nullable(),
  rating_confidence: z.number().nullable().describe('0–1'),
  rating_distribution: z.array(z.number()).nullable(),
  rating_stddev: z.number().nullable(),
  rank_overall: z.number().int().nullable(),
  rank_by_category: z.record(z.string(), z.number().int()).nullable(),
  owner_count: count.nullable(),
  wishlist_count: count.nullable(),
  total_plays: count.nullable(),
  language_dependence: z.enum(LANGUAGE_DEPENDENCE_LEVELS).nullable(),
  mode: z.enum(GAME_MODES).nullable(),
  top_player_counts: z.array(z.number().int()),
  recommended_player_counts: z.array(z.number().int()),
  funding_source: z.enum(FUNDING_SOURCES).nullable(),
  legacy_id: z.union([z.string(), z.number()]).nullable(),
  updated_at: z.string().describe('ISO 8601 timestamp'),
  bayes_rating: z.number().nullable(),
  sort_name: z.string().describe('The `name` sort key: lowercased, leading article dropped, diacritics folded'),
  community_median_playtime: minutes.nullable(),
  release_date: z.string().nullable().describe('ISO 8601 date'),
  description: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 timestamp'),
  _links: gameLinksSchema,
};

export const gameSchema = z
  .object({
    ...gameBaseShape,
    matched_via: matchedViaSchema
      .nullable()
      .optional()
      .describe('On lists and search: null when the base game matched'),
    ...gameEmbedsShape,
  })
  .meta({ id: 'Game' });

/** Exactly the members every Game carries (what the export writes per line). */
export const gameBaseSchema = z.object(gameBaseShape).meta({ id: 'GameBase' });
