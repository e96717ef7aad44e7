// fields=: lists and searches answer only the Game members asked for (id always), keep the
// selection across pages, and refuse unknown names with a 400 naming `fields`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => {
  await t.close();
});

interface Page {
  data: Record<string, unknown>[];
  _links: { next?: { href: string } };
}
interface Problem {
  status: number;
  errors: { field: string; code: string; detail?: string }[];
}

const keysOf = (page: Page) => page.data.map((item) => Object.keys(item));

describe('fields=', () => {
  it('answers GET /v1/games items with only the named members, id first, then matched_via', async () => {
    const reply = await call(t.app, '/v1/games?fields=name,year_published&limit=3');
    expect(reply.status).toBe(200);
    expect(keysOf(reply.body as Page)).toEqual(Array(3).fill(['id', 'name', 'year_published', 'matched_via']));
    const whole = await call(t.app, '/v1/games?limit=3');
    const full = (whole.body as Page).data;
    (reply.body as Page).data.forEach((item, i) => {
      expect(item).toEqual({
        id: full[i].id,
        name: full[i].name,
        year_published: full[i].year_published,
        matched_via: full[i].matched_via,
      });
    });
    expect(reply.text.length).toBeLessThan(whole.text.length / 3);
  });

  it('keeps the selection on the next page, through _links and the Link header', async () => {
    const first = await call(t.app, '/v1/games?fields=rating&limit=2');
    const next = (first.body as Page)._links.next?.href ?? '';
    expect(next).toContain('fields=id%2Crating');
    expect(first.headers.get('link')).toContain('fields=id%2Crating');
    const second = await call(t.app, next);
    expect(second.status).toBe(200);
    expect(keysOf(second.body as Page)).toEqual(Array(2).fill(['id', 'rating', 'matched_via']));
  });

  it('adds include embeds and _links on request', async () => {
    const reply = await call(t.app, '/v1/games?fields=_links&include=mechanics&limit=1');
    expect(keysOf(reply.body as Page)).toEqual([['id', '_links', 'matched_via', 'mechanics']]);
  });

  it('selects on GET /v1/search, POST /v1/games/search and its continuation', async () => {
    const text = await call(t.app, '/v1/search?q=catan&fields=name');
    expect(text.status).toBe(200);
    // The selected members first, then the per-result members of a text search.
    const [first] = keysOf(text.body as Page);
    expect(first.slice(0, 2)).toEqual(['id', 'name']);
    expect(first.slice(2)).toContain('score');
    for (const key of first.slice(2)) expect(['matched_via', 'score', 'matched_field']).toContain(key);
    const posted = await call(t.app, '/v1/games/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 2, fields: ['slug', 'weight'] }),
    });
    expect(posted.status).toBe(200);
    expect(keysOf(posted.body as Page)).toEqual(Array(2).fill(['id', 'slug', 'weight', 'matched_via']));
    const continued = await call(t.app, (posted.body as Page)._links.next?.href ?? '');
    expect(continued.status).toBe(200);
    expect(keysOf(continued.body as Page)).toEqual(Array(2).fill(['id', 'slug', 'weight', 'matched_via']));
  });

  it.each([
    '/v1/games?fields=name,colour',
    '/v1/games?fields=',
    '/v1/search?q=catan&fields=matched_via',
    '/v1/games/search?cursor=x&fields=nope',
  ])('refuses %s with a 400 naming fields', async (path) => {
    const reply = await call(t.app, path);
    expect(reply.status).toBe(400);
    expect((reply.body as Problem).errors.map((e) => e.field)).toContain('fields');
  });

  it('refuses a body whose fields is not a list of names', async () => {
    const reply = await call(t.app, '/v1/games/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: 'name' }),
    });
    expect(reply.status).toBe(400);
    expect((reply.body as Problem).errors).toEqual([
      expect.objectContaining({ field: 'fields', code: 'invalid_type' }),
    ]);
  });

  it('is declared in the OpenAPI document on the lists and searches', async () => {
    const doc = (await call(t.app, '/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    for (const path of ['/v1/games', '/v1/search', '/v1/games/search'])
      expect(
        doc.paths[path].get.parameters?.map((p) => p.name),
        path,
      ).toContain('fields');
    const ref = /"#\/components\/schemas\/([^"]+)"/.exec(
      JSON.stringify(doc.paths['/v1/games/search'].post.requestBody),
    );
    expect(Object.keys(doc.components.schemas[ref?.[1] ?? ''].properties ?? {})).toContain('fields');
  });
});
