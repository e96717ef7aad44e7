// The whole server on a real 127.0.0.1 listener, as `npm start` runs it.

import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer, type RunningServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-listener-');

async function start(dataDir: string, demo = 'on'): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LUDEX_DATA_DIR: dataDir,
    LUDEX_DEMO: demo,
    LOG_LEVEL: 'silent',
  });
  return startServer(config, silentLogger);
}

/** Sends raw bytes (UTF-8) on a fresh connection and returns everything the server answers. */
async function rawRequest(url: string, text: string): Promise<string> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(Buffer.from(text, 'utf8'));
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('server on a real listener', () => {
  it('imports the demo catalog on first start, serves it, and reuses the store on the next start', async () => {
    const dir = tempDir();
    const first = await start(dir);
    let total: unknown;
    try {
      const list = await getJson(`${first.url}/v1/games?limit=3`);
      expect(list.status).toBe(200);
      total = (list.body.meta as { total: number }).total;
      expect(total).toBeGreaterThanOrEqual(120);
      const game = await getJson(`${first.url}/v1/games/spirit-island`);
      expect(game.body.name).toBe('Spirit Island');
      const ready = await getJson(`${first.url}/readyz`);
      expect(ready.body).toMatchObject({ status: 'ready', games: total });
      const raw = await rawRequest(first.url, 'GET /v1/search?q=\u30ab\u30bf\u30f3 HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(raw).toMatch(/content-type: application\/problem\+json/);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 400,
        title: 'Validation Error',
      });
      const problem = await fetch(`${first.url}/v1/games?players=0`);
      expect(problem.status).toBe(400);
      expect(problem.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await first.close();
    }
    const second = await start(dir);
    try {
      const list = await getJson(`${second.url}/v1/games?limit=1`);
      expect((list.body.meta as { total: number }).total).toBe(total);
      const cursor = (list.body.meta as { next_cursor: string }).next_cursor;
      const next = await getJson(`${second.url}/v1/games?cursor=${cursor}`);
      expect(next.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('starts empty with LUDEX_DEMO=off', async () => {
    const server = await start(tempDir(), 'off');
    try {
      const list = await getJson(`${server.url}/v1/games`);
      expect(list.body.data).toEqual([]);
      expect((list.body.meta as { total: number }).total).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('defect: a Host the URL parser refuses (port 70000) on a path srvx must parse ended the process; now a 400 problem naming the header, and the server answers on', async () => {
    const server = await start(tempDir(), 'off');
    try {
      for (const [host, path] of [
        ['a:70000', "/v1/search?q=it's"],
        ['ludex.test:99999', '/v1/mechanics?limit=1#x'],
        ['1.2.3.4.5', '/v1/./games'],
        ['999.999.999.999', '/v1/%2e%2e/v1/games'],
      ]) {
        const raw = await rawRequest(server.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        expect(raw, host).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
        expect(raw).toMatch(/content-type: application\/problem\+json/);
        expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
          status: 400,
          title: 'Validation Error',
          errors: [{ field: 'host', code: 'invalid_header', value: host }],
        });
      }
      const after = await getJson(`${server.url}/v1/games?limit=1`);
      expect(after.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers an HTTP/1.1 request without Host (Node sent a bare 400) and CONNECT (Node dropped the connection) with problems', async () => {
    const server = await start(tempDir(), 'off');
    const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    try {
      const noHost = await rawRequest(server.url, 'GET /v1/games HTTP/1.1\r\n\r\n');
      expect(noHost).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(noHost).toMatch(/content-type: application\/problem\+json/);
      expect(bodyOf(noHost)).toMatchObject({ status: 400, errors: [{ field: 'host', code: 'required' }] });
      // HTTP/1.0 has no Host requirement
      const old = await rawRequest(server.url, 'GET /v1/games?limit=1 HTTP/1.0\r\n\r\n');
      expect(old).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(bodyOf(old)).toMatchObject({ data: [], meta: { total: 0 } });
      const tunnel = await rawRequest(server.url, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
      expect(tunnel).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(tunnel).toMatch(/\r\nallow: GET, HEAD, POST, DELETE, OPTIONS\r\n/);
      expect(bodyOf(tunnel)).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    } finally {
      await server.close();
    }
  });
});
