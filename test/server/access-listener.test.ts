// The edge on a real 127.0.0.1 listener, configured through the environment as `npm start`
// is: limits from RATE_LIMIT_*, origins from CORS_ORIGINS, ETag/304 through Node's HTTP
// stack, and the limits Node enforces itself (oversized headers) as problems.

import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer, type RunningServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-access-listener-');

describe('edge on a real listener', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LUDEX_DATA_DIR: tempDir(),
      LOG_LEVEL: 'silent',
      MATERIALIZE_CRON: 'off',
      RATE_LIMIT_ANONYMOUS: '6',
      RATE_LIMIT_AUTHENTICATED: '5',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      API_KEY_SECRET: 'listener-test-secret-0123456789abcdef',
      REQUEST_TIMEOUT_MS: '1000',
    });
    server = await startServer(config, silentLogger);
  }, 60_000);
  afterAll(() => server.close());

  it('answers 304 through Node for a matching If-None-Match', async () => {
    // fetch asks for gzip by default; the plain representation has the strong tag (the
    // Dataset version and a digest of the request, server/middleware/caching.ts).
    const identity = { 'accept-encoding': 'identity' };
    const first = await fetch(`${server.url}/v1/games/spirit-island`, { headers: identity });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-[a-z0-9]+"$/);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/v1/games/spirit-island`, {
      headers: { ...identity, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('applies RATE_LIMIT_ANONYMOUS per client, with headers counting down to a 429 problem', async () => {
    const replies: Response[] = [];
    for (;;) {
      const reply = await fetch(`${server.url}/v1/mechanics`);
      await reply.arrayBuffer();
      replies.push(reply);
      if (reply.status === 429 || replies.length > 10) break;
    }
    // Two requests of the test before spent part of this client's budget of 6.
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    expect(replies.map((r) => r.headers.get('x-ratelimit-limit'))).toEqual(Array(5).fill('6'));
    expect(replies.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
    expect(Number(replies[4].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(replies[4].headers.get('content-type')).toBe('application/problem+json');
    // Probes stay available to the same client.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/ludex_rate_limit_rejections_total\{tier="anonymous",budget="requests"\} 1/);
    expect(metrics).toContain('ludex_process_cpu_user_seconds_total');
  });

  it('echoes only origins listed in CORS_ORIGINS, and sends no banner', async () => {
    const listed = await fetch(`${server.url}/healthz`, { headers: { origin: 'https://b.example' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(listed.headers.get('vary')).toContain('Origin');
    const unlisted = await fetch(`${server.url}/healthz`, { headers: { origin: 'https://c.example' } });
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    expect(listed.headers.get('x-powered-by')).toBeNull();
    expect(listed.headers.get('server')).toBeNull();
    expect(listed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers oversized headers with a 431 problem', async () => {
    const reply = await fetch(`${server.url}/healthz`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(reply.status).toBe(431);
    expect(await reply.json()).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
  });

  it('answers a client that does not finish its request within REQUEST_TIMEOUT_MS with a 408 problem', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const started = performance.now();
    // Half a request, then silence.
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await once(socket, 'close');
    const elapsed = performance.now() - started;
    const raw = Buffer.concat(chunks).toString('utf8');
    expect(raw).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 408, title: 'Request Timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(10_000);
  });
});
