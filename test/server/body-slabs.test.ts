// Reused output buffers: a slab is lent to one response and lent again only once that
// response is finished or destroyed; on a real listener, pages held back by clients that do
// not read arrive whole and right while other requests are answered meanwhile.

import { once } from 'node:events';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { H3Event } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodySlabs, bodyBytesFor, freshBytes, responseSlabs, type SlabHolder } from '../../server/body-slabs.js';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer, type RunningServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

class FakeHolder implements SlabHolder {
  writableFinished = false;
  destroyed = false;
}

describe('BodySlabs', () => {
  it('lends a slab to one holder at a time and lends it again once the holder is finished or destroyed', () => {
    const slabs = new BodySlabs(2, 1 << 20);
    const first = new FakeHolder();
    const a = slabs.take(1000, first);
    expect(a.byteLength).toBe(1000);
    const second = new FakeHolder();
    const b = slabs.take(1000, second);
    expect(b.buffer).not.toBe(a.buffer);
    expect(slabs.count).toBe(2);
    // Both lent and the cap reached: a fresh buffer, no third slab.
    const third = slabs.take(1000, new FakeHolder());
    expect([a.buffer, b.buffer]).not.toContain(third.buffer);
    expect(slabs.count).toBe(2);
    first.writableFinished = true;
    expect(slabs.take(500, new FakeHolder()).buffer).toBe(a.buffer);
    second.destroyed = true;
    expect(slabs.take(500, new FakeHolder()).buffer).toBe(b.buffer);
  });

  it('grows a free slab too small for the body, and never lends one for a body over its limit', () => {
    const slabs = new BodySlabs(1, 300 * 1024);
    const holder = new FakeHolder();
    const small = slabs.take(10, holder);
    holder.writableFinished = true;
    const grown = slabs.take(200 * 1024, new FakeHolder());
    expect(grown.byteLength).toBe(200 * 1024);
    expect(grown.buffer).not.toBe(small.buffer);
    expect(grown.buffer.byteLength).toBeGreaterThanOrEqual(200 * 1024);
    expect(slabs.count).toBe(1);
    const large = slabs.take(400 * 1024, new FakeHolder());
    expect(large.byteLength).toBe(400 * 1024);
    expect(large.buffer).not.toBe(grown.buffer);
  });

  it('gives fresh bytes to a request with no node:http response (app.fetch) and to one whose body may be compressed', () => {
    const plain = new H3Event(new Request('http://x/v1/games'));
    expect(bodyBytesFor(plain)).toBe(freshBytes);
    const res = new FakeHolder();
    const slabs = new BodySlabs();
    const onNode = Object.assign(new H3Event(new Request('http://x/v1/games')), {});
    Object.defineProperty(onNode, 'runtime', { value: { name: 'node', node: { req: {}, res } } });
    bodyBytesFor(onNode, slabs)(100);
    expect(slabs.count).toBe(1);
    onNode.context.contentEncoding = 'br';
    expect(bodyBytesFor(onNode, slabs)).toBe(freshBytes);
  });
});

/** The whole answers at the start of a stream of HTTP/1.1 answers (each with a Content-Length). */
function wholeAnswers(bytes: Buffer): { status: number; body: string }[] {
  const answers: { status: number; body: string }[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return answers;
    const head = bytes.subarray(at, end).toString('latin1');
    const length = /\r\ncontent-length: (\d+)/i.exec(head);
    if (length === null) throw new Error(`an answer without Content-Length: ${head}`);
    const bodyEnd = end + 4 + Number(length[1]);
    if (bodyEnd > bytes.length) return answers;
    answers.push({ status: Number(head.slice(9, 12)), body: bytes.subarray(end + 4, bodyEnd).toString('utf8') });
    at = bodyEnd;
  }
}

/** GET with node:http (no Accept-Encoding: the answer leaves uncompressed, from a slab). */
function plainGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('slabs on a real listener', () => {
  const tempDir = tempDirs('ludex-slabs-');
  let server: RunningServer;
  beforeAll(async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LUDEX_DATA_DIR: tempDir(),
      LUDEX_DEMO: 'on',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ANONYMOUS: '100000',
    });
    server = await startServer(config, silentLogger);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('pages a client has not read yet arrive whole and right while other requests are answered', async () => {
    // Pages of different games and sizes, so a slab written over while a socket still had to
    // send it would show as another page's bytes (or a torn one).
    const paths = [
      '/v1/games?limit=100&sort=name',
      '/v1/games?limit=100&sort=name&order=desc',
      '/v1/games?limit=60&sort=year&order=desc',
      '/v1/games?limit=80&sort=bayes_rating&order=desc',
      '/v1/games?limit=100&sort=weight',
    ];
    const expected = new Map<string, string>();
    for (const path of paths) {
      const answer = await plainGet(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      expected.set(path, answer.body);
    }
    const { port } = new URL(server.url);
    // Each held-back client pipelines many pages and reads nothing until every client has
    // sent: far more bytes than the socket buffers take, so node keeps the slabs' bytes
    // queued for writes that complete only once the client reads.
    const rounds = 40;
    const clients: { socket: Socket; sent: string[]; chunks: Buffer[] }[] = [];
    for (let c = 0; c < paths.length; c++) {
      const socket = connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.pause();
      const sent: string[] = [];
      let text = '';
      for (let r = 0; r < rounds; r++) {
        const path = paths[(c + r) % paths.length];
        sent.push(path);
        text += `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      }
      socket.write(text);
      clients.push({ socket, sent, chunks: [] });
    }
    // Meanwhile other requests take slabs and write into them.
    for (let i = 0; i < 30; i++) {
      const path = paths[i % paths.length];
      expect((await plainGet(`${server.url}${path}`)).body).toBe(expected.get(path));
    }
    expect(responseSlabs.count).toBeGreaterThan(0);
    await Promise.all(
      clients.map(async (client) => {
        client.socket.on('data', (chunk: Buffer) => client.chunks.push(chunk));
        client.socket.resume();
        while (wholeAnswers(Buffer.concat(client.chunks)).length < rounds) await once(client.socket, 'data');
        client.socket.destroy();
      }),
    );
    for (const client of clients) {
      const answers = wholeAnswers(Buffer.concat(client.chunks));
      expect(answers.map((a) => a.status)).toEqual(client.sent.map(() => 200));
      expect(answers.map((a) => a.body)).toEqual(client.sent.map((path) => expected.get(path)));
    }
  }, 60_000);
});
