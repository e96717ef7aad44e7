// Hypermedia members shared by every response (SPEC-NOTES D43, D57).

import { z } from 'zod';

export const linkSchema = z
  .object({ href: z.string().describe('Server-absolute path, /v1 prefix included') })
  .meta({ id: 'Link' });

/** A `_links` object: named links (which names depends on the resource). */
export const linksSchema = z.record(z.string(), linkSchema).meta({ id: 'Links' });

/** `_links` of a list envelope: the page itself and its neighbours when they exist. */
export const listLinksSchema = z
  .object({ self: linkSchema, next: linkSchema.optional(), prev: linkSchema.optional() })
  .meta({ id: 'ListLinks' });
