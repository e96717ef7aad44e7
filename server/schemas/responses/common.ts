// Shared response schemas: the shapes tests validate real responses against and the OpenAPI
// document (server/openapi/) is generated from. Route-specific schemas import from here.

import { z } from 'zod';
import { listLinksSchema } from './links.js';

export { linkSchema, linksSchema, listLinksSchema } from './links.js';
export { fieldErrorSchema, problemSchema } from './problem.js';
export { effectiveValuesSchema, gameBaseSchema, gameLinksSchema, gameSchema, matchedViaSchema } from './game.js';
export { creditSchema, entityRefSchema, gameAwardSchema, pollsSchema } from './embeds.js';

/** `meta` of every list (SPEC-NOTES D42); endpoints add extras (sort, filters_applied, facets...). */
export const listMetaSchema = z
  .looseObject({
    total: z.number().int().min(0).describe('Exact number of matches across all pages'),
    limit: z.number().int().min(1),
    has_more: z.boolean(),
    next_cursor: z.string().optional().describe('Pass back as `cursor=` for the next page'),
    prev_cursor: z.string().optional().describe('Pass back as `before=` for the previous page'),
  })
  .meta({ id: 'ListMeta' });

/** The list envelope `{ data, meta, _links }` of the contract around `item`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema, _links: listLinksSchema });
}
