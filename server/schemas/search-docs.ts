// zod schemas that describe the search endpoints for the OpenAPI document, built on the
// shared response schemas (responses/); the search tests parse every response with them,
// so the document cannot drift from what the server sends. Validation itself happens in
// search-request.ts / search-text.ts (from the one filter table); these are plain shapes,
// free of transforms, so they convert to JSON Schema as they are.

import { z } from 'zod';
import {
  AWARD_RESULTS,
  FACET_DIMENSIONS,
  GAME_TYPES,
  MATCHED_FIELDS,
  RELEVANCE,
  SORT_KEYS,
} from '../../engine/index.js';
import { docSchema } from './field-values.js';
import { FILTER_ALIASES, FILTER_FIELDS, MAX_LIST_ITEMS } from './filter-fields.js';
import { fieldsParam, SELECTABLE_GAME_MEMBERS } from './game-fields-param.js';
import { GAME_INCLUDES } from './includes.js';
import { MAX_LIMIT } from './list-params.js';
import { gameSchema, listLinksSchema, listMetaSchema } from './responses/common.js';
import { ASPIRATIONAL_FIELDS } from './search-request.js';

function filterMembers(): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(FILTER_FIELDS)) out[name] = docSchema(spec, 'json').nullable().optional();
  for (const [alias, canonical] of Object.entries(FILTER_ALIASES)) {
    out[alias] = docSchema(FILTER_FIELDS[canonical], 'json')
      .nullable()
      .optional()
      .describe(`Alias of ${canonical} (D7).`);
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
    sort: z
      .string()
      .optional()
      .describe(
        `One of ${SORT_KEYS.join(', ')}, relevance (alias year), optionally suffixed _asc/_desc; default relevance when q is given, else bayes_rating.`,
      ),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
    include: z.array(z.enum(GAME_INCLUDES)).optional(),
    fields: z
      .array(z.enum(SELECTABLE_GAME_MEMBERS as [string, ...string[]]))
      .optional()
      .describe('Game members to return; id is always included. Default: every member.'),
    cursor: z.string().optional(),
    before: z.string().optional(),
    facets: z.array(z.enum(FACET_DIMENSIONS)).optional(),
    ...Object.fromEntries(
      ASPIRATIONAL_FIELDS.map((name) => [
        name,
        z.unknown().optional().describe('Aspirational in the contract: always answered with a 400.'),
      ]),
    ),
  })
  .describe(
    'SearchRequest (flat form): AND across dimensions, OR within a list, exclusion through _not fields; null = not given.',
  )
  .meta({ id: 'SearchRequest' });

/** `meta` of a search page: the list meta plus the echo of D42 and, when asked, facets. */
const searchMetaSchema = listMetaSchema.extend({
  sort: z.enum([...SORT_KEYS, RELEVANCE]),
  order: z.enum(['asc', 'desc']),
  effective: z.boolean(),
  filters_applied: z.record(z.string(), z.unknown()).describe('The filters in effect, canonical names, slugs resolved'),
  facets: z
    .partialRecord(z.enum(FACET_DIMENSIONS), z.record(z.string(), z.number().int().min(0)))
    .optional()
    .describe(
      'Only when the body asked: per dimension, value → matching games, each dimension ignoring its own filters',
    ),
});

/** A page of POST /v1/games/search (and its GET continuation); every game carries matched_via. */
export const gamesSearchResponseSchema = z
  .object({ data: z.array(gameSchema), meta: searchMetaSchema, _links: listLinksSchema })
  .meta({ id: 'GamesSearchPage' });

/** A Game of GET /v1/search: the list Game plus its relevance. */
export const scoredGameSchema = gameSchema
  .extend({
    score: z.number().min(0).max(1).describe('Relevance 0..1 by tier (docs/api.md); an exact name scores 1'),
    matched_field: z
      .enum(MATCHED_FIELDS)
      .describe(
        'Extension: the field q matched (the best tier): name, alternate_name, designer, artist, publisher, family, description',
      ),
  })
  .meta({ id: 'ScoredGame' });

export const textSearchResponseSchema = z
  .object({
    data: z.array(scoredGameSchema),
    meta: listMetaSchema.extend({
      q: z.string(),
      type: z.array(z.enum(GAME_TYPES)).optional(),
      did_you_mean: z
        .string()
        .optional()
        .describe('Extension: on an empty result, a corrected query that finds games (when one does)'),
    }),
    _links: listLinksSchema,
  })
  .meta({ id: 'TextSearchPage' });

const pageSize = z.number().int().min(1).max(MAX_LIMIT).optional().describe('Page size, default 25');
const includeList = z
  .array(z.enum(GAME_INCLUDES))
  .max(MAX_LIST_ITEMS)
  .optional()
  .describe('Members to embed in each game (comma list)');

/** Query of GET /v1/games/search (the continuation of a POSTed search). */
export const searchContinuationQuerySchema = z.object({
  cursor: z.string().optional().describe('meta.next_cursor of a search page; carries the filters and sort'),
  before: z.string().optional().describe('meta.prev_cursor of a search page'),
  limit: pageSize,
  include: includeList,
  fields: fieldsParam,
});

/** Query of GET /v1/search. */
export const textSearchQuerySchema = z.object({
  q: z
    .string()
    .min(2)
    .max(200)
    .describe('Text to find in names and alternate names (any language); 2 to 200 characters'),
  type: z.array(z.enum(GAME_TYPES)).optional().describe('Game types (comma list)'),
  limit: pageSize,
  include: includeList,
  fields: fieldsParam,
  cursor: z.string().optional().describe('meta.next_cursor; bound to q and type'),
  before: z.string().optional().describe('meta.prev_cursor; bound to q and type'),
});
