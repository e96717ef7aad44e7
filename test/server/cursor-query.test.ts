// A cursor signed with the server's secret but carrying a query this version would not have
// issued (another version of the server, the same secret) is refused with a 400 naming the
// cursor, never run: the engine only sees queries the edge validated.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../server/cursor.js';
import { GAMES_LIST_ENDPOINT } from '../../server/schemas/games-list.js';
import { GAMES_SEARCH_ENDPOINT } from '../../server/schemas/search-request.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

/** The secret test/helpers/app.ts gives the demo app's cursors. */
const codec = new CursorCodec('test-secret-0123456789');
const cursorFor = (endpoint: string, query: Record<string, unknown>): string =>
  encodeURIComponent(
    codec.encode({ endpoint, query, position: { value: null, id: 'no-such-game' }, direction: 'next' }),
  );

const BAD_QUERIES: Record<string, unknown>[] = [
  {},
  { filter: {}, sort: 'nope', order: 'desc' },
  { filter: {}, sort: 'constructor', order: 'desc' },
  { filter: {}, sort: 'rating', order: 'sideways' },
  { filter: null, sort: 'rating', order: 'desc' },
  { filter: 'x', sort: 'rating', order: 'desc' },
  { filter: { players_min: 'x' }, sort: 'rating', order: 'desc' },
  { filter: { mechanics: [1, 2] }, sort: 'rating', order: 'desc' },
  { filter: { q: 123 }, sort: 'rating', order: 'desc' },
  { filter: { award: 'x' }, sort: 'rating', order: 'desc' },
  { filter: { type: ['nope'] }, sort: 'rating', order: 'desc' },
  { filter: { no_such_filter: 1 }, sort: 'rating', order: 'desc' },
  { filter: {}, sort: 'relevance', order: 'desc' },
  { filter: {}, sort: 'rating', order: 'desc', extra: true },
];

describe('a signed cursor carrying a query this server would not issue', () => {
  it('is refused by every games listing with a 400 naming the cursor', async () => {
    for (const query of BAD_QUERIES) {
      const label = JSON.stringify(query);
      const replies = [
        await call(t.app, `/v1/games?cursor=${cursorFor(GAMES_LIST_ENDPOINT, query)}`),
        await call(t.app, `/v1/games?before=${cursorFor(GAMES_LIST_ENDPOINT, query)}`),
        await call(t.app, `/v1/games/search?cursor=${cursorFor(GAMES_SEARCH_ENDPOINT, query)}`),
        await call(t.app, '/v1/games/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cursor: decodeURIComponent(cursorFor(GAMES_SEARCH_ENDPOINT, query)) }),
        }),
        await call(t.app, `/v1/families/7-wonders?cursor=${cursorFor('families/7-wonders', query)}`),
      ];
      for (const reply of replies) {
        expect(reply.status, `${label}: ${reply.text}`).toBe(400);
        const errors = (reply.body as { errors: { field: string; code: string }[] }).errors;
        expect(errors.map((e) => e.code)).toContain('invalid_cursor');
        expect(errors.some((e) => e.field === 'cursor' || e.field === 'before')).toBe(true);
      }
    }
  });

  it('still continues the queries this server issues, filters and relevance included', async () => {
    const first = await call(t.app, '/v1/games?q=catan&players=3&type=base_game,expansion&limit=1');
    expect(first.status).toBe(200);
    const meta = (first.body as { meta: { total: number; next_cursor?: string } }).meta;
    expect(meta.total).toBeGreaterThan(1);
    const next = await call(t.app, `/v1/games?cursor=${encodeURIComponent(meta.next_cursor ?? '')}&limit=1`);
    expect(next.status, next.text).toBe(200);
    expect((next.body as { meta: { total: number } }).meta.total).toBe(meta.total);
    const sameQuery = {
      filter: { players: 3, q: 'catan', type: ['base_game', 'expansion'] },
      sort: 'relevance',
      order: 'desc',
    };
    const forged = await call(t.app, `/v1/games?cursor=${cursorFor(GAMES_LIST_ENDPOINT, sameQuery)}&limit=1`);
    expect(forged.status, forged.text).toBe(200);
  });
});
