// Compression through the app (issue 17): a 100-game page, the OpenAPI document and the
// export, negotiated by Accept-Encoding, with Vary, Content-Length, one ETag per coding
// and 304s per coding. Bodies are decompressed and compared with the plain ones.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => {
  await t.close();
});

interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const response = await t.app.fetch(new Request(`${TEST_BASE_URL}${path}`, { method, headers }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const decode = (reply: Raw): string => {
  const encoding = reply.headers.get('content-encoding');
  const plain =
    encoding === 'br' ? brotliDecompressSync(reply.bytes) : encoding === 'gzip' ? gunzipSync(reply.bytes) : reply.bytes;
  return plain.toString('utf8');
};
const varies = (reply: Raw) => (reply.headers.get('vary') ?? '').toLowerCase().split(/,\s*/);

const PAGE = '/v1/games?limit=100';

describe('compressed pages', () => {
  it.each(['br', 'gzip'] as const)(
    'sends a 100-game page as %s in at most a fifth of its plain size',
    async (coding) => {
      const plain = await raw(PAGE);
      const packed = await raw(PAGE, { 'accept-encoding': coding });
      expect(plain.status).toBe(200);
      expect((JSON.parse(plain.bytes.toString('utf8')) as { data: unknown[] }).data).toHaveLength(100);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(packed.headers.get('content-encoding')).toBe(coding);
      expect(varies(packed)).toContain('accept-encoding');
      expect(decode(packed)).toBe(plain.bytes.toString('utf8'));
      expect(packed.bytes.byteLength / plain.bytes.byteLength).toBeLessThanOrEqual(0.2);
      expect(Number(packed.headers.get('content-length'))).toBe(packed.bytes.byteLength);
    },
  );

  it('prefers brotli, follows q-values and refusals, and sends plain bytes when nothing fits', async () => {
    const cases: [string, string | null][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0.3, br;q=0', 'gzip'],
      ['identity', null],
      ['deflate', null],
      ['br;q=0, gzip;q=0', null],
      ['gzip;q=bogus', null],
    ];
    for (const [header, expected] of cases) {
      const reply = await raw(PAGE, { 'accept-encoding': header });
      expect(reply.headers.get('content-encoding'), header).toBe(expected);
      expect(varies(reply), header).toContain('accept-encoding');
    }
  });

  it('leaves bodies under 1 KiB plain, with their Content-Length and no Vary on the coding', async () => {
    const small = await raw('/v1', { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.bytes.byteLength).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(varies(small)).not.toContain('accept-encoding');
    expect(Number(small.headers.get('content-length'))).toBe(small.bytes.byteLength);
  });

  it('compresses the OpenAPI document', async () => {
    const plain = await raw('/v1/openapi.json');
    const packed = await raw('/v1/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(decode(packed)).toBe(plain.bytes.toString('utf8'));
    expect(packed.bytes.byteLength / plain.bytes.byteLength).toBeLessThan(0.2);
  });

  it('answers the same compressed bytes again (kept, not recompressed into something else)', async () => {
    const first = await raw(PAGE, { 'accept-encoding': 'br' });
    const second = await raw(PAGE, { 'accept-encoding': 'br' });
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });
});

describe('entity tags per coding', () => {
  it('tags the plain body strongly and each coding weakly, with the same hash', async () => {
    const plain = (await raw(PAGE)).headers.get('etag') ?? '';
    const br = (await raw(PAGE, { 'accept-encoding': 'br' })).headers.get('etag') ?? '';
    const gzip = (await raw(PAGE, { 'accept-encoding': 'gzip' })).headers.get('etag') ?? '';
    expect(plain).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(br).toBe(`W/${plain.slice(0, -1)}-br"`);
    expect(gzip).toBe(`W/${plain.slice(0, -1)}-gzip"`);
  });

  it("answers 304 to a coding's own tag, with Vary, and 200 when the tag is another coding's", async () => {
    const br = await raw(PAGE, { 'accept-encoding': 'br' });
    const tag = br.headers.get('etag') ?? '';
    const again = await raw(PAGE, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(tag);
    expect(varies(again)).toContain('accept-encoding');
    const otherCoding = await raw(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers.get('content-encoding')).toBe('gzip');
    const plainTag = (await raw(PAGE)).headers.get('etag') ?? '';
    expect((await raw(PAGE, { 'if-none-match': plainTag })).status).toBe(304);
    expect((await raw(PAGE, { 'accept-encoding': 'br', 'if-none-match': plainTag })).status).toBe(200);
  });
});

describe('HEAD', () => {
  it('carries the Content-Length GET would send, plain and compressed', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const get = await raw(PAGE, headers);
      const head = await raw(PAGE, headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.bytes.byteLength).toBe(0);
      expect(head.headers.get('content-length')).toBe(String(get.bytes.byteLength));
      expect(head.headers.get('content-encoding')).toBe(get.headers.get('content-encoding'));
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    }
  });
});

describe('compressed export', () => {
  it.each(['br', 'gzip'] as const)('streams the CSV export as %s, the same rows as plain', async (coding) => {
    const path = '/v1/export/games?format=csv';
    const plain = await raw(path);
    const packed = await raw(path, { 'accept-encoding': coding });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe(coding);
    expect(packed.headers.get('content-length')).toBeNull();
    expect(varies(packed)).toContain('accept-encoding');
    expect(decode(packed)).toBe(plain.bytes.toString('utf8'));
    expect(packed.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
  });

  it('streams JSON Lines compressed: the manifest, then every game', async () => {
    const packed = await raw('/v1/export/games?format=jsonl', { 'accept-encoding': 'gzip' });
    const lines = decode(packed).trimEnd().split('\n');
    const manifest = JSON.parse(lines[0]) as { _manifest: { row_count: number } };
    expect(lines.length - 1).toBe(manifest._manifest.row_count);
    expect(Number(packed.headers.get('x-export-row-count'))).toBe(manifest._manifest.row_count);
  });

  it('tells HEAD the coding GET would get, with no body', async () => {
    const head = await raw('/v1/export/games', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.byteLength).toBe(0);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('x-export-row-count')).not.toBeNull();
  });
});
