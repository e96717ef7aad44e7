// Request limits and security headers: 413 for bodies over 64 KiB (declared or streamed),
// 415 for non-JSON bodies on every route, 414 for long URLs, 503 when a handler outlives
// REQUEST_TIMEOUT_MS, all as problems; nosniff, no-referrer, a CSP and no banner everywhere.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../loader/store.js';
import { API_CONTENT_SECURITY_POLICY } from '../../server/middleware/security.js';
import { MAX_URL_LENGTH } from '../../server/middleware/limits.js';
import { rawProblemResponse } from '../../server/problem.js';
import { call, demoAppWith, type TestApp } from '../helpers/app.js';

const KIB = 1024;
const json = { 'content-type': 'application/json' };

describe('body, URL and header limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
  });
  afterAll(() => t.close());

  it('refuses a declared Content-Length over 64 KiB with 413 on every body-taking route, before reading it', async () => {
    const big = JSON.stringify({ q: 'x'.repeat(64 * KIB) });
    for (const path of [
      '/v1/games/search',
      '/v1/games/spirit-island/ratings',
      '/v1/admin/api-keys',
      '/v1/admin/materialize',
    ]) {
      const reply = await call(t.app, path, {
        method: 'POST',
        body: big,
        headers: { ...json, 'content-length': String(big.length) },
      });
      expect(reply.status, path).toBe(413);
      expect(reply.body).toMatchObject({
        status: 413,
        title: 'Payload Too Large',
        type: 'http://ludex.test/problems/payload-too-large',
      });
    }
  });

  it('refuses an undeclared (streamed) body over 64 KiB with 413 too', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * KIB));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 5) controller.close();
        else {
          sent++;
          controller.enqueue(chunk);
        }
      },
    });
    const reply = await call(t.app, '/v1/games/search', {
      method: 'POST',
      body,
      headers: json,
      duplex: 'half',
    } as RequestInit);
    expect(reply.status).toBe(413);
  });

  it('accepts a body of exactly 64 KiB', async () => {
    const body = '{}'.padEnd(64 * KIB, ' ');
    const reply = await call(t.app, '/v1/games/search', {
      method: 'POST',
      body,
      headers: { ...json, 'content-length': String(body.length) },
    });
    expect(reply.status).toBe(200);
  });

  it('refuses non-JSON bodies with 415, also on routes that take no body', async () => {
    for (const path of ['/v1/games/search', '/v1/admin/materialize']) {
      const reply = await call(t.app, path, {
        method: 'POST',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' },
      });
      expect(reply.status, path).toBe(415);
      expect(reply.body).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
      expect((reply.body as { detail: string }).detail).toContain('application/x-www-form-urlencoded');
    }
  });

  it('answers a request target longer than the limit with a 414 problem; one at the limit is served', async () => {
    const filler = (n: number) => `/v1/games?q=${'a'.repeat(n - '/v1/games?q='.length)}`;
    const long = await call(t.app, filler(MAX_URL_LENGTH + 1));
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({
      status: 414,
      title: 'URI Too Long',
      type: 'http://ludex.test/problems/uri-too-long',
    });
    const atLimit = await call(t.app, filler(MAX_URL_LENGTH));
    expect(atLimit.status).not.toBe(414);
  });

  it('answers timeouts and oversized headers that Node rejects with problems', () => {
    const timeout = rawProblemResponse('ERR_HTTP_REQUEST_TIMEOUT', 'http://ludex.test');
    expect(timeout).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(timeout.slice(timeout.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 408,
      title: 'Request Timeout',
    });
    const headers = rawProblemResponse('HPE_HEADER_OVERFLOW', 'http://ludex.test');
    expect(headers).toMatch(/^HTTP\/1\.1 431 /);
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
  });
  afterAll(() => t.close());

  it('sends nosniff, no-referrer and a deny-all CSP on JSON and problems, and no banner', async () => {
    for (const path of [
      '/v1/games/spirit-island',
      '/v1/games/no-such-game',
      '/healthz',
      '/metrics',
      '/v1/openapi.json',
    ]) {
      const reply = await call(t.app, path);
      expect(reply.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(reply.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(reply.headers.get('content-security-policy'), path).toBe(API_CONTENT_SECURITY_POLICY);
      expect(reply.headers.get('x-powered-by'), path).toBeNull();
      expect(reply.headers.get('server'), path).toBeNull();
    }
  });

  it('keeps the /docs page its own CSP, which allows its inline styles', async () => {
    const reply = await call(t.app, '/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('request timeout', () => {
  it('answers a handler slower than REQUEST_TIMEOUT_MS with a 503 problem and Retry-After', async () => {
    const t = await demoAppWith((store) => {
      // A store whose ping hangs for a while: /readyz waits on it.
      const slow = new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'ping')
            return () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_000));
          return Reflect.get(target, property, receiver) as unknown;
        },
      }) as Store;
      return { store: slow, edge: { requestTimeoutMs: 50 } };
    });
    try {
      const started = performance.now();
      const reply = await call(t.app, '/readyz');
      expect(performance.now() - started).toBeLessThan(900);
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ status: 503, type: 'http://ludex.test/problems/service-unavailable' });
      expect((reply.body as { detail: string }).detail).toContain('50 ms');
      expect(reply.headers.get('retry-after')).toBe('1');
      // Fast routes are unaffected by the same budget.
      expect((await call(t.app, '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
