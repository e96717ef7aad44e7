// Relationships, credits and awards of one game against the demo facts they were built from
// (loader/demo/relationships.ts, expansions.ts, awards.ts, games-recent.ts), and the rules
// every /v1/games/{id}/... route shares: 404 for an unknown game, 400 naming unknown
// parameters, HEAD, 405.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PERSON_ROLES } from '../../engine/index.js';
import { AWARD_RESULTS, AWARDS } from '../../loader/demo/awards.js';
import { EXPANSIONS } from '../../loader/demo/expansions.js';
import { RELATIONSHIPS } from '../../loader/demo/relationships.js';
import {
  gameAwardsPageSchema,
  gameCreditsSchema,
  gameRelationshipsSchema,
} from '../../server/schemas/game-resources.js';
import { call, collect, demoApp, type GameJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
let ids: Map<string, string>;
beforeAll(async () => {
  t = await demoApp();
  const all = (await collect(t.app, '/v1/games?limit=100')).items;
  ids = new Map(all.map((g) => [g.slug, g.id]));
});
afterAll(async () => t.close());

async function get<T extends z.ZodObject>(path: string, schema: T): Promise<z.infer<T>> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.strict().safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as z.infer<T>;
}

type Edge = z.infer<typeof gameRelationshipsSchema>['data'][number];
const slugOf = (id: string): string => [...ids].find(([, v]) => v === id)?.[0] ?? id;
const edgeText = (e: Edge): string => `${slugOf(e.source_game_id)} ${e.relationship_type} ${slugOf(e.target_game_id)}`;

/** Every demo edge touching `slug`: expansion → base `expands` (not for standalones), the fact table, integrates_with mirrored. */
function demoEdges(slug: string): string[] {
  const edges = [
    ...EXPANSIONS.filter((e) => e.parent !== undefined && e.type !== 'standalone_expansion').map(
      (e) => `${e.slug} expands ${e.parent}`,
    ),
    ...RELATIONSHIPS.flatMap((r) =>
      r.type === 'integrates_with'
        ? [`${r.source} ${r.type} ${r.target}`, `${r.target} ${r.type} ${r.source}`]
        : [`${r.source} ${r.type} ${r.target}`],
    ),
  ];
  return edges.filter((e) => e.startsWith(`${slug} `) || e.endsWith(` ${slug}`)).sort();
}

describe('GET /v1/games/{id}/relationships', () => {
  it('lists every edge of the game, integrates_with from both sides', async () => {
    const body = await get('/v1/games/spirit-island/relationships', gameRelationshipsSchema);
    expect(body.data.map(edgeText).sort()).toEqual(demoEdges('spirit-island'));
    expect(body.data.map(edgeText)).toContain('spirit-island integrates_with spirit-island-horizons');
    expect(body.data.map(edgeText)).toContain('spirit-island-horizons integrates_with spirit-island');
    for (const e of body.data) {
      expect(e.direction).toBe(e.source_game_id === ids.get('spirit-island') ? 'outbound' : 'inbound');
      expect(e._links.source.href).toBe(`/v1/games/${slugOf(e.source_game_id)}`);
      expect(e._links.target.href).toBe(`/v1/games/${slugOf(e.target_game_id)}`);
    }
    // Expansion edges carry the release order as ordinal.
    const expands = body.data.filter((e) => e.relationship_type === 'expands');
    expect(expands.map((e) => slugOf(e.source_game_id))).toEqual([
      'spirit-island-branch-and-claw',
      'spirit-island-promo-pack-1',
      'spirit-island-jagged-earth',
      'spirit-island-promo-pack-2',
      'spirit-island-nature-incarnate',
    ]);
    expect(expands.map((e) => e.ordinal)).toEqual([...expands.map((e) => e.ordinal)].sort((a, b) => a - b));
  });

  it('filters by type and direction', async () => {
    const outbound = await get(
      '/v1/games/spirit-island-horizons/relationships?direction=outbound',
      gameRelationshipsSchema,
    );
    expect(outbound.data.map(edgeText)).toEqual([
      'spirit-island-horizons recommends spirit-island',
      'spirit-island-horizons integrates_with spirit-island',
    ]);
    const inbound = await get(
      '/v1/games/spirit-island-horizons/relationships?direction=inbound',
      gameRelationshipsSchema,
    );
    expect(inbound.data.map(edgeText)).toEqual(['spirit-island integrates_with spirit-island-horizons']);
    const typed = await get('/v1/games/carcassonne/relationships?type=contains,reimplements', gameRelationshipsSchema);
    expect(typed.data.map(edgeText)).toEqual(['carcassonne-big-box contains carcassonne']);
    const both = await get(
      '/v1/games/catan-5-6-player-extension/relationships?type=requires&direction=both',
      gameRelationshipsSchema,
    );
    expect(both.data.map(edgeText).sort()).toEqual(
      demoEdges('catan-5-6-player-extension').filter((e) => e.includes(' requires ')),
    );
    expect(both.data).toHaveLength(2);
    expect((await call(t.app, '/v1/games/spirit-island/relationships?type=sequel')).status).toBe(400);
    expect((await call(t.app, '/v1/games/spirit-island/relationships?direction=sideways')).status).toBe(400);
  });
});

describe('GET /v1/games/{id}/credits', () => {
  it('lists designers, artists, then the other roles; one person may hold several', async () => {
    const body = await get('/v1/games/gloomhaven/credits', gameCreditsSchema);
    expect(body.data.map((c) => [c.role, c.person_slug])).toEqual([
      ['designer', 'isaac-childres'],
      ['artist', 'alexandr-elichev'],
      ['artist', 'josh-t-mcdowell'],
      ['artist', 'alvaro-nebot'],
      ['graphic_designer', 'josh-t-mcdowell'],
    ]);
    expect(body.data.every((c) => c.game_id === ids.get('gloomhaven'))).toBe(true);
    expect(body.data[0]).toMatchObject({
      person_name: 'Isaac Childres',
      _links: { person: { href: '/v1/people/isaac-childres' } },
    });
  });

  it('equals the credits embed and keeps the role order for every game', async () => {
    for (const slug of ['scythe', 'viticulture-essential-edition', 'spirit-island', 'root']) {
      const body = await get(`/v1/games/${slug}/credits`, gameCreditsSchema);
      const detail = (await call(t.app, `/v1/games/${slug}?include=credits`)).body as GameJson;
      expect(body.data).toEqual(detail.credits);
      const order = body.data.map((c) => PERSON_ROLES.indexOf(c.role));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });
});

describe('GET /v1/games/{id}/awards', () => {
  it('lists the game’s awards with the award’s slug and name, by year', async () => {
    const body = await get('/v1/games/7-wonders/awards', gameAwardsPageSchema);
    const expected = AWARD_RESULTS.filter((a) => a.game === '7-wonders');
    expect(body.data.map((a) => [a.award_slug, a.year, a.result]).sort()).toEqual(
      expected.map((a) => [a.award, a.year, a.result]).sort(),
    );
    for (const a of body.data) {
      expect(a.award_name).toBe(AWARDS.find((w) => w.slug === a.award_slug)?.name);
      expect(a.game_id).toBe(ids.get('7-wonders'));
      expect(a._links.award.href).toBe(`/v1/awards/${a.award_slug}`);
    }
    expect(body.meta).toMatchObject({ total: expected.length, has_more: false });
    const years = body.data.map((a) => a.year);
    expect(years).toEqual([...years].sort((x, y) => x - y));
  });

  it('pages forward and backward', async () => {
    const all = await get('/v1/games/7-wonders/awards', gameAwardsPageSchema);
    const { items, pages } = await collect(t.app, '/v1/games/7-wonders/awards?limit=1');
    expect(items).toEqual(all.data);
    expect(pages).toHaveLength(all.data.length);
    const last = pages[pages.length - 1];
    const back = await get(last._links.prev?.href ?? '', gameAwardsPageSchema);
    expect(back.data).toEqual(all.data.slice(-2, -1));
  });

  it('is an empty page for a game without awards', async () => {
    const body = await get('/v1/games/spirit-island-jagged-earth/awards', gameAwardsPageSchema);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
  });
});

describe('every game sub-resource', () => {
  const RESOURCES = [
    'expansions',
    'effective-properties',
    'player-count-ratings',
    'experience-playtime',
    'relationships',
    'credits',
    'polls',
    'awards',
  ];

  it('answers 404 problems for an unknown id or slug', async () => {
    for (const resource of RESOURCES) {
      for (const id of ['no-such-game', '01900000-0000-7000-8000-000000000000']) {
        const reply = await call(t.app, `/v1/games/${id}/${resource}`);
        expect(reply.status, resource).toBe(404);
        expect(reply.headers.get('content-type')).toContain('application/problem+json');
        expect((reply.body as { detail: string }).detail).toContain(id);
      }
    }
  });

  it('answers 400 naming unknown parameters, before looking the game up', async () => {
    for (const resource of RESOURCES) {
      for (const id of ['spirit-island', 'no-such-game']) {
        const reply = await call(t.app, `/v1/games/${id}/${resource}?bogus=1&also=2`);
        expect(reply.status, resource).toBe(400);
        const errors = (reply.body as { errors: { field: string; code: string }[] }).errors;
        expect(errors.map((e) => [e.field, e.code])).toEqual([
          ['bogus', 'unknown_parameter'],
          ['also', 'unknown_parameter'],
        ]);
      }
    }
  });

  it('answers HEAD like GET and 405 for other methods', async () => {
    for (const resource of RESOURCES) {
      const head = await call(t.app, `/v1/games/spirit-island/${resource}`, { method: 'HEAD' });
      expect(head.status, resource).toBe(200);
      const post = await call(t.app, `/v1/games/spirit-island/${resource}`, { method: 'POST' });
      expect(post.status, resource).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});
