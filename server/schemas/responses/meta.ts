// Responses about the service itself: the index, the probes and the API description.

import { z } from 'zod';
import { linkSchema } from './links.js';

export const indexSchema = z
  .object({
    name: z.literal('Ludex'),
    description: z.string(),
    version: z.string(),
    _links: z.record(z.string(), linkSchema).describe('Entry points: games, health, ready, ...'),
  })
  .meta({ id: 'ApiIndex' });

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const readySchema = z
  .object({
    status: z.literal('ready'),
    checks: z.object({ store: z.literal('ok'), dataset: z.literal('loaded') }),
    games: z.number().int().min(0).describe('Games in the Dataset being served'),
    dataset_loaded_at: z.string().describe('ISO 8601 timestamp'),
  })
  .meta({ id: 'Ready' });

/** The top level of an OpenAPI 3.1 document (its structure is checked by the tests, not here). */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
  })
  .meta({ id: 'OpenApiDocument' });

export const htmlPageSchema = z.string().describe('A self-contained HTML page');
