// Query parameters of the games filters as zod, for the OpenAPI document only: validation is
// server/schemas/filter-fields.ts + field-values.ts, and this shape is derived from the same
// table so the two cannot drift. Lists are comma-separated (documented as form, explode=false).
// Every accepted spelling is declared, so a generated client can send it: where the contract
// names a filter (`min_players`, `max_playtime`, `mechanic`), that name is the parameter and
// the other spellings are marked `x-alias-of` it; elsewhere the canonical name leads.

import { z } from 'zod';
import { AWARD_RESULTS } from '../../engine/index.js';
import { docSchema } from '../schemas/field-values.js';
import { FILTER_ALIASES, FILTER_FIELDS, type ScalarFilterKey } from '../schemas/filter-fields.js';

/** What each filter matches (docs/api.md, "Games list"). */
const MEANING: Readonly<Record<ScalarFilterKey, string>> = {
  q: 'full text over names, alternate names, people, families and descriptions (as GET /v1/search); sorts by relevance unless sort is given',
  rating_min: 'rating ≥ v',
  rating_max: 'rating ≤ v',
  min_rating_votes: 'at least v rating votes',
  confidence_min: 'rating_confidence ≥ v',
  weight_min: 'weight ≥ v',
  weight_max: 'weight ≤ v',
  min_weight_votes: 'at least v weight votes',
  effective_weight: 'false: weight filters read the base game even when effective=true',
  players: 'min_players ≤ n ≤ max_players',
  players_min: 'min_players ≥ v',
  players_max: 'max_players ≤ v',
  top_at: 'n is in top_player_counts',
  recommended_at: 'n is in recommended_player_counts',
  playtime_min: 'min play time ≥ v (minutes)',
  playtime_max: 'max play time ≤ v (minutes)',
  playtime_source: 'which times playtime_min/max read (default publisher)',
  playtime_experience: 'multiply the times by the experience multiplier before comparing',
  community_playtime_min: 'community min play time ≥ v',
  community_playtime_max: 'community max play time ≤ v',
  age_min: 'age ≥ v',
  age_max: 'age ≤ v',
  age_source: 'which age age_min/max read: min_age (publisher, default) or community_suggested_age',
  type: 'any of the game types',
  mode: 'any of the modes; also the type shorthands playable, addons, all',
  mechanics: 'has any of the mechanics (slug or alias)',
  mechanics_all: 'has all of the mechanics',
  mechanics_not: 'has none of the mechanics',
  theme: 'has any of the themes',
  theme_not: 'has none of the themes',
  designer: 'credited designer (slug or id)',
  artist: 'credited artist (slug or id)',
  publisher: 'published by (slug or id)',
  family: 'in the family (slug or id)',
  category: 'has any of the categories',
  category_not: 'has none of the categories',
  year_min: 'year_published ≥ v',
  year_max: 'year_published ≤ v',
  language_dependence: 'any of the levels',
  funding_source: 'any of the sources',
  legacy_id: 'id in the legacy database (exact)',
  effective: 'true: also match through known expansion sets (matched_via says how)',
};

/** The query parameters of GET /games in the contract's order; the document lists these first. */
export const CONTRACT_QUERY_NAMES: readonly string[] = [
  'players',
  'min_players',
  'weight_min',
  'weight_max',
  'max_playtime',
  'community_playtime_max',
  'type',
  'mode',
  'mechanic',
  'legacy_id',
  'sort',
  'order',
  'effective',
  'include',
  'limit',
  'cursor',
  'before',
];

/** Every name of each filter, the contract's (or else the canonical) first. */
function spellings(key: ScalarFilterKey): string[] {
  const names = [key, ...Object.keys(FILTER_ALIASES).filter((alias) => FILTER_ALIASES[alias] === key)];
  const contract = names.find((name) => CONTRACT_QUERY_NAMES.includes(name));
  return contract === undefined ? names : [contract, ...names.filter((name) => name !== contract)];
}

/**
 * Every filter of GET /v1/games under each name it is accepted by, optional; unknown slugs
 * are a 422. Giving two names of one filter is a 400.
 */
export function filterQueryShape(): Record<string, z.ZodOptional> {
  const shape: Record<string, z.ZodOptional> = {};
  for (const key of Object.keys(FILTER_FIELDS) as ScalarFilterKey[]) {
    const [primary, ...aliases] = spellings(key);
    shape[primary] = docSchema(FILTER_FIELDS[key], 'query').describe(MEANING[key]).optional();
    for (const alias of aliases) {
      shape[alias] = docSchema(FILTER_FIELDS[key], 'query')
        .meta({ description: `Another name of \`${primary}\`: ${MEANING[key]}`, 'x-alias-of': primary })
        .optional();
    }
  }
  shape['award.slug'] = z.string().describe('has an award with this slug').optional();
  shape['award.result'] = z.enum(AWARD_RESULTS).describe('has an award with this result').optional();
  return shape;
}
