// The two sub-resource objects that are also Game embeds (`include=effective_properties`,
// `include=experience_playtime`). A leaf module — zod, the domain and the link schema only —
// so the shared Game schema (responses/embeds.ts) can import it without an import cycle.

import { z } from 'zod';
import { EXPERIENCE_LEVELS, MODIFICATION_OPERATIONS } from '../../engine/index.js';
import { linkSchema } from './responses/links.js';

const count = z.number().int().min(0);
const minutes = z.number().min(0);

/** Contract-named effective values (matched_via, effective properties); defined here, the
 * leaf of the response schemas, so responses/game.ts can use it without an import cycle. */
export const effectiveValuesSchema = z
  .object({
    min_players: z.number().int().nullable(),
    max_players: z.number().int().nullable(),
    min_playtime: minutes.nullable(),
    max_playtime: minutes.nullable(),
    weight: z.number().nullable(),
    min_age: z.number().int().nullable(),
    top_at: z.array(z.number().int()),
    recommended_at: z.array(z.number().int()),
  })
  .meta({ id: 'EffectiveValues' });

// ---- effective properties (SPEC-NOTES D13) ----

export const effectivePropertiesSchema = z
  .object({
    base_game: z.string().describe('Slug of the base game (shape a)'),
    base_game_id: z.string(),
    expansions: z.array(z.string()).describe('Slugs of the applied expansions, release order (shape a)'),
    base: effectiveValuesSchema.describe('The base game values (shape b)'),
    applied_expansions: z.array(z.string()).describe('Same as expansions (shape b)'),
    effective: effectiveValuesSchema.describe('Resolved values (shape b)'),
    effective_properties: effectiveValuesSchema.describe('Same as effective (shape a)'),
    combination_source: z.enum(['explicit', 'computed', 'base_only']),
    resolution_tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    individual_effects: z
      .record(
        z.string(),
        z.object({
          expansion_id: z.string(),
          name: z.string(),
          modifications: z.array(
            z.object({
              property: z.string(),
              operation: z.enum(MODIFICATION_OPERATIONS),
              value: z.union([z.number(), z.array(z.number().int())]),
            }),
          ),
        }),
      )
      .describe('Per expansion slug: its own modifications of the base game, evaluation order'),
    _links: z.object({ self: linkSchema, base_game: linkSchema, expansions: linkSchema }),
  })
  .meta({ id: 'EffectiveProperties', description: 'Both shapes of the contract in one object (SPEC-NOTES D13)' });

// ---- experience play time (SPEC-NOTES D25, D26) ----

const multipliersSchema = z.object({
  first_play: z.number(),
  learning: z.number(),
  experienced: z.number(),
  expert: z.number(),
});

export const experienceProfileSchema = z
  .object({
    game_id: z.string(),
    levels: z
      .array(
        z.object({
          experience_level: z.enum(EXPERIENCE_LEVELS),
          median_minutes: minutes.nullable(),
          min_minutes: minutes.nullable().describe('p10 of reported durations'),
          max_minutes: minutes.nullable().describe('p90 of reported durations'),
          total_reports: count,
          estimated: z.boolean().describe('No reports for the level: anchor time × multiplier'),
        }),
      )
      .length(4),
    multipliers: multipliersSchema,
    multiplier_source: z.enum(['game', 'global']),
    sufficient_data: z.boolean().describe('All four levels have enough reports; the multipliers are the game’s own'),
    total_reports: count,
    _links: z.object({ self: linkSchema, game: linkSchema }),
  })
  .meta({ id: 'ExperiencePlaytimeProfile' });
