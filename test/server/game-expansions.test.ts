// GET /v1/games/{id}/expansions against the demo catalog: the children of a game as full Game
// objects in release order, the type filter, keyset paging both ways, cursors bound to their
// game, and include values (including the two this area adds and the refused `editions`).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXPANSIONS } from '../../loader/demo/expansions.js';
import {
  effectivePropertiesSchema,
  experienceProfileSchema,
  gameExpansionsPageSchema,
} from '../../server/schemas/game-resources.js';
import { call, collect, demoApp, type GameJson, type ListJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

const slugs = (games: readonly GameJson[]): string[] => games.map((g) => g.slug);

/** Release order: year (unknown last), then name. */
const SPIRIT_ISLAND_ORDER = [
  'spirit-island-branch-and-claw', // 2017
  'spirit-island-promo-pack-1', // 2018
  'spirit-island-jagged-earth', // 2020, "Spirit Island: Jagged Earth"
  'spirit-island-promo-pack-2', // 2020, "Spirit Island: Promo Pack 2"
  'spirit-island-horizons', // 2022
  'spirit-island-nature-incarnate', // 2023
];

async function page(path: string): Promise<ListJson> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = gameExpansionsPageSchema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as ListJson;
}

describe('GET /v1/games/{id}/expansions', () => {
  it('lists the games whose parent is the game, in release order, as full Game objects', async () => {
    const list = await page('/v1/games/spirit-island/expansions');
    expect(slugs(list.data)).toEqual(SPIRIT_ISLAND_ORDER);
    // The demo facts agree: every expansion fact with parent spirit-island, nothing else.
    expect(slugs(list.data).sort()).toEqual(
      EXPANSIONS.filter((e) => e.parent === 'spirit-island')
        .map((e) => e.slug)
        .sort(),
    );
    expect(list.meta).toMatchObject({ total: 6, limit: 25, has_more: false });
    for (const g of list.data) {
      const detail = await call(t.app, `/v1/games/${g.slug}`);
      expect(g).toEqual(detail.body);
    }
    const si = (await call(t.app, '/v1/games/spirit-island')).body as GameJson;
    expect(list.data.every((g) => g.parent_game_id === si.id)).toBe(true);
    // The id resolves as well as the slug.
    expect(slugs((await page(`/v1/games/${si.id}/expansions`)).data)).toEqual(SPIRIT_ISLAND_ORDER);
  });

  it('agrees with the games list for every game', async () => {
    const all = (await collect(t.app, '/v1/games?limit=100')).items;
    const parents = new Set(all.map((g) => g.parent_game_id).filter((id): id is string => typeof id === 'string'));
    expect(parents.size).toBeGreaterThan(5);
    for (const parentId of parents) {
      const expected = all
        .filter((g) => g.parent_game_id === parentId)
        .map((g) => g.slug)
        .sort();
      const listed = (await collect(t.app, `/v1/games/${parentId}/expansions?limit=2`)).items;
      expect(slugs(listed).sort()).toEqual(expected);
    }
  });

  it('filters by type (comma list) and rejects unknown types', async () => {
    expect(slugs((await page('/v1/games/spirit-island/expansions?type=promo')).data)).toEqual([
      'spirit-island-promo-pack-1',
      'spirit-island-promo-pack-2',
    ]);
    const two = await page('/v1/games/spirit-island/expansions?type=standalone_expansion,promo');
    expect(slugs(two.data)).toEqual([
      'spirit-island-promo-pack-1',
      'spirit-island-promo-pack-2',
      'spirit-island-horizons',
    ]);
    expect(two.meta.filters_applied).toEqual({ type: ['standalone_expansion', 'promo'] });
    expect((await page('/v1/games/spirit-island/expansions?type=accessory')).data).toEqual([]);
    const bad = await call(t.app, '/v1/games/spirit-island/expansions?type=promo,expanson');
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { field: string; value: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'type', value: 'expanson' }),
    ]);
  });

  it('pages forward and backward with cursors that keep the filter', async () => {
    const { items, pages } = await collect(t.app, '/v1/games/spirit-island/expansions?limit=4');
    expect(slugs(items)).toEqual(SPIRIT_ISLAND_ORDER);
    expect(pages.map((p) => p.data.length)).toEqual([4, 2]);
    expect(pages[0].meta.prev_cursor).toBeUndefined();
    const back = await page(pages[1]._links.prev?.href ?? '');
    expect(slugs(back.data)).toEqual(SPIRIT_ISLAND_ORDER.slice(0, 4));

    const filtered = await page('/v1/games/spirit-island/expansions?type=expansion&limit=2');
    const next = await page(filtered._links.next?.href ?? '');
    expect(slugs(next.data)).toEqual(['spirit-island-nature-incarnate']);
    expect(next.data.every((g) => g.type === 'expansion')).toBe(true);
  });

  it('refuses a cursor of another game or of another filter', async () => {
    const first = await page('/v1/games/spirit-island/expansions?limit=1');
    const cursor = first.meta.next_cursor ?? '';
    expect((await call(t.app, `/v1/games/catan/expansions?cursor=${cursor}`)).status).toBe(400);
    expect((await call(t.app, `/v1/games/spirit-island/expansions?type=promo&cursor=${cursor}`)).status).toBe(400);
    expect((await call(t.app, `/v1/games/spirit-island/awards?cursor=${cursor}`)).status).toBe(400);
    expect((await call(t.app, `/v1/games/spirit-island/expansions?cursor=${cursor}`)).status).toBe(200);
  });

  it('is empty for a game without expansions', async () => {
    const list = await page('/v1/games/spirit-island-jagged-earth/expansions');
    expect(list.data).toEqual([]);
    expect(list.meta.total).toBe(0);
  });

  it('embeds include values, effective_properties and experience_playtime among them', async () => {
    const list = await page(
      '/v1/games/spirit-island/expansions?limit=2&include=mechanics,effective_properties,experience_playtime',
    );
    for (const g of list.data) {
      expect(Array.isArray(g.mechanics)).toBe(true);
      const effective = effectivePropertiesSchema.parse(g.effective_properties);
      expect(effective).toMatchObject({ base_game: g.slug, combination_source: 'base_only', resolution_tier: 3 });
      expect(effective.effective.max_players).toBe(g.max_players);
      const experience = experienceProfileSchema.parse(g.experience_playtime);
      expect(experience.game_id).toBe(g.id);
      const own = await call(t.app, `/v1/games/${g.slug}/experience-playtime`);
      expect(experience).toEqual(own.body);
    }
    expect(list._links.next?.href).toContain('include=mechanics%2Ceffective_properties%2Cexperience_playtime');
  });

  it('answers 400 for editions (not in v1), other unknown include values and unknown parameters', async () => {
    const editions = await call(t.app, '/v1/games/spirit-island/expansions?include=editions');
    expect(editions.status).toBe(400);
    expect((editions.body as { detail: string }).detail).toContain('not implemented in v1');
    expect((await call(t.app, '/v1/games/spirit-island/expansions?include=edition')).status).toBe(400);
    const typo = await call(t.app, '/v1/games/spirit-island/expansions?tpye=promo');
    expect(typo.status).toBe(400);
    expect((typo.body as { errors: { field: string; message: string }[] }).errors[0].message).toContain('"type"');
    expect((await call(t.app, '/v1/games/spirit-island/expansions?limit=0')).status).toBe(400);
    expect((await call(t.app, '/v1/games/no-such-game/expansions')).status).toBe(404);
  });
});
