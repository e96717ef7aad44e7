// Request limits at the edge: URL length (414), declared body size (413) and media type
// (415), refused before the route runs.

import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../server/http.js';
import { MAX_URL_LENGTH, requestLimits } from '../../../server/middleware/limits.js';
import { answeredApp, fetchApp } from './mini-app.js';

describe('requestLimits', () => {
  let ran = 0;
  const app = answeredApp([requestLimits(30_000)], {
    '/**': () => {
      ran += 1;
      return 'ran';
    },
  });
  const refused = async (path: string, init: RequestInit | undefined, status: number, type: string) => {
    const before = ran;
    const reply = await fetchApp(app, path, init);
    expect(reply.status).toBe(status);
    expect(((await reply.json()) as { type: string }).type).toMatch(new RegExp(`/problems/${type}$`));
    expect(ran).toBe(before);
  };

  it('refuses a request target over the limit with 414; one at the limit runs', async () => {
    const path = (length: number) => `/q?x=${'a'.repeat(length - '/q?x='.length)}`;
    await refused(path(MAX_URL_LENGTH + 1), undefined, 414, 'uri-too-long');
    expect(await (await fetchApp(app, path(MAX_URL_LENGTH))).text()).toBe('ran');
  });

  it('refuses a declared body over 64 KiB with 413, on any method', async () => {
    const big = { 'content-length': String(MAX_BODY_BYTES + 1), 'content-type': 'application/json' };
    await refused('/q', { method: 'POST', headers: big, body: '{}' }, 413, 'payload-too-large');
    await refused('/q', { headers: big }, 413, 'payload-too-large');
  });

  it('refuses a body that is not JSON with 415; GET and bodiless requests pass', async () => {
    // In process a Request carries no Content-Length of its own: the tests say what a client would.
    const body = (type: string | null, text: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-length': String(text.length), ...(type === null ? {} : { 'content-type': type }) },
      body: text,
    });
    await refused('/q', body('text/plain', 'x'), 415, 'unsupported-media-type');
    await refused('/q', body('application/json; charset=latin1', '{}'), 415, 'unsupported-media-type');
    await refused('/q', { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, 415, 'unsupported-media-type');
    for (const init of [
      body('application/json; charset=utf-8', '{}'),
      body('application/merge-patch+json', '{}'),
      { method: 'POST' },
      { headers: { 'content-type': 'text/plain', 'content-length': '10' } },
    ])
      expect(await (await fetchApp(app, '/q', init)).text()).toBe('ran');
  });
});
