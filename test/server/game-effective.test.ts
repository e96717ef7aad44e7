// GET /v1/games/{id}/effective-properties against the demo catalog: the three tiers with
// values checked by hand from the demo's records and modifications (loader/demo/expansions.ts),
// and the 404 / 422 / 400 rules of SPEC-NOTES §6.7 and D31.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { effectivePropertiesSchema } from '../../server/schemas/game-resources.js';
import { call, demoApp, type GameJson, type TestApp } from '../helpers/app.js';

type Effective = z.infer<typeof effectivePropertiesSchema>;
type Values = Effective['effective'];

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

async function effective(path: string): Promise<Effective> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = effectivePropertiesSchema.strict().safeParse(reply.body);
  expect(parsed.success, reply.text).toBe(true);
  return reply.body as Effective;
}

async function game(slug: string): Promise<GameJson> {
  const reply = await call(t.app, `/v1/games/${slug}`);
  expect(reply.status).toBe(200);
  return reply.body as GameJson;
}

/** The base values of a game as the detail view shows them. */
function baseOf(g: GameJson): Values {
  return {
    min_players: g.min_players as number,
    max_players: g.max_players as number,
    min_playtime: g.min_playtime as number,
    max_playtime: g.max_playtime as number,
    weight: g.weight as number,
    min_age: g.min_age as number,
    top_at: g.top_player_counts as number[],
    recommended_at: g.recommended_player_counts as number[],
  };
}

/** Both shapes of the contract carry the same facts (D13). */
function expectBothShapes(e: Effective): void {
  expect(e.effective_properties).toEqual(e.effective);
  expect(e.applied_expansions).toEqual(e.expansions);
  expect(Object.keys(e.individual_effects)).toEqual(e.expansions);
}

describe('tier 1: explicit combination records', () => {
  it('Spirit Island with Jagged Earth resolves from its explicit record', async () => {
    const si = await game('spirit-island');
    const e = await effective('/v1/games/spirit-island/effective-properties?with=spirit-island-jagged-earth');
    expect(e).toMatchObject({
      base_game: 'spirit-island',
      base_game_id: si.id,
      combination_source: 'explicit',
      resolution_tier: 1,
    });
    expect(e.expansions).toEqual(['spirit-island-jagged-earth']);
    expect(e.base).toEqual(baseOf(si));
    // The record of loader/demo/expansions.ts; min_age is not stated there, so the base's applies.
    expect(e.effective).toEqual({
      min_players: 1,
      max_players: 6,
      min_playtime: 90,
      max_playtime: 150,
      weight: 4.07,
      min_age: si.min_age,
      top_at: [2, 3],
      recommended_at: [1, 2, 3, 4, 5],
    });
    // Jagged Earth's modifications alone would add 3 to the base's top counts (1, 2, 3): the
    // record, not the arithmetic, decided top_at.
    expect(si.top_player_counts).toContain(1);
    expectBothShapes(e);
    expect(e.individual_effects['spirit-island-jagged-earth'].modifications).toEqual([
      { property: 'max_players', operation: 'set', value: 6 },
      { property: 'weight', operation: 'add', value: 0.21 },
      { property: 'max_playtime', operation: 'add', value: 30 },
      { property: 'top_at', operation: 'add', value: [3] },
      { property: 'recommended_at', operation: 'add', value: [4, 5] },
    ]);
    expect(e._links.self.href).toBe('/v1/games/spirit-island/effective-properties?with=spirit-island-jagged-earth');
  });

  it('matches a record regardless of order, ids or slugs, and ignores duplicates', async () => {
    const je = await game('spirit-island-jagged-earth');
    const bc = await game('spirit-island-branch-and-claw');
    const plain = await effective(
      '/v1/games/spirit-island/effective-properties?with=spirit-island-branch-and-claw,spirit-island-jagged-earth',
    );
    expect(plain).toMatchObject({ combination_source: 'explicit', resolution_tier: 1 });
    expect(plain.effective).toMatchObject({
      max_players: 6,
      min_playtime: 90,
      max_playtime: 180,
      weight: 4.12,
      top_at: [2, 3],
    });
    // Release order: Branch & Claw (2017) before Jagged Earth (2020).
    expect(plain.expansions).toEqual(['spirit-island-branch-and-claw', 'spirit-island-jagged-earth']);
    const mixed = await effective(
      `/v1/games/${(await game('spirit-island')).id}/effective-properties?with=${je.id},spirit-island-branch-and-claw,spirit-island-jagged-earth&with=${bc.id.toUpperCase()}`,
    );
    const { _links: _a, ...plainFacts } = plain;
    const { _links: _b, ...mixedFacts } = mixed;
    expect(mixedFacts).toEqual(plainFacts);
  });
});

describe('tier 2: modifications applied set → add → multiply', () => {
  it('Catan with the 5-6 extension and Cities & Knights uses all three operations', async () => {
    const catan = await game('catan');
    const e = await effective(
      '/v1/games/catan/effective-properties?with=catan-5-6-player-extension,catan-cities-and-knights',
    );
    expect(e).toMatchObject({ combination_source: 'computed', resolution_tier: 2 });
    expectBothShapes(e);
    const base = baseOf(catan);
    expect(e.base).toEqual(base);
    // 5-6: max_players set 6, max_playtime add 30, recommended_at add [5];
    // Cities & Knights: max_playtime add 30, weight multiply 1.2.
    expect(e.effective.max_players).toBe(6);
    expect(e.effective.max_playtime).toBe((catan.max_playtime as number) + 60);
    expect(e.effective.weight).toBeCloseTo((catan.weight as number) * 1.2, 10);
    expect(e.effective.min_players).toBe(base.min_players);
    expect(e.effective.min_playtime).toBe(base.min_playtime);
    expect(e.effective.recommended_at).toEqual([...new Set([...base.recommended_at, 5])].sort((a, b) => a - b));
    // The 5-6 extension has no year, so it comes last in release order.
    expect(e.expansions).toEqual(['catan-cities-and-knights', 'catan-5-6-player-extension']);
  });

  it('adds before it multiplies, whatever the release order (Pandemic: On the Brink, then In the Lab)', async () => {
    const pandemic = await game('pandemic');
    const e = await effective('/v1/games/pandemic/effective-properties?with=pandemic-in-the-lab,pandemic-on-the-brink');
    expect(e).toMatchObject({ combination_source: 'computed', resolution_tier: 2 });
    // On the Brink (2009): max_players set 5, weight multiply 1.1; In the Lab (2013): weight add 0.15.
    const w = pandemic.weight as number;
    expect(e.effective.weight).toBeCloseTo((w + 0.15) * 1.1, 10);
    expect(e.effective.weight).not.toBeCloseTo(w * 1.1 + 0.15, 10);
    expect(e.effective.max_players).toBe(5);
    expect(e.expansions).toEqual(['pandemic-on-the-brink', 'pandemic-in-the-lab']);
    expect(e.individual_effects['pandemic-in-the-lab'].modifications).toEqual([
      { property: 'weight', operation: 'add', value: 0.15 },
    ]);
  });

  it('lets the latest release win among sets (Scythe: Invaders from Afar 2016, Rise of Fenris 2018)', async () => {
    const e = await effective(
      '/v1/games/scythe/effective-properties?with=scythe-the-rise-of-fenris,scythe-invaders-from-afar',
    );
    expect(e).toMatchObject({ combination_source: 'computed', resolution_tier: 2 });
    // Both set max_playtime (140, then 150); Fenris sets weight 3.42; Invaders sets max_players 7.
    expect(e.effective).toMatchObject({ max_playtime: 150, max_players: 7, weight: 3.42 });
  });
});

describe('tier 3: base only', () => {
  it('answers the base values without `with`', async () => {
    const si = await game('spirit-island');
    const e = await effective('/v1/games/spirit-island/effective-properties');
    expect(e).toMatchObject({
      combination_source: 'base_only',
      resolution_tier: 3,
      expansions: [],
      individual_effects: {},
    });
    expect(e.effective).toEqual(baseOf(si));
    expect(e.base).toEqual(baseOf(si));
    expect(e._links.self.href).toBe('/v1/games/spirit-island/effective-properties');
  });

  it('answers the base values for an expansion without modifications or record (a promo)', async () => {
    const si = await game('spirit-island');
    const e = await effective('/v1/games/spirit-island/effective-properties?with=spirit-island-promo-pack-1');
    expect(e).toMatchObject({
      combination_source: 'base_only',
      resolution_tier: 3,
      applied_expansions: ['spirit-island-promo-pack-1'],
    });
    expect(e.effective).toEqual(baseOf(si));
    expect(e.individual_effects['spirit-island-promo-pack-1'].modifications).toEqual([]);
  });
});

describe('errors', () => {
  it('404 names an unknown expansion', async () => {
    const reply = await call(
      t.app,
      '/v1/games/spirit-island/effective-properties?with=spirit-island-jagged-earth,no-such-box',
    );
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    const body = reply.body as { detail: string; errors: { field: string; value: string }[] };
    expect(body.detail).toContain('no-such-box');
    expect(body.errors).toEqual([expect.objectContaining({ field: 'with', value: 'no-such-box' })]);
  });

  it('422 for a game that is not an expansion of this base (another base game’s, or the base itself)', async () => {
    const foreign = await call(t.app, '/v1/games/spirit-island/effective-properties?with=catan-seafarers');
    expect(foreign.status).toBe(422);
    expect((foreign.body as { detail: string }).detail).toContain(
      '"catan-seafarers" is not an expansion of spirit-island',
    );
    expect((foreign.body as { detail: string }).detail).toContain('its base game is catan');
    expect((await call(t.app, '/v1/games/spirit-island/effective-properties?with=spirit-island')).status).toBe(422);
    expect((await call(t.app, '/v1/games/spirit-island/effective-properties?with=wingspan')).status).toBe(422);
  });

  it('404 for an unknown game, 400 for an unknown parameter', async () => {
    expect((await call(t.app, '/v1/games/no-such-game/effective-properties?with=catan-seafarers')).status).toBe(404);
    const typo = await call(t.app, '/v1/games/spirit-island/effective-properties?width=spirit-island-jagged-earth');
    expect(typo.status).toBe(400);
    expect((typo.body as { errors: { field: string; message: string }[] }).errors[0]).toMatchObject({ field: 'width' });
    expect((typo.body as { errors: { message: string }[] }).errors[0].message).toContain('"with"');
  });
});
