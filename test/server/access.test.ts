// Keys and rate limits through the app (SPEC-NOTES D33–D35): anonymous reads, keyed reads
// with the higher limit, 401/403 for writes and admin routes, and the fixed-window countdown
// with its headers and the 429 problem.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiKeys } from '../../server/auth/api-keys.js';
import { MemoryCounterStore } from '../../server/middleware/rate-limit.js';
import { call, demoAppWith, type Reply, type TestApp } from '../helpers/app.js';

const ANONYMOUS = 4;
const AUTHENTICATED = 7;

function limits(trustProxy = true) {
  return {
    rateLimit: {
      anonymous: ANONYMOUS,
      authenticated: AUTHENTICATED,
      windowMs: 60_000,
      trustProxy,
      store: new MemoryCounterStore(),
    },
  };
}

function from(ip: string, headers: Record<string, string> = {}): RequestInit {
  return { headers: { 'x-forwarded-for': ip, ...headers } };
}

function rateHeaders(reply: Reply) {
  return {
    limit: Number(reply.headers.get('x-ratelimit-limit')),
    remaining: Number(reply.headers.get('x-ratelimit-remaining')),
    reset: Number(reply.headers.get('x-ratelimit-reset')),
  };
}

describe('API keys and rate limits', () => {
  let t: TestApp & { deps: { keys: ApiKeys } };
  let readKey: string;
  let adminKey: string;

  beforeAll(async () => {
    t = await demoAppWith(() => ({ edge: limits() }));
    readKey = (await t.deps.keys.create({ admin: false, name: 'reader' })).key;
    adminKey = (await t.deps.keys.create({ admin: true, name: 'admin' })).key;
  });
  afterAll(() => t.close());

  it('serves anonymous reads with the anonymous limit in the headers', async () => {
    const before = Math.floor(Date.now() / 1000);
    const reply = await call(t.app, '/v1/games/spirit-island', from('10.0.0.1'));
    expect(reply.status).toBe(200);
    expect((reply.body as { name: string }).name).toBe('Spirit Island');
    const h = rateHeaders(reply);
    expect(h.limit).toBe(ANONYMOUS);
    expect(h.remaining).toBe(ANONYMOUS - 1);
    // The window opened with this hit and lasts 60 s: reset is about a minute ahead, in epoch seconds.
    expect(h.reset).toBeGreaterThanOrEqual(before + 59);
    expect(h.reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
  });

  it('serves keyed reads with the authenticated limit, counted per key, not per address', async () => {
    const first = await call(t.app, '/v1/games?limit=1', from('10.0.0.2', { 'x-api-key': readKey }));
    expect(first.status).toBe(200);
    expect(rateHeaders(first)).toMatchObject({ limit: AUTHENTICATED, remaining: AUTHENTICATED - 1 });
    // Same key from another address: the same budget.
    const second = await call(t.app, '/v1/games?limit=1', from('10.0.0.3', { 'x-api-key': readKey }));
    expect(rateHeaders(second)).toMatchObject({ limit: AUTHENTICATED, remaining: AUTHENTICATED - 2 });
    // The address itself is untouched by keyed requests.
    const anonymous = await call(t.app, '/v1/games?limit=1', from('10.0.0.3'));
    expect(rateHeaders(anonymous)).toMatchObject({ limit: ANONYMOUS, remaining: ANONYMOUS - 1 });
  });

  it('refuses a write without a key (401) and accepts it with one (201)', async () => {
    const body = JSON.stringify({ rating: 8 });
    const init = (headers: Record<string, string>) => ({
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.4', ...headers },
    });
    const anonymous = await call(t.app, '/v1/games/spirit-island/ratings', init({}));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 401, type: 'http://ludex.test/problems/unauthorized' });
    expect(anonymous.headers.get('x-ratelimit-limit')).toBe(String(ANONYMOUS));
    const keyed = await call(t.app, '/v1/games/spirit-island/ratings', init({ 'x-api-key': readKey }));
    expect(keyed.status).toBe(201);
    expect(keyed.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown key with 401 on reads too (never downgraded), still with rate-limit headers', async () => {
    const reply = await call(t.app, '/v1/games?limit=1', from('10.0.0.5', { 'x-api-key': 'ldx_not-a-key' }));
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ errors: [{ field: 'X-API-Key', code: 'invalid_key' }] });
    // A bad key counts against the address, with the anonymous limit.
    expect(rateHeaders(reply)).toMatchObject({ limit: ANONYMOUS, remaining: ANONYMOUS - 1 });
  });

  it('answers a key without the admin scope with 403 on admin routes, and lets an admin key through', async () => {
    const reader = await call(t.app, '/v1/admin/api-keys', from('10.0.0.6', { 'x-api-key': readKey }));
    expect(reader.status).toBe(403);
    expect(reader.body).toMatchObject({ status: 403, errors: [{ code: 'insufficient_scope' }] });
    const admin = await call(t.app, '/v1/admin/api-keys', from('10.0.0.6', { 'x-api-key': adminKey }));
    expect(admin.status).toBe(200);
    expect((admin.body as { data: { name: string }[] }).data.map((k) => k.name)).toEqual(
      expect.arrayContaining(['reader', 'admin']),
    );
    expect(admin.headers.get('cache-control')).toBe('no-store');
  });

  it('counts down Remaining, then answers 429 with Retry-After until the window closes', async () => {
    const ip = '10.0.1.1';
    const remaining: number[] = [];
    for (let i = 0; i < ANONYMOUS; i++) {
      const reply = await call(t.app, '/v1/mechanics', from(ip));
      expect(reply.status).toBe(200);
      remaining.push(rateHeaders(reply).remaining);
    }
    expect(remaining).toEqual(Array.from({ length: ANONYMOUS }, (_, i) => ANONYMOUS - 1 - i));
    const refused = await call(t.app, '/v1/mechanics', from(ip));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.body).toMatchObject({
      status: 429,
      title: 'Rate Limit Exceeded',
      type: 'http://ludex.test/problems/rate-limited',
    });
    expect(rateHeaders(refused)).toMatchObject({ limit: ANONYMOUS, remaining: 0 });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After and Reset describe the same moment.
    expect(Math.abs(rateHeaders(refused).reset - (Math.floor(Date.now() / 1000) + retryAfter))).toBeLessThanOrEqual(1);
    // Other clients are unaffected; a key gets its own budget even from the exhausted address.
    expect((await call(t.app, '/v1/mechanics', from('10.0.1.2'))).status).toBe(200);
    expect((await call(t.app, '/v1/mechanics', from(ip, { 'x-api-key': adminKey }))).status).toBe(200);
  });

  it('exempts probes and /metrics, which carry no rate-limit headers', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < ANONYMOUS; i++) await call(t.app, '/v1', from(ip));
    expect((await call(t.app, '/v1', from(ip))).status).toBe(429);
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const reply = await call(t.app, path, from(ip));
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('x-ratelimit-limit'), path).toBeNull();
    }
  });

  it('puts rate-limit headers on /v1 errors too (404, 400)', async () => {
    const missing = await call(t.app, '/v1/games/no-such-game', from('10.0.3.1'));
    expect(missing.status).toBe(404);
    expect(rateHeaders(missing)).toMatchObject({ limit: ANONYMOUS, remaining: ANONYMOUS - 1 });
    const invalid = await call(t.app, '/v1/games?limit=0', from('10.0.3.1'));
    expect(invalid.status).toBe(400);
    expect(rateHeaders(invalid)).toMatchObject({ remaining: ANONYMOUS - 2 });
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const t = await demoAppWith(() => ({ edge: limits(false) }));
    try {
      // Without a trusted proxy, every forwarded address is the same (unknown) client.
      const a = await call(t.app, '/v1', from('10.9.0.1'));
      const b = await call(t.app, '/v1', from('10.9.0.2'));
      expect(rateHeaders(a).remaining).toBe(ANONYMOUS - 1);
      expect(rateHeaders(b).remaining).toBe(ANONYMOUS - 2);
    } finally {
      await t.close();
    }
  });

  it('takes the left-most X-Forwarded-For entry when TRUST_PROXY is on', async () => {
    const t = await demoAppWith(() => ({ edge: limits(true) }));
    try {
      const a = await call(t.app, '/v1', from('10.9.0.1, 192.168.0.1'));
      const b = await call(t.app, '/v1', from('10.9.0.1, 192.168.0.2'));
      const c = await call(t.app, '/v1', from('10.9.0.2, 192.168.0.1'));
      expect([a, b, c].map((r) => rateHeaders(r).remaining)).toEqual([ANONYMOUS - 1, ANONYMOUS - 2, ANONYMOUS - 1]);
    } finally {
      await t.close();
    }
  });
});

describe('export budget', () => {
  it('counts exports in a budget of their own per hour, reported in the headers of export responses', async () => {
    const t = await demoAppWith(() => ({
      edge: {
        rateLimit: {
          anonymous: 100,
          authenticated: 100,
          windowMs: 60_000,
          trustProxy: true,
          store: new MemoryCounterStore(),
          exports: { limit: 2, windowMs: 3_600_000 },
        },
      },
    }));
    try {
      const key = (await (t.deps as { keys: ApiKeys }).keys.create({ admin: false, name: 'exporter' })).key;
      const headers = { 'x-forwarded-for': '10.7.0.1', 'x-api-key': key };
      const exports: Reply[] = [];
      for (let i = 0; i < 3; i++)
        exports.push(await call(t.app, '/v1/export/games?format=jsonl&type=expansion', { headers }));
      expect(exports.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(exports.map((r) => rateHeaders(r).limit)).toEqual([2, 2, 2]);
      expect(exports.map((r) => rateHeaders(r).remaining)).toEqual([1, 0, 0]);
      // An hour-long window: Reset and Retry-After are about an hour away.
      expect(rateHeaders(exports[2]).reset - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
      expect(Number(exports[2].headers.get('retry-after'))).toBeGreaterThan(3500);
      expect((exports[2].body as { detail: string }).detail).toContain('2 exports per hour');
      // Other reads by the same key still draw on the request budget (3 exports + this one).
      const read = await call(t.app, '/v1/games?limit=1', { headers });
      expect(read.status).toBe(200);
      expect(rateHeaders(read)).toMatchObject({ limit: 100, remaining: 96 });
    } finally {
      await t.close();
    }
  });
});

describe('MemoryCounterStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a window with the first hit and starts over once it closes', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const store = new MemoryCounterStore();
    expect(await store.hit('a', 5, 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    vi.advanceTimersByTime(20_000);
    expect(await store.hit('a', 5, 60_000)).toEqual({ count: 2, ttlMs: 40_000 });
    expect(await store.hit('b', 5, 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    vi.advanceTimersByTime(40_000);
    expect(await store.hit('a', 5, 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('keeps counting past the limit, so a client over budget stays refused until the window closes', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const store = new MemoryCounterStore();
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push((await store.hit('c', 2, 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
  });
});
