// The rate limit at the edge: counted before the route, 429 over budget (counted in the
// metric), the budget on every answer after counting, exempt paths and preflight-free.

import type { H3 } from 'h3';
import { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../loader/schema/migrate.js';
import { Store } from '../../../loader/store.js';
import { ApiKeys } from '../../../server/auth/api-keys.js';
import { MemoryCounterStore, type RateLimitSettings } from '../../../server/middleware/rate-limit.js';
import { rateLimit, rateLimitHeaders } from '../../../server/middleware/rate-limiting.js';
import { ApiProblem } from '../../../server/problem.js';
import { TEST_API_KEY_SECRET } from '../../helpers/app.js';
import { answeredApp, fetchApp } from './mini-app.js';

const LIMIT = 3;

function settings(): RateLimitSettings {
  return { anonymous: LIMIT, authenticated: 10, windowMs: 60_000, trustProxy: true, store: new MemoryCounterStore() };
}

const from = (ip: string, headers: Record<string, string> = {}): RequestInit => ({
  headers: { 'x-forwarded-for': ip, ...headers },
});

describe('rateLimit', () => {
  let store: Store;
  let keys: ApiKeys;
  let rejections: Counter<'tier' | 'budget'>;
  let app: H3;
  let ran: number;
  beforeAll(async () => {
    store = await Store.open(':memory:');
    await migrate(store);
    keys = new ApiKeys(store, TEST_API_KEY_SECRET);
  });
  afterAll(() => store.close());

  const build = (limits: RateLimitSettings | null) => {
    rejections = new Counter({ name: 'rejections', help: 'test', labelNames: ['tier', 'budget'], registers: [] });
    ran = 0;
    app = answeredApp(
      [rateLimit(limits, keys, rejections)],
      {
        '/**': () => {
          ran += 1;
          throw new ApiProblem('not-found', 'nothing here');
        },
        '/v1/ok': () => {
          ran += 1;
          return 'ok';
        },
      },
      [rateLimitHeaders],
    );
  };

  const rejected = async (tier: string) =>
    (await rejections.get()).values.find((v) => v.labels.tier === tier && v.labels.budget === 'requests')?.value ?? 0;

  it('counts down the budget on successes and problems alike, then refuses with 429 before the route', async () => {
    build(settings());
    const remaining: string[] = [];
    for (const path of ['/v1/ok', '/v1/missing', '/v1/ok']) {
      const reply = await fetchApp(app, path, from('10.0.0.1'));
      expect(reply.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(Number(reply.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect(reply.headers.get('retry-after')).toBeNull();
      remaining.push(reply.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expect(ran).toBe(3);

    const refused = await fetchApp(app, '/v1/ok', from('10.0.0.1'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { detail: string }).detail).toContain(`${LIMIT} requests per minute`);
    expect(ran).toBe(3);
    expect(await rejected('anonymous')).toBe(1);

    // Another address has its own budget.
    expect((await fetchApp(app, '/v1/ok', from('10.0.0.2'))).status).toBe(200);
  });

  it('never limits probes and /metrics, which carry no rate-limit headers', async () => {
    build({ ...settings(), anonymous: 0 });
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const reply = await fetchApp(app, path, from('10.0.0.3'));
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect((await fetchApp(app, '/v1/ok', from('10.0.0.3'))).status).toBe(429);
  });

  it('counts an invalid key against the address, then answers its 401 with the headers', async () => {
    build(settings());
    const reply = await fetchApp(app, '/v1/ok', from('10.0.0.4', { 'x-api-key': 'ldx_not-a-key' }));
    expect(reply.status).toBe(401);
    expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
    expect(ran).toBe(0);
    const next = await fetchApp(app, '/v1/ok', from('10.0.0.4'));
    expect(next.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 2));
  });

  it('counts keyed requests per key, against the higher limit', async () => {
    build(settings());
    const { key } = await keys.create({ admin: false, name: 'limited' });
    const reply = await fetchApp(app, '/v1/ok', from('10.0.0.5', { 'x-api-key': key }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('10');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('without settings limits nothing and adds no headers', async () => {
    build(null);
    for (let i = 0; i < LIMIT + 2; i++) {
      const reply = await fetchApp(app, '/v1/ok', from('10.0.0.6'));
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});
