// Issue 16, hostile bodies: each test is named after the defect it reproduces. Bodies nested
// thousands deep, chunked bodies on routes that read none, bodies that never finish, and
// the order of 405 and 415. In process through app.fetch, and on a real node:http listener
// where the framing (chunked transfer) and the connection's fate matter.

import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/app-deps.js';
import { edgeDefaults } from '../../server/middleware/edge-settings.js';
import { echoValue, fieldError, MAX_ECHOED_STRING } from '../../server/problem.js';
import { jsonDepth, MAX_JSON_DEPTH } from '../../server/request-body.js';
import { call, capturedLogger, demoAppWith, type TestApp } from '../helpers/app.js';

const json = { 'content-type': 'application/json' };
const nested = (depth: number) => `{"players":${'['.repeat(depth)}${']'.repeat(depth)}}`;

interface Problem {
  type: string;
  status: number;
  errors?: { field: string; code: string; value?: unknown }[];
}

describe('issue 16: hostile bodies in process', () => {
  let t: TestApp & { deps: AppDeps };
  let admin: string;
  let runs = 0;
  const { logger, lines } = capturedLogger('info');
  beforeAll(async () => {
    t = await demoAppWith(() => ({ logger, edge: { ...edgeDefaults(), requestTimeoutMs: 300 } }));
    admin = (await t.deps.keys.create({ admin: true, name: 'test' })).key;
    t.deps.materializer.onRunFinished(() => {
      runs += 1;
    });
  });
  afterAll(() => t.close());

  it('defect: JSON nested 5,000 deep in a body member gave a 500 (stack overflow echoing it); now 400 too_deep on every body route, no error log', async () => {
    const body = nested(5_000);
    for (const path of [
      '/v1/games/search',
      '/v1/games/spirit-island/ratings',
      '/v1/games/spirit-island/weight',
      '/v1/admin/api-keys',
      '/v1/admin/materialize',
    ]) {
      const reply = await call(t.app, path, { method: 'POST', headers: { ...json, 'x-api-key': admin }, body });
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect((reply.body as Problem).errors?.[0]).toMatchObject({ field: 'body', code: 'too_deep' });
    }
    expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
    expect(runs).toBe(0);
  });

  it('accepts nesting up to the bound and counts depth outside strings only', async () => {
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('[[1],[[2]]]')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    const deepest = `{"players":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const reply = await call(t.app, '/v1/games/search', { method: 'POST', headers: json, body: deepest });
    // Accepted as JSON: the search then refuses the value itself, echoing it flat.
    expect(reply.status).toBe(400);
    const error = (reply.body as Problem).errors?.[0];
    expect(error).toMatchObject({ field: 'players', code: 'invalid_value' });
    expect(error?.value).toEqual(['[a list of 1]']);
  });

  it('defect: a problem echoed any value whole; now values are scalars or flat lists, strings cut', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(fieldError('players', 'bad', 'invalid_value', deep).value).toEqual(['[a list of 1]']);
    expect(echoValue({ a: { b: 1 } })).toBe('{an object}');
    expect(echoValue('x'.repeat(10_000))).toHaveLength(MAX_ECHOED_STRING + 1);
    const long = echoValue(Array.from({ length: 1_000 }, (_, i) => i)) as unknown[];
    expect(long).toHaveLength(21);
    expect(long.at(-1)).toBe('… 980 more');
    expect(echoValue(['a', 2, true, null])).toEqual(['a', 2, true, null]);
  });

  it('defect: POST /v1/admin/materialize accepted unknown members (D37); now 400 unknown_field and no run', async () => {
    const reply = await call(t.app, '/v1/admin/materialize', {
      method: 'POST',
      headers: { ...json, 'x-api-key': admin },
      body: '{"dry_run": true}',
    });
    expect(reply.status).toBe(400);
    expect((reply.body as Problem).errors).toEqual([
      { field: 'dry_run', message: 'is not a member of this body', code: 'unknown_field' },
    ]);
    expect(runs).toBe(0);
  });

  it('defect: 415 was checked before 405; now a method the path does not take is 405 whatever the body', async () => {
    const reply = await call(t.app, '/v1/games', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'content-length': '3' },
      body: 'a=1',
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
    const put = await call(t.app, '/v1/games/search', {
      method: 'PUT',
      headers: { 'content-type': 'application/xml' },
      body: '<x/>',
    });
    expect(put.status).toBe(405);
  });

  it('defect: a slow request body got 503 after the timeout; now 408 request-timeout', async () => {
    const encoder = new TextEncoder();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(encoder.encode('{"q": "cat'));
        // Then nothing more: the client stalls.
        else await new Promise<void>(() => undefined);
      },
    });
    const reply = await call(t.app, '/v1/games/search', {
      method: 'POST',
      headers: json,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(reply.status).toBe(408);
    expect(reply.body).toMatchObject({ type: 'http://ludex.test/problems/request-timeout', status: 408 });
  });
});

/** `t`'s app on a node:http listener at a free port of 127.0.0.1. */
async function listen(t: TestApp): Promise<{ server: Server; port: number }> {
  const server = createServer(toNodeHandler(t.app));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

async function stopListening(server: Server, t: TestApp): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
}

/** One chunked request over node:http; the status, or the error that ended it first. */
async function chunked(
  port: number,
  path: string,
  headers: Record<string, string>,
  totalBytes: number,
): Promise<{ status?: number; error?: string; body: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers });
    let settled = false;
    const done = (result: { status?: number; error?: string; body: string }) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode, body }));
      res.on('error', (error) => done({ status: res.statusCode, error: error.message, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, body: '' }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('issue 16: chunked bodies on a real listener', () => {
  let t: TestApp & { deps: AppDeps };
  let server: Server;
  let port: number;
  let admin: string;
  let runs = 0;
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
    admin = (await t.deps.keys.create({ admin: true, name: 'test' })).key;
    t.deps.materializer.onRunFinished(() => {
      runs += 1;
    });
    ({ server, port } = await listen(t));
  });
  afterAll(() => stopListening(server, t));

  it('defect: a 50 MB chunked body ran POST /v1/admin/materialize; now 413 and no run', {
    timeout: 30_000,
  }, async () => {
    const reply = await chunked(
      port,
      '/v1/admin/materialize',
      { ...json, 'x-api-key': admin, 'transfer-encoding': 'chunked' },
      50 * 1024 * 1024,
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 413, title: 'Payload Too Large' });
    expect(runs).toBe(0);
  });

  it('defect: oversized chunked bodies sometimes ended in a connection reset; now always a 413 problem', {
    timeout: 60_000,
  }, async () => {
    for (let i = 0; i < 10; i++) {
      for (const path of ['/v1/games/search', '/v1/games/azul/ratings', '/v1/no-such-path']) {
        const reply = await chunked(
          port,
          path,
          { ...json, 'x-api-key': admin, 'transfer-encoding': 'chunked' },
          (1 + (i % 4)) * 1024 * 1024,
        );
        expect(reply, path).toMatchObject({ status: 413 });
        expect(reply.error).toBeUndefined();
      }
    }
  });

  it('still answers a chunked body within the limit', async () => {
    const reply = await chunked(port, '/v1/games/search', { ...json, 'transfer-encoding': 'chunked' }, 0);
    // No bytes at all: an empty body is a 400 naming it, not a hang.
    expect(reply.status).toBe(400);
  });
});

/** One POST over node:http whose body goes in `pieces`, `gapMs` apart; the answer or the error. */
async function sentInPieces(
  port: number,
  path: string,
  headers: Record<string, string>,
  pieces: readonly string[],
  gapMs: number,
): Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; body: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ headers: {}, body: '', error: error.code }));
    let next = 0;
    const send = (): void => {
      if (next === pieces.length) {
        req.end();
        return;
      }
      req.write(pieces[next++]);
      setTimeout(send, gapMs);
    };
    send();
  });
}

describe('request bodies read from node:http on a real listener', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  const { logger, lines } = capturedLogger('info');
  beforeAll(async () => {
    t = await demoAppWith(() => ({ logger, edge: { ...edgeDefaults(), requestTimeoutMs: 400 } }));
    ({ server, port } = await listen(t));
  });
  afterAll(() => stopListening(server, t));

  const search = JSON.stringify({ players: 4, sort: 'name', order: 'asc', limit: 5, q: 'is' });

  it('answers a body sent with a length, or chunked in pieces, as app.fetch answers it', async () => {
    const inProcess = await call(t.app, '/v1/games/search', { method: 'POST', headers: json, body: search });
    expect(inProcess.status).toBe(200);
    const want = (inProcess.body as { data: { id: string }[] }).data.map((g) => g.id);
    expect(want.length).toBeGreaterThan(0);
    const whole = await sentInPieces(
      port,
      '/v1/games/search',
      { ...json, 'content-length': String(Buffer.byteLength(search)) },
      [search],
      0,
    );
    const pieces = await sentInPieces(
      port,
      '/v1/games/search',
      { ...json, 'transfer-encoding': 'chunked' },
      [search.slice(0, 7), search.slice(7, 20), search.slice(20)],
      20,
    );
    for (const reply of [whole, pieces]) {
      expect(reply.status).toBe(200);
      expect((JSON.parse(reply.body) as { data: { id: string }[] }).data.map((g) => g.id)).toEqual(want);
    }
  });

  it('answers a POST that declares no body at once (400 naming the body), not after the timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'POST /v1/games/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n',
    );
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    await once(socket, 'end');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 400,
      errors: [{ field: 'body' }],
    });
  });

  it('answers a body that stalls with a 408 problem and closes the connection', async () => {
    const started = Date.now();
    const reply = await sentInPieces(
      port,
      '/v1/games/search',
      { ...json, 'content-length': String(Buffer.byteLength(search)) },
      [search.slice(0, 10), search.slice(10)],
      2000,
    );
    expect(reply.status).toBe(408);
    expect(reply.headers.connection).toBe('close');
    expect(JSON.parse(reply.body)).toMatchObject({ type: 'http://ludex.test/problems/request-timeout', status: 408 });
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('logs a body cut short by its client as a 400 naming the body, and keeps serving', async () => {
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/v1/games/search',
        method: 'POST',
        headers: { ...json, 'content-length': String(Buffer.byteLength(search)) },
      });
      req.on('error', () => resolve());
      req.write(search.slice(0, 10));
      setTimeout(() => req.destroy(), 50);
    });
    // The server saw the close and logged its answer to no one; then it still serves.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cut = lines
      .map((line) => JSON.parse(line) as { status?: number; path?: string })
      .filter((l) => l.path === '/v1/games/search');
    expect(cut.at(-1)?.status).toBe(400);
    const after = await sentInPieces(
      port,
      '/v1/games/search',
      { ...json, 'content-length': String(Buffer.byteLength(search)) },
      [search],
      0,
    );
    expect(after.status).toBe(200);
  });
});
