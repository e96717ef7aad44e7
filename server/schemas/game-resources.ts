// Response and query schemas of the game sub-resources (/v1/games/{id}/...): what the
// OpenAPI document shows and what the tests parse real responses with.

import { z } from 'zod';
import { GAME_TYPES, RELATIONSHIP_TYPES } from '../../engine/index.js';
import {
  creditSchema,
  gameAwardSchema,
  gameSchema,
  linkSchema,
  listEnvelope,
  pollsSchema,
} from './responses/common.js';

export { effectivePropertiesSchema, experienceProfileSchema } from './game-embeds.js';

const count = z.number().int().min(0);

// ---- player count ratings and polls ----

export const playerCountRatingSchema = z
  .object({
    player_count: z.number().int().min(1),
    average_rating: z.number().describe('1–5'),
    rating_count: count,
    rating_stddev: z.number().nullable(),
  })
  .meta({ id: 'PlayerCountRating' });

export const playerCountRatingsSchema = z
  .object({ data: z.array(playerCountRatingSchema), _links: z.object({ self: linkSchema, game: linkSchema }) })
  .meta({ id: 'PlayerCountRatings' });

export const gamePollsResponseSchema = pollsSchema
  .extend({ _links: z.object({ self: linkSchema, game: linkSchema }) })
  .meta({ id: 'GamePollsResponse', description: 'The three poll kinds of a game (SPEC-NOTES D27)' });

// ---- relationships, credits, awards ----

export const gameRelationshipSchema = z
  .object({
    source_game_id: z.string(),
    target_game_id: z.string(),
    relationship_type: z.enum(RELATIONSHIP_TYPES),
    ordinal: z.number().int(),
    direction: z.enum(['outbound', 'inbound']).describe('outbound when the requested game is the source'),
    _links: z.object({ source: linkSchema, target: linkSchema }),
  })
  .meta({ id: 'GameRelationship' });

export const gameRelationshipsSchema = z
  .object({ data: z.array(gameRelationshipSchema), _links: z.object({ self: linkSchema, game: linkSchema }) })
  .meta({ id: 'GameRelationships' });

export const gameCreditsSchema = z
  .object({ data: z.array(creditSchema), _links: z.object({ self: linkSchema, game: linkSchema }) })
  .meta({ id: 'GameCredits', description: 'Designers, artists, then the GameCredit roles in contract order' });

export const gameAwardsPageSchema = listEnvelope(gameAwardSchema).meta({ id: 'GameAwardsPage' });
export const gameExpansionsPageSchema = listEnvelope(gameSchema).meta({ id: 'GameExpansionsPage' });

// ---- query parameters, as their string forms (OpenAPI) ----

const pagingQuery = {
  limit: z.string().optional().describe('1–100, default 25'),
  cursor: z.string().optional().describe('next_cursor of the previous page'),
  before: z.string().optional().describe('prev_cursor of the next page'),
};

export const expansionsQuery = z.object({
  type: z
    .string()
    .optional()
    .describe(`Comma list of game types: ${GAME_TYPES.join(', ')}`),
  include: z.string().optional().describe('Comma list of include values, as on GET /v1/games'),
  ...pagingQuery,
});
export const effectivePropertiesQuery = z.object({
  with: z.string().optional().describe('Comma list of expansion slugs or ids; omitted: base only'),
});
export const relationshipsQuery = z.object({
  type: z
    .string()
    .optional()
    .describe(`Comma list of: ${RELATIONSHIP_TYPES.join(', ')}`),
  direction: z
    .enum(['inbound', 'outbound', 'both'])
    .optional()
    .describe('inbound: the game is the target; omitted: both'),
});
export const awardsQuery = z.object(pagingQuery);
