// CORS (CORS_ORIGINS): '*' for any origin, or a list whose members alone are echoed with
// Vary: Origin; preflights answered 204; credentials never allowed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOW_HEADERS } from '../../server/middleware/cors.js';
import { call, demoAppWith, type TestApp } from '../helpers/app.js';

const preflight = (origin: string, method = 'POST', headers = 'x-api-key, content-type'): RequestInit => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

const listOf = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

describe("CORS with CORS_ORIGINS='*'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await demoAppWith(() => ({ edge: { cors: { origins: '*', maxAgeSeconds: 600 } } }));
  });
  afterAll(() => t.close());

  it('answers a preflight 204 with the methods and request headers the API takes', async () => {
    const reply = await call(t.app, '/v1/games/search', preflight('https://app.example'));
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(listOf(reply.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'post', 'delete', 'head']),
    );
    expect(listOf(reply.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['x-api-key', 'content-type', 'if-none-match', 'x-request-id']),
    );
    expect(reply.headers.get('access-control-max-age')).toBe('600');
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets any origin read responses, errors included, and exposes the headers clients need', async () => {
    for (const path of ['/v1/games/spirit-island', '/v1/games/no-such-game']) {
      const reply = await call(t.app, path, { headers: { origin: 'https://anywhere.example' } });
      expect(reply.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(reply.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(listOf(reply.headers.get('access-control-expose-headers'))).toEqual(
        expect.arrayContaining([
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
          'retry-after',
          'etag',
          'x-request-id',
        ]),
      );
      // '*' does not depend on the Origin, so nothing varies on it.
      expect(listOf(reply.headers.get('vary'))).not.toContain('origin');
    }
  });

  it('leaves OPTIONS that is not a preflight to the routes (405 problem with Allow)', async () => {
    const reply = await call(t.app, '/v1/games', { method: 'OPTIONS' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toContain('GET');
  });
});

describe('CORS with a list of origins', () => {
  const allowed = ['https://a.example', 'https://b.example:8443'];
  let t: TestApp;
  beforeAll(async () => {
    t = await demoAppWith(() => ({ edge: { cors: { origins: allowed, maxAgeSeconds: 60 } } }));
  });
  afterAll(() => t.close());

  it('echoes a listed Origin, with Vary: Origin', async () => {
    for (const origin of allowed) {
      const reply = await call(t.app, '/v1/mechanics', { headers: { origin } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
      expect(listOf(reply.headers.get('vary'))).toContain('origin');
      expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
      const pre = await call(t.app, '/v1/admin/api-keys', preflight(origin, 'DELETE'));
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-headers')).toBe(CORS_ALLOW_HEADERS);
    }
  });

  it('gives an unlisted or look-alike Origin no allow headers, but still Vary: Origin', async () => {
    for (const origin of ['https://c.example', 'https://a.example.evil.test', 'http://a.example', 'null']) {
      const reply = await call(t.app, '/v1/mechanics', { headers: { origin } });
      expect(reply.status, origin).toBe(200);
      expect(reply.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(listOf(reply.headers.get('vary'))).toContain('origin');
      const pre = await call(t.app, '/v1/games/search', preflight(origin));
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-methods'), origin).toBeNull();
    }
  });
});
