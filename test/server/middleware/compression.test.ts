// The compression middleware alone: which answers are candidates (200, compressible type,
// 1 KiB or more, streams), Vary on candidates only, Content-Length on plain strings, and
// byte bodies compressed once per buffer.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../server/http.js';
import { compression, MIN_COMPRESSED_BYTES } from '../../../server/middleware/compression.js';
import { answeredApp, fetchApp } from './mini-app.js';

const BIG = JSON.stringify({ words: Array.from({ length: 400 }, (_, i) => `word-${i % 37}`) });
const SCRIPT = Buffer.from(`console.log(${JSON.stringify('x'.repeat(5000))});`);

const routes = {
  '/big': (event: H3Event) => sendJson(event, BIG),
  '/small': (event: H3Event) => sendJson(event, '{"ok":true}'),
  '/created': (event: H3Event) => sendJson(event, BIG, 201),
  '/png': (event: H3Event) => {
    event.res.headers.set('content-type', 'image/png');
    return BIG;
  },
  '/script': (event: H3Event) => {
    event.res.headers.set('content-type', 'text/javascript; charset=utf-8');
    return new Uint8Array(SCRIPT.buffer, SCRIPT.byteOffset, SCRIPT.byteLength);
  },
  '/stream': (event: H3Event) => {
    event.res.headers.set('content-type', 'application/x-ndjson');
    const encoder = new TextEncoder();
    let n = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n === 50) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify({ n: n++, pad: 'abc'.repeat(20) })}\n`));
      },
    });
  },
};

const dataset = {};
const app = answeredApp([compression(() => dataset)], routes);
const get = (path: string, encoding?: string) =>
  fetchApp(app, path, { headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression', () => {
  it('compresses a 1 KiB+ JSON 200 and says Vary', async () => {
    expect(BIG.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    const reply = await get('/big', 'gzip');
    expect(reply.headers.get('content-encoding')).toBe('gzip');
    expect(reply.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await reply.arrayBuffer())).toString()).toBe(BIG);
  });

  it('leaves small bodies, other statuses and incompressible types alone, without Vary', async () => {
    for (const path of ['/small', '/created', '/png']) {
      const reply = await get(path, 'br');
      expect(reply.headers.get('content-encoding'), path).toBeNull();
      expect(reply.headers.get('vary'), path).toBeNull();
      expect(Number(reply.headers.get('content-length')), path).toBe((await reply.arrayBuffer()).byteLength);
    }
  });

  it('compresses a byte body, answering the same bytes on the next request', async () => {
    const first = Buffer.from(await (await get('/script', 'br')).arrayBuffer());
    const second = Buffer.from(await (await get('/script', 'br')).arrayBuffer());
    expect(brotliDecompressSync(first).equals(SCRIPT)).toBe(true);
    expect(second.equals(first)).toBe(true);
  });

  it('compresses a stream as a stream, without a length', async () => {
    const reply = await get('/stream', 'br');
    expect(reply.headers.get('content-encoding')).toBe('br');
    expect(reply.headers.get('content-length')).toBeNull();
    const lines = brotliDecompressSync(Buffer.from(await reply.arrayBuffer()))
      .toString()
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(50);
    expect(JSON.parse(lines[49])).toMatchObject({ n: 49 });
  });
});
