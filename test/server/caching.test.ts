// HTTP caching (SPEC-NOTES D44): a strong ETag that is the SHA-1 of the body on 200 GETs,
// 304 for a matching If-None-Match, Cache-Control by kind of data, and an ETag that follows
// the Dataset: it changes when a swap changes the body and comes back when the body does.

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { call, demoAppWith, type TestApp } from '../helpers/app.js';
import type { AppDeps } from '../../server/app.js';

const sha1Etag = (text: string) => `"${createHash('sha1').update(text, 'utf8').digest('base64url')}"`;

describe('ETag, 304 and Cache-Control', () => {
  let t: TestApp & { deps: AppDeps };
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
  });
  afterAll(() => t.close());

  it('tags a 200 GET with the SHA-1 of its body, and HEAD with the same tag', async () => {
    const reply = await call(t.app, '/v1/games/spirit-island');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toBe(sha1Etag(reply.text));
    const head = await call(t.app, '/v1/games/spirit-island', { method: 'HEAD' });
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(reply.headers.get('etag'));
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
      expect(swapped.headers.get('etag')).toBe(sha1Etag(swapped.text));
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
    expect(after.headers.get('etag')).toBe(sha1Etag(after.text));
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});
