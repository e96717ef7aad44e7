// Conditional requests and Cache-Control at the edge: a strong ETag on cacheable 200
// GET/HEAD string bodies (the Dataset version and the request on Dataset routes, the body's
// SHA-1 elsewhere), 304 when If-None-Match names it, Cache-Control by kind of data.

import { createHash } from 'node:crypto';
import { mockEvent, type H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../server/http.js';
import {
  cacheControlHeader,
  conditional,
  DATASET_ROUTES,
  LONG_CACHE,
  NO_STORE,
  requestTag,
  SHORT_CACHE,
} from '../../../server/middleware/caching.js';
import { datasetVersion } from '../../../server/middleware/dataset-version.js';
import { answeredApp, fetchApp } from './mini-app.js';

const BODY = '{"game":"spirit-island"}';
const SHA1_TAG = `"${createHash('sha1').update(BODY, 'utf8').digest('base64url')}"`;
/** Stands for the Dataset being served: its object is what the version names. */
let served: object = { dataset: 1 };
const tagOf = (pathAndQuery: string) => `"${requestTag(datasetVersion(served), pathAndQuery)}"`;

const routes = {
  '/v1/games/:id': (event: H3Event) => sendJson(event, BODY),
  '/v1/mechanics': async (event: H3Event) => {
    await Promise.resolve();
    return sendJson(event, BODY);
  },
  '/v1/private': (event: H3Event) => {
    event.res.headers.set('cache-control', 'no-store');
    return sendJson(event, BODY);
  },
  '/v1/created': (event: H3Event) => sendJson(event, BODY, 201),
  // reads the store besides the Dataset: tagged by its body
  '/v1/statistics/trends/weight': (event: H3Event) => sendJson(event, BODY),
  '/v1/stream': () => new ReadableStream({ start: (c) => c.close() }),
};

describe('conditional', () => {
  // The answer edge with Cache-Control as an answer header, as in the app.
  const app = answeredApp([conditional(() => served)], routes, [cacheControlHeader]);

  it('tags a Dataset route’s 200 GET and HEAD with the Dataset version and the request, with the Cache-Control of its kind', async () => {
    for (const [path, cache] of [
      ['/v1/games/1', SHORT_CACHE],
      ['/v1/games/1?include=stats', SHORT_CACHE],
      ['/v1/mechanics', LONG_CACHE],
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const reply = await fetchApp(app, path, { method });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('etag'), `${method} ${path}`).toBe(tagOf(path));
        expect(reply.headers.get('cache-control')).toBe(cache);
      }
    }
    // the same body under two requests: two tags, as no byte of the body is hashed
    expect(tagOf('/v1/games/1')).not.toBe(tagOf('/v1/games/1?include=stats'));
  });

  it('tags a route that reads the store by the SHA-1 of its body', async () => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await fetchApp(app, '/v1/statistics/trends/weight', { method });
      expect(reply.headers.get('etag'), method).toBe(SHA1_TAG);
    }
    expect(DATASET_ROUTES.has('/v1/statistics/trends/weight')).toBe(false);
  });

  it('changes a Dataset route’s tag when another Dataset is served, and gives it back with the first', async () => {
    const first = served;
    const before = await fetchApp(app, '/v1/games/1');
    const tag = before.headers.get('etag') ?? '';
    served = { dataset: 2 };
    try {
      const swapped = await fetchApp(app, '/v1/games/1', { headers: { 'if-none-match': tag } });
      expect(swapped.status).toBe(200);
      expect(swapped.headers.get('etag')).not.toBe(tag);
    } finally {
      served = first;
    }
    expect((await fetchApp(app, '/v1/games/1', { headers: { 'if-none-match': tag } })).status).toBe(304);
  });

  it('answers 304 without a body or Content-Type when If-None-Match names the tag', async () => {
    const TAG = tagOf('/v1/mechanics');
    for (const header of [TAG, `W/${TAG}`, `"other", ${TAG}`, '*']) {
      const reply = await fetchApp(app, '/v1/mechanics', { headers: { 'if-none-match': header } });
      expect(reply.status, header).toBe(304);
      expect(await reply.text()).toBe('');
      expect(reply.headers.get('etag')).toBe(TAG);
      expect(reply.headers.get('cache-control')).toBe(LONG_CACHE);
      expect(reply.headers.get('content-type')).toBeNull();
    }
    const stale = await fetchApp(app, '/v1/games/1', { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(BODY);
  });

  it('leaves no-store answers, other statuses, writes and non-string bodies untagged (Cache-Control still by kind)', async () => {
    const replies = [
      await fetchApp(app, '/v1/private'),
      await fetchApp(app, '/v1/created'),
      await fetchApp(app, '/v1/games/1', { method: 'POST' }),
      await fetchApp(app, '/v1/stream'),
    ];
    for (const reply of replies) expect(reply.headers.get('etag'), reply.url).toBeNull();
    expect(replies.map((r) => r.headers.get('cache-control'))).toEqual([NO_STORE, SHORT_CACHE, NO_STORE, SHORT_CACHE]);
    // Even a matching tag is not a 304 where there is no tag.
    const post = await fetchApp(app, '/v1/games/1', { method: 'POST', headers: { 'if-none-match': '*' } });
    expect(post.status).toBe(200);
  });
});

describe('conditional: revalidation before the route runs', () => {
  let runs = 0;
  /** A Dataset route that counts its runs; `bad` in the query makes it a 400. */
  const counted = {
    '/v1/games': (event: H3Event) => {
      runs += 1;
      return event.url.searchParams.has('bad') ? sendJson(event, '{"error":1}', 400) : sendJson(event, BODY);
    },
  };
  const app = answeredApp([conditional(() => served)], counted, [cacheControlHeader]);
  const ran = async (path: string, init?: RequestInit): Promise<{ reply: Response; ran: boolean }> => {
    const before = runs;
    const reply = await fetchApp(app, path, init);
    return { reply, ran: runs > before };
  };

  it('answers a revalidation of a request this Dataset answered with a 200 without running the route', async () => {
    const first = await ran('/v1/games?players=4');
    expect(first.ran).toBe(true);
    const tag = first.reply.headers.get('etag') ?? '';
    expect(tag).toBe(tagOf('/v1/games?players=4'));
    for (const method of ['GET', 'HEAD']) {
      for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
        const again = await ran('/v1/games?players=4', { method, headers: { 'if-none-match': header } });
        expect(again.reply.status, `${method} ${header}`).toBe(304);
        expect(again.ran, `${method} ${header}`).toBe(false);
        expect(await again.reply.text()).toBe('');
        expect(again.reply.headers.get('etag')).toBe(tag);
        expect(again.reply.headers.get('cache-control')).toBe(SHORT_CACHE);
        expect(again.reply.headers.get('content-type')).toBeNull();
      }
    }
    // another tag is no match: the route runs and answers in full
    const stale = await ran('/v1/games?players=4', { headers: { 'if-none-match': '"stale"' } });
    expect([stale.reply.status, stale.ran, await stale.reply.text()]).toEqual([200, true, BODY]);
  });

  it('runs the route for a request this Dataset has not answered, so a guessed tag never makes a failing request a 304', async () => {
    const unseen = await ran('/v1/games?players=5', { headers: { 'if-none-match': '*' } });
    expect([unseen.reply.status, unseen.ran]).toEqual([304, true]);
    for (const header of ['*', tagOf('/v1/games?bad=1')]) {
      const bad = await ran('/v1/games?bad=1', { headers: { 'if-none-match': header } });
      expect([bad.reply.status, bad.ran], header).toEqual([400, true]);
    }
  });

  it('forgets what a Dataset answered once another is served', async () => {
    const tag = (await ran('/v1/games?players=6')).reply.headers.get('etag') ?? '';
    const first = served;
    served = { dataset: 3 };
    try {
      const swapped = await ran('/v1/games?players=6', { headers: { 'if-none-match': tag } });
      expect([swapped.reply.status, swapped.ran]).toEqual([200, true]);
      expect(swapped.reply.headers.get('etag')).not.toBe(tag);
    } finally {
      served = first;
    }
  });

  it('keeps at most `entries` requests per Dataset, the oldest dropped first, and none longer than `keyLength`', async () => {
    const small = answeredApp([conditional(() => served, { entries: 2, keyLength: 20 })], counted, [
      cacheControlHeader,
    ]);
    const revalidates = async (path: string): Promise<boolean> => {
      const before = runs;
      const reply = await fetchApp(small, path, { headers: { 'if-none-match': tagOf(path) } });
      expect(reply.status, path).toBe(304);
      return runs === before;
    };
    const long = `/v1/games?q=${'x'.repeat(20)}`;
    for (const path of ['/v1/games?a=1', '/v1/games?a=2', '/v1/games?a=3', long]) await fetchApp(small, path);
    expect(await revalidates('/v1/games?a=3')).toBe(true);
    expect(await revalidates('/v1/games?a=2')).toBe(true);
    expect(await revalidates('/v1/games?a=1')).toBe(false);
    expect(await revalidates(long)).toBe(false);
  });
});

describe('cacheControlHeader', () => {
  const cacheControl = (path: string, method: string, status: number, route: string | undefined, own?: string) => {
    const event = mockEvent(path, { method });
    if (route !== undefined) event.context.matchedRoute = { route, handler: () => undefined };
    const headers = new Headers(own === undefined ? {} : { 'cache-control': own });
    cacheControlHeader(headers, event, status);
    return headers.get('cache-control');
  };

  it('follows D44 by kind of data, and keeps an answer’s own', () => {
    expect(cacheControl('/v1/games/1', 'GET', 200, '/v1/games/:id')).toBe(SHORT_CACHE);
    expect(cacheControl('/v1/awards', 'HEAD', 304, '/v1/awards')).toBe(LONG_CACHE);
    expect(cacheControl('/v1/games/1', 'GET', 404, '/v1/games/:id')).toBe(NO_STORE);
    expect(cacheControl('/v1/games/search', 'POST', 200, '/v1/games/search')).toBe(NO_STORE);
    expect(cacheControl('/v1/admin/api-keys', 'GET', 200, '/v1/admin/api-keys')).toBe(NO_STORE);
    expect(cacheControl('/nowhere', 'GET', 200, undefined)).toBe(NO_STORE);
    expect(cacheControl('/v1/games/1', 'GET', 200, '/v1/games/:id', 'private')).toBe('private');
  });
});
