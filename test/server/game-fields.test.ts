// Everything the server lists per Game field follows the field registry (engine/fields.ts):
// the Game JSON, the stats embed, the CSV columns and the response schemas, each in the
// registry's order.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_JSON_FIELDS, GAME_STATS_FIELDS } from '../../engine/index.js';
import { CSV_COLUMN_NAMES } from '../../server/export/csv.js';
import { gameBaseSchema } from '../../server/schemas/responses/common.js';
import { call, demoApp, type GameJson, type ListJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

const JSON_NAMES = GAME_JSON_FIELDS.map((f) => f.name);

describe('the Game by the field registry', () => {
  it('emits the JSON fields in JSON order, then _links, on lists and details', async () => {
    const list = (await call(t.app, '/v1/games?limit=5&include=stats')).body as ListJson;
    for (const game of list.data) {
      expect(Object.keys(game)).toEqual([...JSON_NAMES, '_links', 'matched_via', 'stats']);
      expect(Object.keys(game.stats as object)).toEqual(GAME_STATS_FIELDS.map((f) => f.name));
    }
    const detail = (await call(t.app, `/v1/games/${list.data[0].slug}`)).body as GameJson;
    expect(Object.keys(detail)).toEqual([...JSON_NAMES, '_links']);
  });

  it('exports the JSON fields as the first CSV columns, and describes them in that order', () => {
    expect(CSV_COLUMN_NAMES.slice(0, JSON_NAMES.length)).toEqual(JSON_NAMES);
    expect(Object.keys(gameBaseSchema.shape)).toEqual([...JSON_NAMES, '_links']);
  });
});
