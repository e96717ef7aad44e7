// Key management over HTTP (SPEC-NOTES D34): admin only, plaintext once, hashes only in the
// store, revocation takes effect at once.

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeys } from '../../server/auth/api-keys.js';
import { call, demoApp, TEST_API_KEY_SECRET, type TestApp } from '../helpers/app.js';

interface KeyJson {
  id: string;
  name: string | null;
  admin: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  key?: string;
}

let t: TestApp;
let admin: string;
let plain: string;

beforeAll(async () => {
  t = await demoApp();
  const keys = new ApiKeys(t.store, TEST_API_KEY_SECRET);
  admin = (await keys.create({ admin: true, name: 'root' })).key;
  plain = (await keys.create({ admin: false, name: 'reader' })).key;
});
afterAll(async () => t.close());

const json = (key: string | undefined, method: string, body?: unknown): RequestInit => ({
  method,
  headers: {
    ...(key ? { 'x-api-key': key } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
  },
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

describe('admin key routes', () => {
  it('issues a key whose plaintext appears once, works at once, and is stored only as its HMAC', async () => {
    const created = await call(t.app, '/v1/admin/api-keys', json(admin, 'POST', { name: 'mobile app' }));
    expect(created.status, created.text).toBe(201);
    const issued = created.body as KeyJson;
    expect(issued).toMatchObject({ name: 'mobile app', admin: false, revoked_at: null });
    expect(issued.key).toMatch(/^ldx_[A-Za-z0-9_-]{43}$/);
    expect(created.headers.get('cache-control')).toBe('no-store');

    const rows = await t.store.all<Record<string, unknown>>('SELECT * FROM api_keys');
    expect(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(issued.key);
    const expectedHash = createHmac('sha256', TEST_API_KEY_SECRET)
      .update(issued.key ?? '')
      .digest('hex');
    expect(rows.find((r) => r.id === issued.id)?.key_hash).toBe(expectedHash);

    const listed = await call(t.app, '/v1/admin/api-keys', json(admin, 'GET'));
    expect(listed.status).toBe(200);
    const data = (listed.body as { data: KeyJson[] }).data;
    expect(data.map((k) => k.name)).toEqual(['root', 'reader', 'mobile app']);
    expect(listed.text).not.toContain(issued.key);
    expect(listed.text).not.toContain(expectedHash);
    for (const k of data)
      expect(Object.keys(k).sort()).toEqual(['admin', 'created_at', 'id', 'last_used_at', 'name', 'revoked_at']);

    const vote = await call(t.app, '/v1/games/catan/ratings', { ...json(issued.key, 'POST', { rating: 6 }) });
    expect(vote.status, vote.text).toBe(201);
  });

  it('issues an admin key from an empty body as a plain key, and an admin key on request', async () => {
    const empty = await call(t.app, '/v1/admin/api-keys', json(admin, 'POST'));
    expect(empty.status, empty.text).toBe(201);
    expect(empty.body).toMatchObject({ admin: false, name: null });
    const second = await call(t.app, '/v1/admin/api-keys', json(admin, 'POST', { admin: true }));
    const secondKey = (second.body as KeyJson).key;
    expect((await call(t.app, '/v1/admin/api-keys', json(secondKey, 'GET'))).status).toBe(200);
  });

  it('names invalid members of the body', async () => {
    const reply = await call(
      t.app,
      '/v1/admin/api-keys',
      json(admin, 'POST', { name: '', admin: 'yes', scope: 'all' }),
    );
    expect(reply.status).toBe(400);
    const fields = (reply.body as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['admin', 'name', 'scope']);
  });

  it('revokes: the key answers 401 from then on, a second revoke is 404, last_used_at was recorded', async () => {
    const issued = (await call(t.app, '/v1/admin/api-keys', json(admin, 'POST', { name: 'short-lived' })))
      .body as KeyJson;
    expect((await call(t.app, '/v1/games/catan/weight', json(issued.key, 'POST', { weight: 2.1 }))).status).toBe(201);
    const revoked = await call(t.app, `/v1/admin/api-keys/${issued.id}`, json(admin, 'DELETE'));
    expect(revoked.status, revoked.text).toBe(200);
    const info = revoked.body as KeyJson;
    expect(info.revoked_at).not.toBeNull();
    expect(info.last_used_at).not.toBeNull();
    const after = await call(t.app, '/v1/games/catan/weight', json(issued.key, 'POST', { weight: 2.1 }));
    expect(after.status).toBe(401);
    // Even an anonymous-safe read refuses a revoked key rather than treating it as anonymous.
    expect((await call(t.app, '/v1/admin/api-keys', json(issued.key, 'GET'))).status).toBe(401);
    expect((await call(t.app, `/v1/admin/api-keys/${issued.id}`, json(admin, 'DELETE'))).status).toBe(404);
    expect((await call(t.app, '/v1/admin/api-keys/not-an-id', json(admin, 'DELETE'))).status).toBe(404);
  });

  it('answers 401 without a key and 403 for a key without the admin scope, on every admin route', async () => {
    const routes: [string, string][] = [
      ['/v1/admin/api-keys', 'GET'],
      ['/v1/admin/api-keys', 'POST'],
      ['/v1/admin/api-keys/some-id', 'DELETE'],
      ['/v1/admin/materialize', 'POST'],
    ];
    for (const [path, method] of routes) {
      const anonymous = await call(t.app, path, json(undefined, method));
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const forbidden = await call(t.app, path, json(plain, method));
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect((forbidden.body as { type: string }).type).toMatch(/\/problems\/forbidden$/);
    }
    const keysNow = await t.store.all<{ n: bigint }>('SELECT count(*) AS n FROM api_keys WHERE revoked_at IS NULL');
    expect(Number(keysNow[0].n)).toBeGreaterThan(0);
  });
});
