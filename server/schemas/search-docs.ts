// zod schemas that describe the search endpoints for the OpenAPI document; the search
// tests parse every response with the response schemas, so the document cannot drift from
// what the server sends. Validation itself happens in search-request.ts / search-text.ts
// (from the one filter table); these are plain shapes, free of transforms, so they convert
// to JSON Schema as they are.

import { z } from 'zod';
import { AWARD_RESULTS, GAME_TYPES } from '../../engine/domain.js';
import { FACET_DIMENSIONS, SORT_KEYS } from '../../engine/query.js';
import { FILTER_ALIASES, FILTER_FIELDS, MAX_LIST_ITEMS, type FieldSpec } from './filter-fields.js';
import { GAME_INCLUDES } from './includes.js';
import { MAX_LIMIT } from './list-params.js';
import { ASPIRATIONAL_FIELDS } from './search-request.js';

function docValue(spec: FieldSpec): z.ZodType {
  switch (spec.type) {
    case 'int':
      return z.number().int().min(spec.min).max(spec.max);
    case 'number':
      return z.number().min(spec.min).max(spec.max);
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(spec.values as [string, ...string[]]);
    case 'enum-list': {
      const item = z.enum(spec.values as [string, ...string[]]);
      return z.union([item, z.array(item).max(MAX_LIST_ITEMS)]);
    }
    case 'ref-list':
    case 'text-list':
      return z.union([z.string(), z.array(z.string()).max(MAX_LIST_ITEMS)]);
  }
}

function filterMembers(): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(FILTER_FIELDS)) out[name] = docValue(spec).nullable().optional();
  for (const [alias, canonical] of Object.entries(FILTER_ALIASES)) {
    out[alias] = docValue(FILTER_FIELDS[canonical]).nullable().optional().describe(`Alias of ${canonical} (D7).`);
  }
  return out;
}

const awardResult = z.enum(AWARD_RESULTS);

/** The SearchRequest body: flat filters, award in both spellings, and the list members. */
export const searchRequestDocSchema = z
  .strictObject({
    ...filterMembers(),
    award: z.strictObject({ slug: z.string().optional(), result: awardResult.optional() }).nullable().optional(),
    'award.slug': z.string().nullable().optional(),
    'award.result': awardResult.nullable().optional(),
    sort: z.string().optional().describe(`One of ${SORT_KEYS.join(', ')} (alias year), optionally suffixed _asc/_desc; default bayes_rating.`),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
    include: z.array(z.enum(GAME_INCLUDES)).optional(),
    cursor: z.string().optional(),
    before: z.string().optional(),
    facets: z.array(z.enum(FACET_DIMENSIONS)).optional(),
    ...Object.fromEntries(
      ASPIRATIONAL_FIELDS.map((name) => [name, z.unknown().optional().describe('Aspirational in the contract: always answered with a 400.')]),
    ),
  })
  .describe('SearchRequest (flat form): AND across dimensions, OR within a list, exclusion through _not fields; null = not given.')
  .meta({ id: 'SearchRequest' });

const link = z.object({ href: z.string() });
const nullableInt = z.number().int().nullable();

const effectiveValues = z.object({
  min_players: nullableInt,
  max_players: nullableInt,
  min_playtime: nullableInt,
  max_playtime: nullableInt,
  weight: z.number().nullable(),
  min_age: nullableInt,
  top_at: z.array(z.number().int()),
  recommended_at: z.array(z.number().int()),
});

export const matchedViaSchema = z.object({
  type: z.literal('expansion_combination'),
  expansions: z.array(z.object({ slug: z.string(), name: z.string() })),
  effective_properties: effectiveValues,
  resolution_tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

/** A Game in a search result: at least the members of contract note 5 (more are allowed). */
export const searchGameSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(GAME_TYPES),
  year_published: nullableInt,
  parent_game_id: z.string().nullable(),
  min_players: nullableInt,
  max_players: nullableInt,
  min_playtime: nullableInt,
  max_playtime: nullableInt,
  weight: z.number().nullable(),
  rating: z.number().nullable(),
  rating_votes: nullableInt,
  mode: z.string().nullable(),
  top_player_counts: z.array(z.number().int()),
  recommended_player_counts: z.array(z.number().int()),
  matched_via: matchedViaSchema.nullable(),
  _links: z.record(z.string(), link),
});

const listLinks = z.object({ self: link, next: link.optional(), prev: link.optional() });
const baseMeta = {
  total: z.number().int().min(0),
  limit: z.number().int().min(1).max(MAX_LIMIT),
  has_more: z.boolean(),
  next_cursor: z.string().optional(),
  prev_cursor: z.string().optional(),
};

export const gamesSearchResponseSchema = z.object({
  data: z.array(searchGameSchema),
  meta: z.object({
    ...baseMeta,
    sort: z.enum(SORT_KEYS),
    order: z.enum(['asc', 'desc']),
    effective: z.boolean(),
    filters_applied: z.record(z.string(), z.unknown()),
    facets: z.partialRecord(z.enum(FACET_DIMENSIONS), z.record(z.string(), z.number().int().min(0))).optional(),
  }),
  _links: listLinks,
}).meta({ id: 'GamesSearchPage' });

export const textSearchResponseSchema = z.object({
  data: z.array(searchGameSchema.extend({ score: z.number().min(0).max(1) })),
  meta: z.object({ ...baseMeta, q: z.string(), type: z.array(z.enum(GAME_TYPES)).optional() }),
  _links: listLinks,
}).meta({ id: 'TextSearchPage' });

/** Query of GET /v1/games/search (the continuation of a POSTed search). */
export const searchContinuationQuerySchema = z.object({
  cursor: z.string().optional().describe('next_cursor of a search page'),
  before: z.string().optional().describe('prev_cursor of a search page'),
  limit: z.string().optional(),
  include: z.string().optional(),
});

/** Query of GET /v1/search. */
export const textSearchQuerySchema = z.object({
  q: z.string().min(2).describe('Text to find in names and alternate names (any language); at least 2 characters.'),
  type: z.string().optional().describe(`Comma list of game types: ${GAME_TYPES.join(', ')}`),
  limit: z.string().optional(),
  include: z.string().optional(),
  cursor: z.string().optional(),
  before: z.string().optional(),
});
