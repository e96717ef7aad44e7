// RouteDocs of the index, probe and games routes (the routes pass them to `route()`).
// Routes added later declare theirs next to their handlers, from server/schemas/responses.

import { z } from 'zod';
import { fieldsParam } from '../schemas/game-fields-param.js';
import type { RouteDoc } from '../http.js';
import { GAME_INCLUDES } from '../schemas/includes.js';
import { MAX_LIST_ITEMS } from '../schemas/filter-fields.js';
import { MAX_LIMIT, SORT_VALUES } from '../schemas/list-params.js';
import { gameSchema, listEnvelope } from '../schemas/responses/common.js';
import { healthSchema, indexSchema, readySchema } from '../schemas/responses/meta.js';
import { filterQueryShape } from './filter-query.js';

export const INDEX_DOC: RouteDoc = {
  summary: 'API index',
  description: 'Name, version and links to the entry points.',
  tags: ['meta'],
  responses: { 200: { description: 'The index', schema: indexSchema } },
};

export const HEALTH_DOC: RouteDoc = {
  summary: 'Liveness probe',
  description: 'The process answers. Never cached.',
  tags: ['probes'],
  responses: { 200: { description: 'Alive', schema: healthSchema } },
};

export const READY_DOC: RouteDoc = {
  summary: 'Readiness probe',
  description: 'The store is reachable and a Dataset is loaded. Never cached.',
  tags: ['probes'],
  responses: {
    200: { description: 'Ready to serve', schema: readySchema },
    503: { description: 'The store is not reachable' },
  },
};

export const includeParam = z
  .array(z.enum(GAME_INCLUDES))
  .max(MAX_LIST_ITEMS)
  .optional()
  .describe('Members to embed in each game (comma list); unknown values are a 400');

export const GAMES_LIST_DOC: RouteDoc = {
  summary: 'List games, filtered, sorted and keyset-paginated',
  description:
    'Filters combine with AND; a list within one filter is OR. A game whose filtered field is null does not match. ' +
    'With effective=true a base game also matches through its known expansion sets, and matched_via says how. ' +
    'Unknown parameters and bad values are a 400 naming each field; well-formed slugs that name nothing are a 422.',
  tags: ['games'],
  query: z.object({
    ...filterQueryShape(),
    sort: z
      .enum(SORT_VALUES as [string, ...string[]])
      .optional()
      .describe('Sort key (default name); the combined form `weight_desc` also works'),
    order: z.enum(['asc', 'desc']).optional().describe('asc is the default for name and rank, desc for the others'),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe('Page size, default 25'),
    cursor: z.string().optional().describe('meta.next_cursor of the previous page; carries the filters and sort'),
    before: z.string().optional().describe('meta.prev_cursor: the page before'),
    include: includeParam,
    fields: fieldsParam,
  }),
  responses: {
    200: { description: 'A page of games', schema: listEnvelope(gameSchema) },
    400: { description: 'An unknown parameter, a bad value or range, a bad cursor' },
    422: { description: 'A well-formed slug that names nothing' },
  },
};

export const GAME_DETAIL_DOC: RouteDoc = {
  summary: 'One game by UUID or slug',
  tags: ['games'],
  query: z.object({ include: includeParam }),
  responses: {
    200: { description: 'The game', schema: gameSchema },
    400: { description: 'An unknown parameter or include value' },
    404: { description: 'No game with this id or slug' },
  },
};
