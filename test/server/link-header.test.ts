// RFC 8288 Link headers on paged lists: rel="next" and rel="prev" name the same pages as
// `_links`, and a client that follows them alone walks every page.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoApp, type Reply, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => {
  await t.close();
});

interface Page {
  data: { id: string }[];
  meta: { total: number };
  _links: { next?: { href: string }; prev?: { href: string } };
}

/** rel → target of a Link header. */
function parseLink(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="([^"]+)"/g)) out[match[2]] = match[1];
  return out;
}

describe('Link header', () => {
  it('names the same next and prev pages as _links', async () => {
    const first = await call(t.app, '/v1/games?type=base_game&limit=10');
    const body = first.body as Page;
    expect(parseLink(first.headers.get('link'))).toEqual({ next: body._links.next?.href });
    const second = await call(t.app, body._links.next?.href ?? '');
    const secondBody = second.body as Page;
    expect(parseLink(second.headers.get('link'))).toEqual({
      next: secondBody._links.next?.href,
      prev: secondBody._links.prev?.href,
    });
  });

  it('walks every page by the header alone, and the last page has no next', async () => {
    let reply: Reply = await call(t.app, '/v1/mechanics?limit=7');
    const total = (reply.body as Page).meta.total;
    const seen: string[] = [];
    for (;;) {
      seen.push(...(reply.body as Page).data.map((item) => item.id));
      const next = parseLink(reply.headers.get('link')).next;
      if (next === undefined) break;
      reply = await call(t.app, next);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('is absent when everything fits on one page, and on single resources', async () => {
    const whole = await call(t.app, '/v1/awards?limit=100');
    expect(whole.status).toBe(200);
    expect((whole.body as Page).meta.total).toBeLessThanOrEqual(100);
    expect(whole.headers.get('link')).toBeNull();
    const game = await call(t.app, '/v1/games/catan');
    expect(game.status).toBe(200);
    expect(game.headers.get('link')).toBeNull();
  });

  it('is sent by POST /v1/games/search too', async () => {
    const reply = await call(t.app, '/v1/games/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 5 }),
    });
    expect(parseLink(reply.headers.get('link')).next).toBe((reply.body as Page)._links.next?.href);
  });
});
