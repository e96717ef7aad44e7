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
