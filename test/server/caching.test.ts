// HTTP caching (SPEC-NOTES D44): a strong ETag on 200 GETs (the Dataset version and the
// request on Dataset routes, the body's SHA-1 on routes that read the store), 304 for a
// matching If-None-Match, Cache-Control by kind of data, and an ETag that follows the
// Dataset: it changes with a swap and comes back with the Dataset it named.

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDataset, Dataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { call, demoAppWith, type TestApp } from '../helpers/app.js';
import { registeredRoutes } from '../../server/http.js';
import { DATASET_ROUTES } from '../../server/middleware/caching.js';
import type { AppDeps } from '../../server/app.js';

const sha1Etag = (text: string) => `"${createHash('sha1').update(text, 'utf8').digest('base64url')}"`;

/** GET routes whose answers read the store besides the Dataset: tagged by their body's SHA-1. */
const STORE_ROUTES = new Set([
  '/v1/games/:id/history',
  '/v1/statistics/rankings/history',
  '/v1/statistics/rankings/transitions',
  '/v1/statistics/trends/publications',
  '/v1/statistics/trends/mechanics',
  '/v1/statistics/trends/weight',
  '/v1/statistics/trends/player-count',
]);
/** GET routes that are never tagged: no-store, or streamed. */
const UNTAGGED_ROUTES = new Set(['/healthz', '/readyz', '/metrics', '/v1/admin/api-keys', '/v1/export/games']);

describe('ETag, 304 and Cache-Control', () => {
  let t: TestApp & { deps: AppDeps };
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
  });
  afterAll(() => t.close());

  it('tags a 200 GET, not by hashing its body, and HEAD with the same tag', async () => {
    const reply = await call(t.app, '/v1/games/spirit-island');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(reply.headers.get('etag')).not.toBe(sha1Etag(reply.text));
    const head = await call(t.app, '/v1/games/spirit-island', { method: 'HEAD' });
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(reply.headers.get('etag'));
  });

  it('knows every GET route: tagged by the Dataset and the request, by the body (store reads), or untagged', () => {
    for (const { method, path } of registeredRoutes(t.app)) {
      if (method !== 'GET') continue;
      const kinds = [DATASET_ROUTES.has(path), STORE_ROUTES.has(path), UNTAGGED_ROUTES.has(path)];
      expect(kinds.filter(Boolean), path).toHaveLength(1);
    }
  });

  it('tags the answers that read the store by their body', async () => {
    const reply = await call(t.app, '/v1/statistics/trends/weight');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toBe(sha1Etag(reply.text));
  });

  it('answers 304 without a body when If-None-Match names the current tag (also in a list, or weak)', async () => {
    const path = '/v1/games?limit=5&sort=name';
    const first = await call(t.app, path);
    const etag = first.headers.get('etag') ?? '';
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const reply = await call(t.app, path, { headers: { 'if-none-match': header } });
      expect(reply.status, header).toBe(304);
      expect(reply.text).toBe('');
      expect(reply.headers.get('etag')).toBe(etag);
      expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    }
    const stale = await call(t.app, path, { headers: { 'if-none-match': '"not-the-tag"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('answers a revalidation of a page before the engine runs, in the coding the client accepts', async () => {
    const path = '/v1/games?limit=20&sort=rating';
    const queries = vi.spyOn(Dataset.prototype, 'query');
    try {
      for (const coding of ['identity', 'br', 'gzip']) {
        const headers = { 'accept-encoding': coding };
        const first = await call(t.app, path, { headers });
        expect(first.status).toBe(200);
        const etag = first.headers.get('etag') ?? '';
        expect(etag, coding).toMatch(coding === 'identity' ? /^"/ : new RegExp(`^W/".*-${coding}"$`));
        const ran = queries.mock.calls.length;
        const again = await call(t.app, path, { headers: { ...headers, 'if-none-match': etag } });
        expect([again.status, again.text], coding).toEqual([304, '']);
        expect(queries.mock.calls.length, coding).toBe(ran);
        for (const name of ['etag', 'cache-control', 'vary'])
          expect(again.headers.get(name)).toBe(first.headers.get(name));
      }
      // a tag of one coding revalidates nothing in another: the page is answered in full
      const br = (await call(t.app, path, { headers: { 'accept-encoding': 'br' } })).headers.get('etag') ?? '';
      const ran = queries.mock.calls.length;
      const plain = await call(t.app, path, { headers: { 'accept-encoding': 'identity', 'if-none-match': br } });
      expect(plain.status).toBe(200);
      expect(queries.mock.calls.length).toBe(ran + 1);
    } finally {
      queries.mockRestore();
    }
  });

  it('sets Cache-Control per D44: 5 minutes on game data, a day on taxonomy and awards, no-store elsewhere', async () => {
    const cases: [string, RequestInit | undefined, string][] = [
      ['/v1/games/spirit-island', undefined, 'public, max-age=300'],
      ['/v1/games?limit=2', undefined, 'public, max-age=300'],
      ['/v1/games/spirit-island/polls', undefined, 'public, max-age=300'],
      ['/v1/mechanics', undefined, 'public, max-age=86400'],
      ['/v1/categories', undefined, 'public, max-age=86400'],
      ['/v1/awards', undefined, 'public, max-age=86400'],
      ['/v1/games/no-such-game', undefined, 'no-store'],
      ['/v1/games?limit=0', undefined, 'no-store'],
      ['/v1/admin/api-keys', undefined, 'no-store'],
      ['/healthz', undefined, 'no-store'],
      ['/metrics', undefined, 'no-store'],
      ['/v1/games/search', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, 'no-store'],
    ];
    for (const [path, init, expected] of cases) {
      const reply = await call(t.app, path, init);
      expect(reply.headers.get('cache-control'), `${init?.method ?? 'GET'} ${path}`).toBe(expected);
      // Only cacheable 200 GETs carry a tag.
      const tagged = reply.status === 200 && expected !== 'no-store';
      expect(reply.headers.get('etag') !== null, `${path} etag`).toBe(tagged);
    }
  });

  it('changes the ETag when a Dataset swap changes the body, and restores it with the same content', async () => {
    const path = '/v1/games?limit=3';
    const before = await call(t.app, path);
    const etag = before.headers.get('etag') ?? '';
    const original = t.state.current;
    const empty = await Store.open(':memory:');
    try {
      await migrate(empty);
      t.state.swap(buildDataset(await loadDatasetInput(empty)));
      const swapped = await call(t.app, path, { headers: { 'if-none-match': etag } });
      expect(swapped.status).toBe(200);
      expect((swapped.body as { data: unknown[] }).data).toEqual([]);
      expect(swapped.headers.get('etag')).not.toBe(etag);
    } finally {
      t.state.swap(original);
      await empty.close();
    }
    const back = await call(t.app, path, { headers: { 'if-none-match': etag } });
    expect(back.status).toBe(304);
  });

  it('changes the ETag of a game after a vote and a materialization run', async () => {
    const path = '/v1/games/spirit-island';
    const before = await call(t.app, path);
    const etag = before.headers.get('etag') ?? '';
    const key = (await t.deps.keys.create({ admin: false, name: 'voter' })).key;
    const vote = await call(t.app, `${path}/ratings`, {
      method: 'POST',
      body: JSON.stringify({ rating: 1 }),
      headers: { 'content-type': 'application/json', 'x-api-key': key },
    });
    expect(vote.status).toBe(201);
    // The vote alone changes nothing served, so the tag still holds.
    expect((await call(t.app, path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await t.deps.materializer.run('api');
    const after = await call(t.app, path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const votes = (g: unknown) => (g as { rating_votes: number | null }).rating_votes ?? 0;
    expect(votes(after.body)).toBe(votes(before.body) + 1);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await call(t.app, path, { headers: { 'if-none-match': after.headers.get('etag') ?? '' } })).status).toBe(
      304,
    );
  });
});
