// The shared response schemas against real responses of the demo catalog: if a presenter
// emits a member the schema does not know (strict parse) or a type it does not allow, the
// OpenAPI document would lie, so this fails first.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameSchema, listEnvelope, problemSchema } from '../../server/schemas/responses/common.js';
import { GAME_INCLUDES } from '../../server/schemas/includes.js';
import { call, collect, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

/** Strict everywhere: an undocumented member is an error, not silently stripped. */
const strictGame = gameSchema.strict();

function parseOrExplain(schema: z.ZodType, value: unknown, what: string): void {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${what}: ${parsed.success ? '' : z.prettifyError(parsed.error)}`).toBe(true);
}

describe('shared response schemas', () => {
  it('every game of GET /v1/games parses with gameSchema', async () => {
    const { items, pages } = await collect(t.app, '/v1/games?limit=100');
    expect(items.length).toBeGreaterThan(100);
    for (const page of pages) parseOrExplain(listEnvelope(strictGame), page, 'games page');
  });

  it('every game with every include parses with gameSchema', async () => {
    const { pages } = await collect(t.app, `/v1/games?limit=100&include=${GAME_INCLUDES.join(',')}`);
    for (const page of pages) parseOrExplain(listEnvelope(strictGame), page, 'games page with includes');
  });

  it('effective-mode matches carry a matched_via that parses', async () => {
    const { items } = await collect(t.app, '/v1/games?players=6&effective=true&limit=100');
    expect(items.some((g) => g.matched_via !== null)).toBe(true);
    for (const g of items) parseOrExplain(strictGame, g, g.slug);
  });

  it('GET /v1/games/{id} parses with gameSchema', async () => {
    const reply = await call(t.app, `/v1/games/spirit-island?include=${GAME_INCLUDES.join(',')}`);
    expect(reply.status).toBe(200);
    parseOrExplain(strictGame, reply.body, 'spirit-island');
  });

  it('problems parse with problemSchema', async () => {
    for (const path of ['/v1/games?themez=x', '/v1/games/no-such-game', '/v1/games?mechanic=no-such-mechanic']) {
      const reply = await call(t.app, path);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      parseOrExplain(problemSchema.strict(), reply.body, path);
    }
  });
});
