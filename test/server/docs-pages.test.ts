// The pages around the OpenAPI document: /docs (Scalar's interactive reference, served with
// its vendored script and a policy that keeps it on this origin), the index links to it, and
// the page behind every problem `type` URI.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_PAGES } from '../../server/openapi/problem-pages.js';
import { PROBLEM_KINDS, rawProblemResponse } from '../../server/problem.js';
import { call, demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(() => t.close());

describe('GET /docs', () => {
  it('is the interactive reference over /v1/openapi.json, its script served here, nothing from elsewhere', async () => {
    const reply = await call(t.app, '/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = reply.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    const html = reply.text;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('data-url="/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    // No inline script: the configuration travels in a data attribute.
    expect([...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].map((m) => m[2])).toEqual(['', '']);
    const config = JSON.parse(/data-configuration='([^']*)'/.exec(html)?.[1].replace(/&#39;/g, "'") ?? '{}');
    expect(config).toMatchObject({ servers: [{ url: '/' }], withDefaultFonts: false, telemetry: false });
    const script = /<script src="([^"]+)"/.exec(html)?.[1] ?? '';
    const bundle = await t.app.fetch(new Request(`${TEST_BASE_URL}${script}`));
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });

  it('is linked, with the document and the problem pages, from / and /v1', async () => {
    for (const path of ['/', '/v1']) {
      const links = (await call(t.app, path)).body as { _links: Record<string, { href: string }> };
      expect(links._links).toMatchObject({
        docs: { href: '/docs' },
        openapi: { href: '/v1/openapi.json' },
        problems: { href: '/problems' },
      });
    }
  });
});

describe('problem type pages', () => {
  it('resolve for every problem the server sends, saying what it means and how to fix it', async () => {
    const raw = ['HPE_HEADER_OVERFLOW', 'ERR_HTTP_REQUEST_TIMEOUT', undefined].map(
      (code) => /"type":"[^"]*\/problems\/([^"]+)"/.exec(rawProblemResponse(code, TEST_BASE_URL))?.[1] ?? '',
    );
    for (const slug of new Set([...Object.keys(PROBLEM_KINDS), ...raw])) {
      const reply = await call(t.app, `/problems/${slug}`);
      expect(reply.status, slug).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toContain('What it means');
      expect(reply.text).toContain('How to fix it');
      expect(reply.text).toContain(`${TEST_BASE_URL}/problems/${slug}`);
    }
    const index = await call(t.app, '/problems');
    for (const slug of Object.keys(PROBLEM_PAGES)) expect(index.text).toContain(`href="/problems/${slug}"`);
  });

  it('are what a real problem links to', async () => {
    const problem = (await call(t.app, '/v1/games?themez=space')).body as { type: string };
    const page = await call(t.app, new URL(problem.type).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Validation Error');
    const unknown = await call(t.app, '/problems/no-such-problem');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
  });
});
