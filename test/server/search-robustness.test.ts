// Hostile input to the search endpoints: random JSON bodies (known and unknown members,
// values of every JSON type), random bytes, random q strings and cursors answer 200 or a
// 4xx problem — never a 500.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_ALIASES, FILTER_FIELDS } from '../../server/schemas/filter-fields.js';
import { SEARCH_OWN_FIELDS } from '../../server/schemas/search-request.js';
import { call, demoApp, type Reply, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

const MEMBERS = [
  ...Object.keys(FILTER_FIELDS),
  ...Object.keys(FILTER_ALIASES),
  ...['award', 'award.slug', 'award.result', 'corpus', ...SEARCH_OWN_FIELDS],
  // Names every object inherits: they must be unknown members, not filters.
  ...['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'],
];
const plausible = fc.oneof(
  fc.constantFrom(
    'spirit-island',
    'cooperative',
    'base_game',
    'hand-management',
    'won',
    'name',
    'desc',
    'mechanics',
    'type',
    'spiel-des-jahres',
    'constructor',
    'valueOf',
  ),
  fc.integer({ min: -5, max: 200 }),
  fc.double({ noNaN: true }),
  fc.array(fc.constantFrom('dice-rolling', 'base_game', 'players', 'a', '', 'X'), { maxLength: 60 }),
  fc.record({ slug: fc.jsonValue(), result: fc.jsonValue(), other: fc.jsonValue() }, { requiredKeys: [] }),
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), plausible);

function expectProblemOrOk(reply: Reply, allowed: number[]): void {
  expect(allowed, reply.text).toContain(reply.status);
  if (reply.status !== 200) {
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect((reply.body as { detail: string }).detail.length).toBeGreaterThan(0);
  }
}

describe('hostile search input', () => {
  it("refuses names every object inherits as sort keys (search body and a family's games)", async () => {
    for (const sort of ['constructor', '__proto__', 'valueOf', 'toString_desc']) {
      const reply = await call(t.app, '/v1/games/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sort }),
      });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.text).toContain('"sort"');
      const family = await call(t.app, `/v1/families/7-wonders?sort=${sort}`);
      expect(family.status, family.text).toBe(400);
      expect(family.text).toContain('"sort"');
    }
  });

  it('POST /v1/games/search answers 200, 400 or 422 for any JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          {
            weight: 4,
            arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...MEMBERS), fc.string({ maxLength: 12 })), value, {
              maxKeys: 6,
            }),
          },
          { weight: 1, arbitrary: fc.jsonValue() },
        ),
        async (body) => {
          const reply = await call(t.app, '/v1/games/search', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          expectProblemOrOk(reply, [200, 400, 422]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('POST /v1/games/search answers 400, 413 or 415 for arbitrary bytes and media types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(
          'application/json',
          'application/vnd.api+json',
          'text/plain',
          'application/json; charset=latin1',
          '',
        ),
        async (bytes, type) => {
          const headers: Record<string, string> = type === '' ? {} : { 'content-type': type };
          const reply = await call(t.app, '/v1/games/search', { method: 'POST', headers, body: bytes });
          expectProblemOrOk(reply, [200, 400, 413, 415, 422]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('GET /v1/search and the search continuation answer 200 or 400 for any q, type and cursor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 60 }),
        async (q, type, cursor) => {
          const text = new URLSearchParams({ q });
          if (type !== '') text.set('type', type);
          expectProblemOrOk(await call(t.app, `/v1/search?${text.toString()}`), [200, 400]);
          expectProblemOrOk(
            await call(t.app, `/v1/search?${new URLSearchParams({ q: 'catan', cursor }).toString()}`),
            [200, 400],
          );
          expectProblemOrOk(
            await call(t.app, `/v1/games/search?${new URLSearchParams({ before: cursor }).toString()}`),
            [200, 400],
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
