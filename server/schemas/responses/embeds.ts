// Members `include=` adds to a Game (server/present/embeds.ts; SPEC-NOTES D27–D29). Each is
// optional: present only when asked for.

import { z } from 'zod';
import {
  AWARD_RESULTS,
  GAME_STATS_FIELDS,
  GAME_TYPES,
  LANGUAGE_DEPENDENCE_LEVELS,
  PERSON_ROLES,
} from '../../../engine/index.js';
import { effectivePropertiesSchema, experienceProfileSchema } from '../game-embeds.js';
import { gameFieldShape, statsFieldSchema } from './game-fields.js';
import { linkSchema, linksSchema } from './links.js';

export const entityRefSchema = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), _links: linksSchema })
  .meta({ id: 'EntityRef', description: 'A taxonomy term, family or person, with a link to itself or to its games' });

const expansionRef = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    type: z.enum(GAME_TYPES),
    year_published: z.number().int().nullable(),
    _links: z.object({ self: linkSchema }),
  })
  .meta({ id: 'ExpansionRef' });

export const creditSchema = z
  .object({
    game_id: z.string(),
    person_id: z.string(),
    role: z.enum(PERSON_ROLES),
    person_name: z.string(),
    person_slug: z.string(),
    _links: z.object({ person: linkSchema, game: linkSchema }),
  })
  .meta({ id: 'GameCredit' });

export const gameAwardSchema = z
  .object({
    game_id: z.string(),
    award_id: z.string(),
    award_slug: z.string(),
    award_name: z.string(),
    year: z.number().int(),
    result: z.enum(AWARD_RESULTS),
    category: z.string().nullable(),
    _links: z.object({ award: linkSchema, game: linkSchema }),
  })
  .meta({ id: 'GameAward' });

/** The `stats` embed (D28): the registry's stats fields, in its order. */
const statsSchema = z.object(gameFieldShape(GAME_STATS_FIELDS, statsFieldSchema)).meta({ id: 'GameStats' });

const voteCount = z.number().int().min(0);
export const pollsSchema = z
  .object({
    game_id: z.string(),
    player_count_ratings: z.array(
      z.object({
        player_count: z.number().int(),
        average_rating: z.number(),
        rating_count: voteCount,
        rating_stddev: z.number().nullable(),
      }),
    ),
    community_age: z.object({
      community_suggested_age: z.number().nullable(),
      total_votes: voteCount,
      votes: z.array(z.object({ game_id: z.string(), suggested_age: z.number().int(), vote_count: voteCount })),
    }),
    language_dependence: z.object({
      level: z.enum(LANGUAGE_DEPENDENCE_LEVELS).nullable(),
      total_votes: voteCount,
      votes: z.array(
        z.object({ game_id: z.string(), level: z.enum(LANGUAGE_DEPENDENCE_LEVELS), vote_count: voteCount }),
      ),
    }),
  })
  .meta({ id: 'GamePolls' });

const refs = z.array(entityRefSchema).optional();

/** One optional member per include value (server/schemas/includes.ts). */
export const gameEmbedsShape = {
  expansions: z.array(expansionRef).optional(),
  polls: pollsSchema.nullable().optional(),
  stats: statsSchema.optional(),
  mechanics: refs,
  categories: refs,
  themes: refs,
  families: refs,
  designers: refs,
  artists: refs,
  publishers: refs,
  credits: z.array(creditSchema).optional(),
  awards: z.array(gameAwardSchema).optional(),
  alternate_names: z.array(z.object({ name: z.string(), language: z.string().nullable() })).optional(),
  effective_properties: effectivePropertiesSchema.optional().describe('The base-only resolution (tier 3)'),
  experience_playtime: experienceProfileSchema.nullable().optional(),
};
