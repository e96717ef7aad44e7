// Bad input never hurts: random names and hostile values through the whole HTTP stack
// answer 200 or a 4xx problem — never a 500, a hang or a crash.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_ALIASES, FILTER_FIELDS } from '../../server/schemas/filter-fields.js';
import { MAX_URL_LENGTH } from '../../server/middleware/limits.js';
import { call, demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

const names = [
  ...Object.keys(FILTER_FIELDS),
  ...Object.keys(FILTER_ALIASES),
  'award.slug',
  'award.result',
  'sort',
  'order',
  'include',
  'limit',
  'cursor',
  'before',
];

const hostileValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ',',
    ',,',
    '-1',
    '0',
    '1e308',
    'NaN',
    'Infinity',
    '4.5',
    'constructor',
    'valueOf_asc',
    'true',
    'null',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '🎲',
    'a'.repeat(5000),
  ),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.double().map(String),
  fc.constantFrom('spirit-island', 'cooperative', 'base_game', 'hand-management', 'won', 'name', 'desc', 'stats,polls'),
  fc
    .array(fc.constantFrom('a', 'b', 'dice-rolling', 'space-exploration', 'X'), { maxLength: 60 })
    .map((xs) => xs.join(',')),
);

describe('hostile query strings', () => {
  it('GET /v1/games answers 200, 400 or 422 with a problem body (414 when the URL is over the limit)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })), hostileValue), {
          maxLength: 6,
        }),
        async (pairs) => {
          const params = new URLSearchParams();
          for (const [name, value] of pairs) params.append(name, value);
          const path = `/v1/games?${params.toString()}`;
          const reply = await call(t.app, path);
          // Over-long request targets are refused before any parsing (server/middleware/limits.ts).
          const target = new URL(`${TEST_BASE_URL}${path}`);
          const allowed = target.pathname.length + target.search.length > MAX_URL_LENGTH ? [414] : [200, 400, 422];
          expect(allowed).toContain(reply.status);
          if (reply.status !== 200) {
            expect(reply.headers.get('content-type')).toBe('application/problem+json');
            const body = reply.body as { errors?: { field: string }[]; detail: string };
            expect(body.detail.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('GET /v1/games/{id} answers 200, 400 or 404 for any path segment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (segment) => {
        const reply = await call(t.app, `/v1/games/${encodeURIComponent(segment)}`);
        expect([200, 400, 404]).toContain(reply.status);
      }),
      { numRuns: 200 },
    );
  });

  it('defect: a path whose percent-encoding is not UTF-8 was a 400 naming no field; now it names the path', async () => {
    for (const path of ['/v1/games/%E3%82', '/v1/families/%E3%82/games', '/v1/mechanics/%FF', '/v1/%C0%AF']) {
      const reply = await call(t.app, path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(reply.body, path).toMatchObject({ errors: [{ field: 'path', code: 'invalid_encoding', value: path }] });
    }
  });
});
