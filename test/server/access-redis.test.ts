// Rate-limit counters in Redis: two app instances (as two server processes would) share one
// budget through the local Redis at 127.0.0.1:6379. Skipped, with a visible message, when
// no Redis answers there. Redis that is down makes the limiter count in process memory.

import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCounterStore } from '../../server/middleware/rate-limit-redis.js';
import { silentLogger } from '../../server/logger.js';
import { call, capturedLogger, demoAppWith, type Reply, type TestApp } from '../helpers/app.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const reachable = await redisReachable();
if (!reachable) console.warn('access-redis.test.ts: no Redis at 127.0.0.1:6379; the shared-budget tests are skipped');

const LIMIT = 5;
const remainingOf = (reply: Reply) => Number(reply.headers.get('x-ratelimit-remaining'));

describe.skipIf(!reachable)('rate limits shared through Redis', () => {
  // A prefix of its own, so runs never see each other's counters.
  const prefix = `ludex-test:${randomUUID()}:`;
  const stores: RedisCounterStore[] = [];
  let first: TestApp;
  let second: TestApp;

  const appWithOwnClient = () =>
    demoAppWith(() => {
      const store = new RedisCounterStore({ url: REDIS_URL, logger: silentLogger, prefix });
      stores.push(store);
      return {
        edge: { rateLimit: { anonymous: LIMIT, authenticated: 50, windowMs: 60_000, trustProxy: true, store } },
      };
    });

  beforeAll(async () => {
    first = await appWithOwnClient();
    second = await appWithOwnClient();
    for (const store of stores) expect(await store.ready()).toBe(true);
  });
  afterAll(async () => {
    const keys = await stores[0].redis.keys(`${prefix}*`);
    if (keys.length > 0) await stores[0].redis.del(...keys);
    for (const store of stores) await store.close();
    await first.close();
    await second.close();
  });

  it('two app instances with separate Redis clients draw from one budget per client', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const replies: Reply[] = [];
    for (let i = 0; i < LIMIT; i++)
      replies.push(await call(i % 2 === 0 ? first.app : second.app, '/v1/mechanics', { headers }));
    expect(replies.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    expect(replies.map(remainingOf)).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    // Both instances now refuse this client.
    for (const app of [first.app, second.app]) {
      const refused = await call(app, '/v1/mechanics', { headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(remainingOf(refused)).toBe(0);
    }
    // Another client still has its whole budget.
    const other = await call(second.app, '/v1/mechanics', { headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(other.status).toBe(200);
    expect(remainingOf(other)).toBe(LIMIT - 1);
  });

  it('counts in the insurance limiter while Redis is away and logs when it is back', async () => {
    const { logger, lines } = capturedLogger();
    let fallbacks = 0;
    const store = new RedisCounterStore({ url: REDIS_URL, logger, prefix, onFallback: () => fallbacks++ });
    stores.push(store);
    expect(await store.ready()).toBe(true);
    expect((await store.hit('ip:drop', 5, 60_000)).count).toBe(1);
    // Drop the connection (ioredis reconnects): the next hit is counted in memory.
    store.redis.disconnect(true);
    expect((await store.hit('ip:drop', 5, 60_000)).count).toBe(1);
    expect(fallbacks).toBe(1);
    await new Promise((resolve) => store.redis.once('ready', resolve));
    // Back on Redis, where the first hit is still counted.
    expect((await store.hit('ip:drop', 5, 60_000)).count).toBe(2);
    expect(fallbacks).toBe(1);
    expect(lines.filter((l) => l.includes('Redis is unreachable'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('shared through Redis again'))).toHaveLength(1);
  });

  it('stores one counter per window with an expiry of at most the window length', async () => {
    await call(first.app, '/v1', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const key = `${prefix}ip:203.0.113.9`;
    expect(await stores[0].redis.get(key)).toBe('1');
    const ttl = await stores[0].redis.pttl(key);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('Redis unreachable', () => {
  it('counts in process memory, logs the outage once and reports each fallback hit', async () => {
    const { logger, lines } = capturedLogger();
    let fallbacks = 0;
    // Port 1 on loopback: nothing listens there, so every command fails at once.
    const store = new RedisCounterStore({ url: 'redis://127.0.0.1:1', logger, onFallback: () => fallbacks++ });
    expect(await store.ready(300)).toBe(false);
    const t = await demoAppWith(() => ({
      edge: { rateLimit: { anonymous: 3, authenticated: 30, windowMs: 60_000, trustProxy: true, store } },
    }));
    try {
      const headers = { 'x-forwarded-for': '198.51.100.1' };
      const statuses: number[] = [];
      const remaining: number[] = [];
      for (let i = 0; i < 4; i++) {
        const reply = await call(t.app, '/v1', { headers });
        statuses.push(reply.status);
        remaining.push(remainingOf(reply));
      }
      // Limits still hold, per process.
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(remaining).toEqual([2, 1, 0, 0]);
      expect(fallbacks).toBe(4);
      const outages = lines.filter((l) => l.includes('Redis is unreachable'));
      expect(outages).toHaveLength(1);
      expect(JSON.parse(outages[0])).toMatchObject({ level: 50 });
    } finally {
      await store.close();
      await t.close();
    }
  });
});
