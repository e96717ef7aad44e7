// Bad input never hurts, on every route the server registers: random path values and
// hostile query parameters answer 2xx or a 4xx problem — never a 500, never a crash.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../server/http.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

/** Real keys mixed with garbage, so both the found and the not-found paths run. */
const pathValue = fc.oneof(
  fc.constantFrom(
    'spirit-island',
    'catan',
    'spirit-island-jagged-earth',
    'hand-management',
    'spiel-des-jahres',
    'uwe-rosenberg',
  ),
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom('', '..', '%', '%2F', 'ＣＡＴＡＮ', '🎲', 'a'.repeat(300)),
);

const paramName = fc.oneof(
  fc.constantFrom(
    'q',
    'limit',
    'cursor',
    'before',
    'sort',
    'order',
    'include',
    'type',
    'direction',
    'with',
    'format',
    'players',
    'effective',
    'mechanics',
    'facets',
  ),
  fc.string({ maxLength: 10 }),
);
const paramValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '101',
    '1e400',
    'true',
    'desc',
    'name',
    'csv',
    'jsonl',
    'inbound',
    'stats,polls',
    'spirit-island-jagged-earth,catan',
  ),
);

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(value));
}

describe('every registered route', () => {
  it('answers 2xx or a 4xx problem for random path values and query parameters', async () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathValue,
        fc.array(fc.tuple(paramName, paramValue), { maxLength: 4 }),
        async (route, value, pairs) => {
          const params = new URLSearchParams();
          for (const [name, v] of pairs) params.append(name, v);
          const query = params.toString();
          const reply = await call(t.app, `${fill(route.path, value)}${query ? `?${query}` : ''}`);
          expect(reply.status).toBeLessThan(500);
          if (reply.status >= 400) expect(reply.headers.get('content-type')).toBe('application/problem+json');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers a 405 problem with Allow for every method a route does not take', async () => {
    const byPath = new Map<string, string[]>();
    for (const r of registeredRoutes(t.app)) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.method]);
    for (const [path, methods] of byPath) {
      const wrong = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !methods.includes(m));
      if (!wrong) continue;
      const reply = await call(t.app, fill(path, 'spirit-island'), { method: wrong });
      expect(reply.status, `${wrong} ${path}`).toBe(405);
      expect(reply.headers.get('allow')).toContain(methods[0]);
    }
  });
});
