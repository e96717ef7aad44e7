// Request logs: one pino JSON line per request with its id, method, route template, status
// and duration; the id round-trips through X-Request-Id; no key or secret ever appears in
// any line, whatever the request carried or the response revealed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, capturedLogger, demoAppWith, TEST_API_KEY_SECRET, type TestApp } from '../helpers/app.js';
import type { AppDeps } from '../../server/app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RequestLine {
  msg: string;
  req_id: string;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  query?: string;
  client?: string;
  key_id?: string;
  bytes?: number | null;
  headers_ms?: number;
  complete?: boolean;
}

describe('request logs', () => {
  let t: TestApp & { deps: AppDeps };
  let lines: string[];
  beforeAll(async () => {
    const captured = capturedLogger();
    lines = captured.lines;
    t = await demoAppWith(() => ({ logger: captured.logger }));
  });
  afterAll(() => t.close());

  const requestLines = () => lines.map((l) => JSON.parse(l) as RequestLine).filter((l) => l.msg === 'request');

  it('keeps a sane X-Request-Id, returns it, and logs it with method, route, status and duration', async () => {
    const reply = await call(t.app, '/v1/games/spirit-island', { headers: { 'x-request-id': 'edge-4f2a.9' } });
    expect(reply.headers.get('x-request-id')).toBe('edge-4f2a.9');
    const line = requestLines().find((l) => l.req_id === 'edge-4f2a.9');
    expect(line).toMatchObject({ method: 'GET', route: '/v1/games/:id', path: '/v1/games/spirit-island', status: 200 });
    expect(line?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(line?.duration_ms).toBeLessThan(60_000);
  });

  it('replaces a missing or unsafe X-Request-Id with a fresh UUID', async () => {
    const ids: string[] = [];
    for (const sent of [undefined, 'has spaces', 'x'.repeat(200), '"quoted"', 'line\tbreak']) {
      const reply = await call(
        t.app,
        '/healthz',
        sent === undefined ? undefined : { headers: { 'x-request-id': sent } },
      );
      const id = reply.headers.get('x-request-id') ?? '';
      expect(id, String(sent)).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(requestLines().some((l) => l.req_id === id && l.route === '/healthz')).toBe(true);
  });

  it('logs errors as well, with their status', async () => {
    const reply = await call(t.app, '/v1/games?limit=0', { headers: { 'x-request-id': 'bad-limit' } });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('x-request-id')).toBe('bad-limit');
    expect(requestLines().find((l) => l.req_id === 'bad-limit')).toMatchObject({ status: 400, route: '/v1/games' });
  });

  it('logs each kind of answer exactly once, with its status and bytes', async () => {
    const kinds: [string, string, RequestInit | undefined, number][] = [
      ['plain', '/v1', undefined, 200],
      ['head', '/v1', { method: 'HEAD' }, 200],
      ['problem', '/nowhere', undefined, 404],
      [
        'preflight',
        '/v1/games',
        { method: 'OPTIONS', headers: { origin: 'https://a.test', 'access-control-request-method': 'GET' } },
        204,
      ],
    ];
    const first = await call(t.app, '/v1');
    const etag = first.headers.get('etag') ?? '';
    kinds.push(['conditional', '/v1', { headers: { 'if-none-match': etag } }, 304]);
    for (const [kind, path, init, status] of kinds) {
      const id = `kind-${kind}`;
      const headers = new Headers(init?.headers);
      headers.set('x-request-id', id);
      const reply = await call(t.app, path, { ...init, headers });
      expect(reply.status, kind).toBe(status);
      const logged = requestLines().filter((l) => l.req_id === id);
      expect(
        logged.map((l) => l.status),
        kind,
      ).toEqual([status]);
      const length = Number(first.headers.get('content-length'));
      expect(logged[0]?.bytes, kind).toEqual(kind === 'plain' ? length : kind === 'problem' ? expect.any(Number) : 0);
    }
  });

  it('logs the query string, client address, key id and bytes sent', async () => {
    const issued = await t.deps.keys.create({ admin: false, name: 'log-fields' });
    const reply = await call(t.app, '/v1/games?limit=2&sort=rating', {
      headers: { 'x-request-id': 'with-fields', 'x-api-key': issued.key },
    });
    const line = requestLines().find((l) => l.req_id === 'with-fields');
    expect(line).toMatchObject({ query: 'limit=2&sort=rating', key_id: issued.info.id, client: expect.any(String) });
    expect(line?.bytes).toBe(Buffer.byteLength(reply.text));
    expect(line?.bytes).toBe(Number(reply.headers.get('content-length')));
    const anonymous = await call(t.app, '/v1/games/nope', { headers: { 'x-request-id': 'no-key' } });
    const missing = requestLines().find((l) => l.req_id === 'no-key');
    expect(missing).toMatchObject({ status: 404, bytes: Buffer.byteLength(anonymous.text) });
    expect(missing).not.toHaveProperty('key_id');
    expect(missing).not.toHaveProperty('query');
  });

  it('logs a streamed export when its last byte is read, with the whole duration and its bytes', async () => {
    const response = await t.app.fetch(
      new Request('http://ludex.test/v1/export/games?format=jsonl', { headers: { 'x-request-id': 'slow-export' } }),
    );
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let bytes = (await reader.read()).value?.byteLength ?? 0;
    // The client pauses mid-body: the request is not over, so it is not logged yet.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(requestLines().some((l) => l.req_id === 'slow-export')).toBe(false);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    await new Promise((resolve) => setImmediate(resolve));
    const line = requestLines().find((l) => l.req_id === 'slow-export');
    expect(line).toMatchObject({ status: 200, complete: true, bytes });
    // The whole transfer, pause included, not the time to the headers.
    expect(line?.duration_ms).toBeGreaterThanOrEqual(250);
    expect(line?.headers_ms).toBeLessThan(line?.duration_ms ?? 0);
  });

  it('logs an export the client abandons, with the bytes it got', async () => {
    const response = await t.app.fetch(
      new Request('http://ludex.test/v1/export/games?format=csv', { headers: { 'x-request-id': 'gone-export' } }),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = (await reader.read()).value?.byteLength ?? 0;
    await reader.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    const line = requestLines().find((l) => l.req_id === 'gone-export');
    expect(line).toMatchObject({ complete: false });
    expect(line?.bytes).toBeGreaterThanOrEqual(first);
  });

  it('never writes a key or the key secret to a log line', async () => {
    const admin = (await t.deps.keys.create({ admin: true, name: 'log-admin' })).key;
    const reader = (await t.deps.keys.create({ admin: false, name: 'log-reader' })).key;
    const secrets = [admin, reader, TEST_API_KEY_SECRET];
    await call(t.app, '/v1/games?limit=1', { headers: { 'x-api-key': reader } });
    await call(t.app, '/v1/games?limit=1', { headers: { 'x-api-key': `${reader}x` } });
    await call(t.app, '/v1/admin/api-keys', { headers: { 'x-api-key': reader } });
    const created = await call(t.app, '/v1/admin/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'made-over-http' }),
      headers: { 'content-type': 'application/json', 'x-api-key': admin },
    });
    expect(created.status).toBe(201);
    const issued = (created.body as { key: string }).key;
    secrets.push(issued, `${reader}x`);
    // Stored hashes are no better in a log than the keys themselves.
    secrets.push(...[admin, reader, issued].map((k) => t.deps.keys.hash(k)));
    await call(t.app, `/v1/games/spirit-island/ratings`, {
      method: 'POST',
      body: JSON.stringify({ rating: 7 }),
      headers: { 'content-type': 'application/json', 'x-api-key': issued },
    });
    await call(t.app, '/v1/admin/materialize', { method: 'POST', headers: { 'x-api-key': admin } });
    // The requests above were logged...
    expect(requestLines().filter((l) => l.route.startsWith('/v1/admin')).length).toBeGreaterThanOrEqual(3);
    // ...and no line holds any key, hash or the secret, nor even the header's name.
    for (const line of lines) {
      for (const secret of secrets) expect(line.includes(secret), line).toBe(false);
      expect(line.toLowerCase()).not.toContain('x-api-key');
    }
  });

  it('redacts key-like fields should a log call ever pass one', () => {
    const captured = capturedLogger();
    captured.logger.info(
      { key: 'ldx_leak', nested: { secret: 's3cret', api_key: 'ldx_x' }, headers: { 'x-api-key': 'ldx_y' } },
      'oops',
    );
    expect(captured.lines).toHaveLength(1);
    for (const leaked of ['ldx_leak', 's3cret', 'ldx_x', 'ldx_y']) expect(captured.lines[0]).not.toContain(leaked);
  });
});
