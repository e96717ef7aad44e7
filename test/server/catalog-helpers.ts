// What the catalog endpoint tests share: the list endpoints with their response schemas and
// the games filter each entity links to, and a pager over any list envelope.

import { expect } from 'vitest';
import type { H3 } from 'h3';
import type { z } from 'zod';
import {
  artistListSchema,
  awardListSchema,
  designerListSchema,
  familyListSchema,
  personListSchema,
  publisherListSchema,
  termListSchema,
} from '../../server/schemas/catalog-responses.js';
import { call } from '../helpers/app.js';

export interface EntityJson {
  id: string;
  slug: string;
  name: string;
  game_count: number;
  _links: Record<string, { href: string }>;
  [field: string]: unknown;
}

export interface EntityPage {
  data: EntityJson[];
  meta: {
    total: number;
    limit: number;
    has_more: boolean;
    next_cursor?: string;
    prev_cursor?: string;
    [k: string]: unknown;
  };
  _links: { self: { href: string }; next?: { href: string }; prev?: { href: string } };
}

export interface ListEndpoint {
  path: string;
  schema: z.ZodType;
  /** The /v1/games parameter `_links.games` filters by; absent for people (all roles). */
  filter?: string;
}

export const LISTS: readonly ListEndpoint[] = [
  { path: '/v1/mechanics', schema: termListSchema, filter: 'mechanics' },
  { path: '/v1/categories', schema: termListSchema, filter: 'category' },
  { path: '/v1/themes', schema: termListSchema, filter: 'theme' },
  { path: '/v1/designers', schema: designerListSchema, filter: 'designer' },
  { path: '/v1/artists', schema: artistListSchema, filter: 'artist' },
  { path: '/v1/publishers', schema: publisherListSchema, filter: 'publisher' },
  { path: '/v1/awards', schema: awardListSchema, filter: 'award.slug' },
  { path: '/v1/families', schema: familyListSchema, filter: 'family' },
  { path: '/v1/people', schema: personListSchema },
];

/** Every page from `path` following `next`, each checked against `schema`. */
export async function pages(app: H3, path: string, schema: z.ZodType): Promise<EntityPage[]> {
  const out: EntityPage[] = [];
  let href: string | undefined = path;
  while (href) {
    const reply = await call(app, href);
    expect(reply.status, reply.text).toBe(200);
    schema.parse(reply.body);
    const page = reply.body as EntityPage;
    out.push(page);
    href = page._links.next?.href;
    if (out.length > 500) throw new Error(`paging of ${path} does not end`);
  }
  return out;
}

/** The same pages again, from the last one following `prev` back to the first. */
export async function pagesBackward(app: H3, last: EntityPage, schema: z.ZodType): Promise<EntityPage[]> {
  const out: EntityPage[] = [last];
  let href = last._links.prev?.href;
  while (href) {
    const reply = await call(app, href);
    expect(reply.status, reply.text).toBe(200);
    schema.parse(reply.body);
    const page = reply.body as EntityPage;
    out.unshift(page);
    href = page._links.prev?.href;
    if (out.length > 500) throw new Error('backward paging does not end');
  }
  return out;
}

/** Total of a /v1/games listing. */
export async function gamesTotal(app: H3, query: string): Promise<number> {
  const reply = await call(app, `/v1/games?${query}&limit=1`);
  expect(reply.status, reply.text).toBe(200);
  return (reply.body as EntityPage).meta.total;
}

export function slugsOf(list: { slug: string }[]): string[] {
  return list.map((e) => e.slug);
}
