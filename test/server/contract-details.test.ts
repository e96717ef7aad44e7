// Issue 16, contract details: each test is named after the defect it reproduces.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeDefaults } from '../../server/middleware/edge-settings.js';
import { MemoryCounterStore } from '../../server/middleware/rate-limit.js';
import { rawProblemResponse } from '../../server/problem.js';
import { call, demoApp, demoAppWith, type ListJson, TEST_BASE_URL, type TestApp } from '../helpers/app.js';

const json = { 'content-type': 'application/json' };

interface Problem {
  type: string;
  errors?: { field: string; message: string; code: string }[];
}

describe('issue 16: contract details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await demoApp();
  });
  afterAll(() => t.close());

  const search = (body: unknown) =>
    call(t.app, '/v1/games/search', { method: 'POST', headers: json, body: JSON.stringify(body) });

  it('defect: legacy_id as an integer was refused in search though Game emits it as one', async () => {
    const game = (await call(t.app, '/v1/games/catan')).body as { legacy_id: unknown };
    expect(typeof game.legacy_id).toBe('number');
    for (const legacy of [game.legacy_id, [game.legacy_id], String(game.legacy_id)]) {
      const reply = await search({ legacy_id: legacy });
      expect(reply.status, JSON.stringify(legacy)).toBe(200);
      expect((reply.body as ListJson).data.map((g) => g.slug)).toEqual(['catan']);
    }
    expect((await search({ legacy_id: 1.5 })).status).toBe(400);
  });

  it('defect: a bad single enum string said "must be a string or a list of strings"; now it names the allowed values', async () => {
    for (const body of [{ type: 'boardgame' }, { type: ['boardgame'] }]) {
      const reply = await search(body);
      expect(reply.status).toBe(400);
      const [error] = (reply.body as Problem).errors ?? [];
      expect(error.field).toBe('type');
      expect(error.message).toMatch(/^must be one of: .*base_game/);
    }
  });

  it('defect: include as a single string was refused in search though the docs allow it', async () => {
    const one = await search({ mode: 'cooperative', include: 'mechanics' });
    expect(one.status).toBe(200);
    const listed = await search({ mode: 'cooperative', include: ['mechanics'] });
    expect(one.body).toEqual(listed.body);
    const several = await search({ mode: 'cooperative', include: 'mechanics,awards' });
    expect(several.status).toBe(200);
    expect((await search({ include: 'nonsense' })).status).toBe(400);
  });

  it('defect: /expansions echoed filters_applied: {"type": null}; now only filters in effect', async () => {
    const all = (await call(t.app, '/v1/games/spirit-island/expansions')).body as ListJson;
    expect(all.meta.filters_applied).toEqual({});
    const some = (await call(t.app, '/v1/games/spirit-island/expansions?type=expansion')).body as ListJson;
    expect(some.meta.filters_applied).toEqual({ type: ['expansion'] });
  });

  it('defect: the POST search _links.self answered 400 on GET; now it is this same page as a GET', async () => {
    const first = await search({ mode: 'cooperative', sort: 'weight', limit: 3, include: ['mechanics'] });
    const page = first.body as ListJson;
    const self = await call(t.app, page._links.self.href);
    expect(self.status).toBe(200);
    expect((self.body as ListJson).data).toEqual(page.data);
    // And on a later page, reached with the body's cursor.
    const second = (await search({ cursor: page.meta.next_cursor, limit: 3 })).body as ListJson;
    const again = await call(t.app, second._links.self.href);
    expect(again.status).toBe(200);
    expect((again.body as ListJson).data.map((g) => g.slug)).toEqual(second.data.map((g) => g.slug));
    expect(second.data[0]?.slug).not.toBe(page.data[0]?.slug);
  });

  it('defect: a 431 problem used type validation-error; now its own type, with a page', async () => {
    const raw = rawProblemResponse('HPE_HEADER_OVERFLOW', TEST_BASE_URL);
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain(`"type":"${TEST_BASE_URL}/problems/request-header-fields-too-large"`);
    expect((await call(t.app, '/problems/request-header-fields-too-large')).status).toBe(200);
  });
});

describe('issue 16: the export budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    const defaults = edgeDefaults();
    t = await demoAppWith(() => ({
      edge: {
        ...defaults,
        rateLimit: {
          anonymous: 1_000,
          authenticated: 1_000,
          windowMs: 60_000,
          trustProxy: false,
          store: new MemoryCounterStore(),
          exports: { limit: 2, windowMs: 3_600_000 },
        },
      },
    }));
  });
  afterAll(() => t.close());

  it('defect: requests answered 400 spent the export budget; now only valid exports draw on it', async () => {
    for (let i = 0; i < 5; i++) {
      const bad = await call(t.app, '/v1/export/games?players=banana');
      expect(bad.status).toBe(400);
    }
    const unknown = await call(t.app, '/v1/export/games?mechanic=no-such-mechanic');
    expect(unknown.status).toBe(422);
    const first = await call(t.app, '/v1/export/games?players=4');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await call(t.app, '/v1/export/games?players=4')).status).toBe(200);
    const spent = await call(t.app, '/v1/export/games?players=4');
    expect(spent.status).toBe(429);
    expect(spent.body).toMatchObject({ detail: expect.stringMatching(/2 exports per hour/) });
  });
});
