import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, collect, demoApp, type GameJson, type ListJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
let all: GameJson[];

beforeAll(async () => {
  t = await demoApp();
  all = (await collect(t.app, '/v1/games?limit=100')).items;
});
afterAll(async () => t.close());

const num = (g: GameJson, field: string) => g[field] as number | null;
function byNameThenId(a: GameJson, b: GameJson): number {
  if (a.sort_name !== b.sort_name) return a.sort_name < b.sort_name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
const slugs = (games: GameJson[]) => games.map((g) => g.slug);

describe('GET /v1/games', () => {
  it('lists every game once, by name then id, in pages of 25 by default', async () => {
    const first = await call(t.app, '/v1/games');
    const page = first.body as ListJson;
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.data).toHaveLength(25);
    expect(page.meta.total).toBe(all.length);
    expect(page.meta.limit).toBe(25);
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
    expect(all).toEqual([...all].sort(byNameThenId));
    expect(page.data.map((g) => g.slug)).toEqual(slugs(all.slice(0, 25)));
  });

  it('carries the contract fields, matched_via and _links on every game', () => {
    for (const g of all) {
      for (const field of [
        'slug',
        'name',
        'type',
        'min_players',
        'max_players',
        'weight',
        'rating',
        'mode',
        'matched_via',
      ]) {
        expect(g).toHaveProperty(field);
      }
      expect(g.matched_via).toBeNull();
      const links = g._links as Record<string, { href: string }>;
      expect(links.self.href).toBe(`/v1/games/${g.slug}`);
      expect(Object.keys(links)).toEqual(
        expect.arrayContaining([
          'self',
          'expansions',
          'effective_properties',
          'player_count_ratings',
          'relationships',
          'experience_playtime',
        ]),
      );
    }
  });

  it('pages backwards with `before` through the same pages', async () => {
    const forward = await collect(t.app, '/v1/games?limit=20');
    const last = forward.pages[forward.pages.length - 1];
    expect(last.meta.has_more).toBe(false);
    expect(last.meta.next_cursor).toBeUndefined();
    const backward: ListJson[] = [last];
    let href = last._links.prev?.href;
    while (href) {
      const page = (await call(t.app, href)).body as ListJson;
      backward.unshift(page);
      href = page._links.prev?.href;
    }
    expect(backward.map((p) => slugs(p.data))).toEqual(forward.pages.map((p) => slugs(p.data)));
    expect(backward[0].meta.prev_cursor).toBeUndefined();
  });

  it('filters by player count, weight, play time and type together (AND)', async () => {
    const { items } = await collect(
      t.app,
      '/v1/games?players=4&weight_min=2&weight_max=3.5&max_playtime=90&type=base_game&limit=100',
    );
    const expected = all.filter((g) => {
      const [min, max, w, time] = [
        num(g, 'min_players'),
        num(g, 'max_players'),
        num(g, 'weight'),
        num(g, 'max_playtime'),
      ];
      return (
        min !== null &&
        max !== null &&
        min <= 4 &&
        4 <= max &&
        w !== null &&
        w >= 2 &&
        w <= 3.5 &&
        time !== null &&
        time <= 90 &&
        g.type === 'base_game'
      );
    });
    expect(expected.length).toBeGreaterThan(3);
    expect(slugs(items)).toEqual(slugs(expected));
  });

  it('filters by mechanic (contract name `mechanic`, OR within the list)', async () => {
    const withMechanics = (await collect(t.app, '/v1/games?include=mechanics&limit=100')).items;
    const mechanicsOf = (g: GameJson) => (g.mechanics as { slug: string }[]).map((m) => m.slug);
    const counts = new Map<string, number>();
    for (const g of withMechanics) for (const m of mechanicsOf(g)) counts.set(m, (counts.get(m) ?? 0) + 1);
    const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([slug]) => slug);
    const { items } = await collect(t.app, `/v1/games?mechanic=${a},${b}&limit=100`);
    expect(slugs(items)).toEqual(slugs(withMechanics.filter((g) => mechanicsOf(g).some((m) => m === a || m === b))));
  });

  it('sorts by weight descending with nulls last and id breaking ties', async () => {
    const { items } = await collect(t.app, '/v1/games?sort=weight&order=desc&limit=100');
    const expected = [...all].sort((x, y) => {
      const [a, b] = [num(x, 'weight'), num(y, 'weight')];
      if (a === null || b === null) return a === b ? (x.id < y.id ? -1 : 1) : a === null ? 1 : -1;
      return a !== b ? b - a : x.id < y.id ? -1 : 1;
    });
    expect(slugs(items)).toEqual(slugs(expected));
  });

  it('finds a game by legacy_id', async () => {
    const game = all.find((g) => g.legacy_id !== null);
    expect(game).toBeDefined();
    const reply = await call(t.app, `/v1/games?legacy_id=${String(game?.legacy_id)}`);
    expect(slugs((reply.body as ListJson).data)).toEqual([game?.slug]);
  });

  it('matches through expansions only with effective=true, saying how (matched_via)', async () => {
    const base = all.find((g) => g.slug === 'spirit-island');
    expect(base?.max_players).toBe(4);
    const plain = await collect(t.app, '/v1/games?players=6&limit=100');
    expect(slugs(plain.items)).not.toContain('spirit-island');
    const effective = await collect(t.app, '/v1/games?players=6&effective=true&limit=100');
    const hit = effective.items.find((g) => g.slug === 'spirit-island');
    const via = hit?.matched_via as {
      type: string;
      resolution_tier: number;
      expansions: { slug: string }[];
      effective_properties: { max_players: number };
    };
    expect(via.type).toBe('expansion_combination');
    expect([1, 2]).toContain(via.resolution_tier);
    expect(via.effective_properties.max_players).toBeGreaterThanOrEqual(6);
    expect(via.expansions.length).toBeGreaterThan(0);
    for (const g of effective.items) {
      if (g.matched_via === null) expect((g.min_players as number) <= 6 && 6 <= (g.max_players as number)).toBe(true);
    }
    expect(effective.pages[0].meta.effective).toBe(true);
  });

  it('continues from a cursor alone and refuses one whose filters changed', async () => {
    const first = (await call(t.app, '/v1/games?type=base_game&limit=5')).body as ListJson;
    const cursor = first.meta.next_cursor ?? '';
    const alone = (await call(t.app, `/v1/games?cursor=${cursor}`)).body as ListJson;
    const same = (await call(t.app, `/v1/games?type=base_game&limit=5&cursor=${cursor}`)).body as ListJson;
    expect(alone.data.every((g) => g.type === 'base_game')).toBe(true);
    expect(slugs(same.data)).toEqual(slugs(alone.data.slice(0, 5)));
    const changed = await call(t.app, `/v1/games?type=expansion&cursor=${cursor}`);
    expect(changed.status).toBe(400);
    expect((changed.body as { errors: { field: string; code: string }[] }).errors[0]).toMatchObject({
      field: 'cursor',
      code: 'invalid_cursor',
    });
  });
});

describe('GET /v1/games errors', () => {
  const problem = async (path: string, status: number, field?: string) => {
    const reply = await call(t.app, path);
    expect(reply.status, reply.text).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const body = reply.body as {
      type: string;
      title: string;
      status: number;
      detail: string;
      instance: string;
      errors?: { field: string }[];
    };
    expect(body.status).toBe(status);
    expect(body.type).toMatch(/^http:\/\/ludex\.test\/problems\//);
    expect(body.title.length).toBeGreaterThan(0);
    expect(body.detail.length).toBeGreaterThan(0);
    expect(body.instance).toBe(path.split('?')[0]);
    if (field) expect(body.errors?.map((e) => e.field)).toContain(field);
    return body;
  };

  it('names unknown parameters and suggests the intended one', async () => {
    const body = await problem('/v1/games?themez=space', 400, 'themez');
    expect(JSON.stringify(body)).toMatch(/did you mean/);
  });
  it('treats names inherited by every object as unknown parameters', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      await problem(`/v1/games?${name}=1`, 400, name);
    }
  });
  it('treats names inherited by every object as unknown sort keys, alone or with a direction', async () => {
    for (const name of ['constructor', '__proto__', 'valueOf', 'toString', 'hasOwnProperty', 'valueOf_asc']) {
      await problem(`/v1/games?sort=${name}`, 400, 'sort');
    }
  });
  it('names values of the wrong type or out of range', async () => {
    await problem('/v1/games?players=four', 400, 'players');
    await problem('/v1/games?weight_min=6', 400, 'weight_min');
    await problem('/v1/games?limit=0', 400, 'limit');
    await problem('/v1/games?limit=101', 400, 'limit');
    await problem('/v1/games?effective=yes', 400, 'effective');
    await problem('/v1/games?type=board', 400, 'type');
    await problem('/v1/games?sort=popularity', 400, 'sort');
  });
  it('refuses crossed bounds', async () => {
    const body = await problem('/v1/games?weight_min=4&weight_max=2', 400, 'weight_min');
    expect(JSON.stringify(body)).toMatch(/invalid_range/);
  });
  it('answers 422 for unknown slugs and resolves aliases', async () => {
    await problem('/v1/games?mechanic=no-such-mechanic', 422, 'mechanic');
  });
  it('refuses a tampered or foreign cursor', async () => {
    await problem('/v1/games?cursor=abc.def', 400, 'cursor');
    await problem('/v1/games?before=abc.def', 400, 'before');
  });
  it('answers 404 and 405 problems for unknown routes and methods', async () => {
    await problem('/v1/nothing-here', 404);
    const reply = await call(t.app, '/v1/games', { method: 'DELETE' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('GET /v1/games/{id}', () => {
  it('resolves the slug, the id and the id in upper case to the same game', async () => {
    const game = all[0];
    const bySlug = await call(t.app, `/v1/games/${game.slug}`);
    const byId = await call(t.app, `/v1/games/${game.id}`);
    const byUpper = await call(t.app, `/v1/games/${game.id.toUpperCase()}`);
    expect(bySlug.status).toBe(200);
    expect(byId.text).toBe(bySlug.text);
    expect(byUpper.text).toBe(bySlug.text);
    const body = bySlug.body as GameJson;
    expect(body).not.toHaveProperty('matched_via');
    const { matched_via: _listOnly, ...listed } = game;
    expect(body).toEqual(listed);
  });

  it('embeds what include asks for', async () => {
    const reply = await call(
      t.app,
      '/v1/games/spirit-island?include=expansions,credits,awards,mechanics,stats,polls,alternate_names',
    );
    const g = reply.body as Record<string, unknown>;
    expect(reply.status).toBe(200);
    const expansions = g.expansions as { slug: string }[];
    expect(expansions.length).toBeGreaterThanOrEqual(3);
    const childList = await collect(t.app, '/v1/games?limit=100');
    const children = childList.items
      .filter((c) => c.parent_game_id === g.id)
      .map((c) => c.slug)
      .sort();
    expect(expansions.map((e) => e.slug).sort()).toEqual(children);
    const credits = g.credits as { role: string; person_slug: string; game_id: string }[];
    expect(credits.some((c) => c.role === 'designer')).toBe(true);
    expect(credits.every((c) => c.game_id === g.id)).toBe(true);
    expect((g.mechanics as unknown[]).length).toBeGreaterThan(0);
    const stats = g.stats as Record<string, unknown>;
    expect(stats.rating).toBe(g.rating);
    expect(stats.rating_votes).toBe(g.rating_votes);
    const polls = g.polls as { game_id: string; player_count_ratings: { player_count: number }[] };
    expect(polls.game_id).toBe(g.id);
    expect(polls.player_count_ratings.length).toBeGreaterThan(0);
    expect(Array.isArray(g.alternate_names)).toBe(true);
  });

  it('embeds the store-backed includes on the list and the detail alike', async () => {
    const detail = (await call(t.app, '/v1/games/spirit-island?include=experience_playtime,polls')).body as Record<
      string,
      unknown
    >;
    const experience = detail.experience_playtime as { levels: { experience_level?: string; level?: string }[] } | null;
    expect(experience).not.toBeNull();
    expect(experience?.levels).toHaveLength(4);
    const list = (await call(t.app, '/v1/games?family=spirit-island&include=experience_playtime,polls'))
      .body as ListJson;
    const listed = list.data.find((g) => g.slug === 'spirit-island');
    expect(listed?.experience_playtime).toEqual(detail.experience_playtime);
    expect(listed?.polls).toEqual(detail.polls);
    const editions = await call(t.app, '/v1/games?include=editions');
    expect(editions.status).toBe(400);
    expect(editions.text).toMatch(/not implemented in v1/);
  });

  it('answers 404 for an unknown game and 400 for unknown parameters or include values', async () => {
    expect((await call(t.app, '/v1/games/no-such-game')).status).toBe(404);
    expect((await call(t.app, '/v1/games/01900000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await call(t.app, '/v1/games/%E0%A4%A')).status).toBeLessThan(500);
    expect((await call(t.app, '/v1/games/spirit-island?include=editions')).status).toBe(400);
    expect((await call(t.app, '/v1/games/spirit-island?expand=all')).status).toBe(400);
  });
});

describe('probes', () => {
  it('/healthz says ok and /readyz reports the store and the Dataset', async () => {
    expect((await call(t.app, '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call(t.app, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      checks: { store: 'ok', dataset: 'loaded' },
      games: all.length,
    });
  });
});
