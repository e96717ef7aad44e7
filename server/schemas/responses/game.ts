// The Game object of GET /v1/games, /v1/games/{id}, search and export: every member
// server/present/game-json.ts emits, then the per-request members (matched_via, embeds).

import { z } from 'zod';
import { GAME_JSON_FIELDS } from '../../../engine/index.js';
import { effectiveValuesSchema } from '../game-embeds.js';
import { gameEmbedsShape } from './embeds.js';
import { gameFieldSchema, gameFieldShape } from './game-fields.js';
import { linkSchema } from './links.js';

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

/** The cached per-row members, in emission order: the registry's JSON fields, then _links. */
export const gameBaseShape = {
  ...gameFieldShape(GAME_JSON_FIELDS, gameFieldSchema),
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
