// POST /v1/games/search and its GET continuation, against the demo catalog: content, facets,
// sorting, paging through the continuation links, cursors bound to their listing, and every
// error the body can cause.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as searchDocs from '../../server/schemas/search-docs.js';
import { gamesSearchResponseSchema } from '../../server/schemas/search-docs.js';
import { call, collect, demoApp, type GameJson, type ListJson, type Reply, type TestApp } from '../helpers/app.js';

let t: TestApp;
/** Every game with its mechanics, categories and themes, by name. */
let all: GameJson[];

beforeAll(async () => {
  t = await demoApp();
  all = (await collect(t.app, '/v1/games?limit=100&include=mechanics,categories,themes')).items;
});
afterAll(async () => t.close());

const JSON_HEADERS = { 'content-type': 'application/json' };
const post = (body: unknown, headers: Record<string, string> = JSON_HEADERS): Promise<Reply> =>
  call(t.app, '/v1/games/search', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const slugs = (games: readonly GameJson[]) => games.map((g) => g.slug);
const num = (g: GameJson, field: string) => g[field] as number | null;
const termSlugs = (g: GameJson, field: string) => (g[field] as { slug: string }[]).map((x) => x.slug);

async function ok(reply: Reply): Promise<ListJson> {
  expect(reply.status, reply.text).toBe(200);
  gamesSearchResponseSchema.parse(reply.body);
  return reply.body as ListJson;
}

/** The first page of a POST, then every page through the GET continuation links. */
async function searchAll(body: Record<string, unknown>): Promise<{ items: GameJson[]; pages: ListJson[] }> {
  const pages = [await ok(await post(body))];
  for (let href = pages[0]._links.next?.href; href; href = pages[pages.length - 1]._links.next?.href) {
    expect(href.startsWith('/v1/games/search?cursor=')).toBe(true);
    pages.push(await ok(await call(t.app, href)));
    if (pages.length > 100) throw new Error('paging does not end');
  }
  return { items: pages.flatMap((p) => p.data), pages };
}

function byBayesDesc(a: GameJson, b: GameJson): number {
  const [x, y] = [num(a, 'bayes_rating'), num(b, 'bayes_rating')];
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  }
  return a.id < b.id ? -1 : 1;
}

describe('POST /v1/games/search', () => {
  it('finds Spirit Island for 6 players only through an expansion, with matched_via and its tier', async () => {
    const plain = await searchAll({ players: 6, limit: 100 });
    expect(slugs(plain.items)).not.toContain('spirit-island');
    expect(plain.items.every((g) => g.matched_via === null)).toBe(true);

    const effective = await searchAll({ players: 6, effective: true, limit: 100 });
    const hit = effective.items.find((g) => g.slug === 'spirit-island');
    const via = hit?.matched_via as {
      type: string;
      resolution_tier: number;
      expansions: { slug: string }[];
      effective_properties: { min_players: number; max_players: number };
    };
    expect(via.type).toBe('expansion_combination');
    expect([1, 2]).toContain(via.resolution_tier);
    expect(via.expansions.length).toBeGreaterThan(0);
    expect(via.effective_properties.min_players <= 6 && 6 <= via.effective_properties.max_players).toBe(true);
    for (const g of effective.items) {
      if (g.matched_via === null) expect(num(g, 'min_players')! <= 6 && 6 <= num(g, 'max_players')!).toBe(true);
    }
    // Every base-matching game of the plain search is still there; effective only adds.
    expect(slugs(effective.items)).toEqual(expect.arrayContaining(slugs(plain.items)));
    expect(effective.pages[0].meta).toMatchObject({
      effective: true,
      sort: 'bayes_rating',
      order: 'desc',
      filters_applied: { players: 6, effective: true },
    });
  });

  it('sorts by bayes_rating descending by default (nulls last, id breaking ties)', async () => {
    const { items, pages } = await searchAll({ type: 'base_game', limit: 40 });
    const expected = all.filter((g) => g.type === 'base_game').sort(byBayesDesc);
    expect(slugs(items)).toEqual(slugs(expected));
    expect(pages[0].meta.total).toBe(expected.length);
    expect(pages.length).toBe(Math.ceil(expected.length / 40));
  });

  it('answers the same games as GET /v1/games for the same filters, under either spelling (D7)', async () => {
    const get = await collect(
      t.app,
      '/v1/games?players=4&weight_min=2&weight_max=3.5&max_playtime=90&type=base_game&limit=100',
    );
    expect(get.items.length).toBeGreaterThan(3);
    const canonical = await searchAll({
      players: 4,
      weight_min: 2,
      weight_max: 3.5,
      playtime_max: 90,
      type: ['base_game'],
      sort: 'name',
    });
    const aliased = await searchAll({
      players: 4,
      weight_min: 2,
      weight_max: 3.5,
      max_playtime: 90,
      type: 'base_game',
      sort: 'name',
      order: 'asc',
    });
    expect(slugs(canonical.items)).toEqual(slugs(get.items));
    expect(slugs(aliased.items)).toEqual(slugs(get.items));
  });

  it('filters mechanics (any, all, not), themes and categories, resolving like the GET list', async () => {
    const counts = new Map<string, number>();
    for (const g of all) for (const m of termSlugs(g, 'mechanics')) counts.set(m, (counts.get(m) ?? 0) + 1);
    const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([slug]) => slug);
    const any = await searchAll({ mechanics: [a, b], sort: 'name', limit: 100 });
    expect(slugs(any.items)).toEqual(
      slugs(all.filter((g) => termSlugs(g, 'mechanics').some((m) => m === a || m === b))),
    );
    const allOf = await searchAll({ mechanics_all: [a, b], sort: 'name' });
    expect(slugs(allOf.items)).toEqual(
      slugs(all.filter((g) => [a, b].every((m) => termSlugs(g, 'mechanics').includes(m)))),
    );
    const not = await searchAll({ mechanics_not: [a], sort: 'name', limit: 100 });
    expect(slugs(not.items)).toEqual(slugs(all.filter((g) => !termSlugs(g, 'mechanics').includes(a))));
  });

  it('filters by award, as an object and as the flat award.slug / award.result keys', async () => {
    const get = await collect(t.app, '/v1/games?award.slug=spiel-des-jahres&award.result=won&limit=100');
    expect(get.items.length).toBeGreaterThan(0);
    const nested = await searchAll({ award: { slug: 'spiel-des-jahres', result: 'won' }, sort: 'name' });
    const flat = await searchAll({ 'award.slug': 'spiel-des-jahres', 'award.result': 'won', sort: 'name' });
    expect(slugs(nested.items)).toEqual(slugs(get.items));
    expect(slugs(flat.items)).toEqual(slugs(get.items));
    expect(nested.pages[0].meta.filters_applied).toEqual({ award: { slug: 'spiel-des-jahres', result: 'won' } });
  });

  it('counts facets over the whole result, each dimension ignoring its own filter', async () => {
    const mechanic = termSlugs(all.find((g) => g.slug === 'spirit-island')!, 'mechanics')[0];
    const filter = { players: 3, type: ['base_game', 'standalone_expansion'], mechanics: [mechanic], weight_min: 2 };
    const page = await ok(
      await post({ ...filter, limit: 5, facets: ['mechanics', 'categories', 'themes', 'type', 'players'] }),
    );
    const facets = page.meta.facets as Record<string, Record<string, number>>;

    const matches = (g: GameJson, skip: readonly string[]): boolean =>
      (skip.includes('players') ||
        (num(g, 'min_players') !== null && num(g, 'min_players')! <= 3 && 3 <= num(g, 'max_players')!)) &&
      (skip.includes('type') || filter.type.includes(g.type)) &&
      (skip.includes('mechanics') || termSlugs(g, 'mechanics').includes(mechanic)) &&
      num(g, 'weight') !== null &&
      num(g, 'weight')! >= 2;
    const count = (games: GameJson[], keys: (g: GameJson) => string[]): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const g of games) for (const k of new Set(keys(g))) out[k] = (out[k] ?? 0) + 1;
      return out;
    };
    const result = all.filter((g) => matches(g, []));
    expect(result.length).toBeGreaterThan(1);
    expect(page.meta.total).toBe(result.length);
    expect(facets.mechanics).toEqual(
      count(
        all.filter((g) => matches(g, ['mechanics'])),
        (g) => termSlugs(g, 'mechanics'),
      ),
    );
    expect(facets.categories).toEqual(count(result, (g) => termSlugs(g, 'categories')));
    expect(facets.themes).toEqual(count(result, (g) => termSlugs(g, 'themes')));
    expect(facets.type).toEqual(
      count(
        all.filter((g) => matches(g, ['type'])),
        (g) => [g.type],
      ),
    );
    const cap = Math.min(20, Math.max(...all.map((g) => num(g, 'max_players') ?? 0)));
    const playerKeys = (g: GameJson): string[] => {
      const [lo, hi] = [num(g, 'min_players'), num(g, 'max_players')];
      if (lo === null || hi === null) return [];
      return Array.from({ length: cap }, (_, i) => i + 1)
        .filter((n) => lo <= n && n <= hi)
        .map(String);
    };
    expect(facets.players).toEqual(
      count(
        all.filter((g) => matches(g, ['players'])),
        playerKeys,
      ),
    );
    expect(Object.keys(facets).sort()).toEqual(['categories', 'mechanics', 'players', 'themes', 'type']);
  });

  it('leaves meta.facets out unless asked', async () => {
    expect((await ok(await post({ players: 2 }))).meta).not.toHaveProperty('facets');
  });

  it('sorts by any key and order, in separate or combined form', async () => {
    const byWeight = (dir: number) => (a: GameJson, b: GameJson) => {
      const [x, y] = [num(a, 'weight'), num(b, 'weight')];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        return dir * (x - y);
      }
      return a.id < b.id ? -1 : 1;
    };
    const asc = await searchAll({ sort: 'weight', order: 'asc', limit: 100 });
    expect(slugs(asc.items)).toEqual(slugs([...all].sort(byWeight(1))));
    const combined = await searchAll({ sort: 'weight_desc', limit: 100 });
    expect(slugs(combined.items)).toEqual(slugs([...all].sort(byWeight(-1))));
    expect(combined.pages[0].meta).toMatchObject({ sort: 'weight', order: 'desc' });
    const year = await ok(await post({ sort: 'year', limit: 3 }));
    expect(year.meta).toMatchObject({ sort: 'year_published', order: 'desc' });
  });

  it('pages forward and backward through the GET continuation links', async () => {
    const body = { type: ['base_game'], limit: 7, include: ['mechanics'] };
    const forward = await searchAll(body);
    expect(forward.pages.length).toBeGreaterThan(3);
    const expected = all.filter((g) => g.type === 'base_game').sort(byBayesDesc);
    expect(slugs(forward.items)).toEqual(slugs(expected));
    expect(forward.pages.every((p) => p.meta.total === expected.length && p.data.length <= 7)).toBe(true);
    // include travels with the links.
    expect(forward.pages[1]._links.self.href).toContain('include=mechanics');
    expect(forward.pages.every((p) => p.data.every((g) => Array.isArray(g.mechanics)))).toBe(true);

    const last = forward.pages[forward.pages.length - 1];
    expect(last.meta.has_more).toBe(false);
    expect(last._links.next).toBeUndefined();
    const backward: ListJson[] = [last];
    for (let href = last._links.prev?.href; href; href = backward[0]._links.prev?.href) {
      expect(href.startsWith('/v1/games/search?before=')).toBe(true);
      backward.unshift(await ok(await call(t.app, href)));
    }
    expect(backward.map((p) => slugs(p.data))).toEqual(forward.pages.map((p) => slugs(p.data)));
    expect(backward[0].meta.prev_cursor).toBeUndefined();
  });

  it('continues from a POSTed cursor when the filters agree, and refuses changed ones', async () => {
    const first = await ok(await post({ type: 'base_game', limit: 5 }));
    const cursor = first.meta.next_cursor!;
    const alone = await ok(await post({ cursor, limit: 5 }));
    const same = await ok(await post({ type: ['base_game'], cursor, limit: 5 }));
    const viaGet = await ok(await call(t.app, `/v1/games/search?cursor=${cursor}&limit=5`));
    expect(slugs(alone.data)).toEqual(slugs(same.data));
    expect(slugs(viaGet.data)).toEqual(slugs(same.data));
    expect(slugs(alone.data)).not.toEqual(slugs(first.data));
    const changed = await post({ type: 'expansion', cursor });
    expect(changed.status).toBe(400);
    expect((changed.body as { errors: { field: string; code: string }[] }).errors[0]).toMatchObject({
      field: 'cursor',
      code: 'invalid_cursor',
    });
    const resorted = await post({ type: 'base_game', sort: 'name', cursor });
    expect(resorted.status).toBe(400);
  });

  it('refuses a cursor of GET /v1/games, and GET /v1/games refuses a search cursor', async () => {
    const list = (await call(t.app, '/v1/games?limit=2')).body as ListJson;
    const listCursor = list.meta.next_cursor!;
    const searchCursor = (await ok(await post({ limit: 2 }))).meta.next_cursor!;
    for (const reply of [
      await call(t.app, `/v1/games/search?cursor=${listCursor}`),
      await post({ cursor: listCursor }),
      await call(t.app, `/v1/games?cursor=${searchCursor}`),
    ]) {
      expect(reply.status).toBe(400);
      expect((reply.body as { errors: { code: string }[] }).errors[0].code).toBe('invalid_cursor');
    }
  });
});

describe('POST /v1/games/search errors', () => {
  interface ProblemJson {
    type: string;
    title: string;
    status: number;
    detail: string;
    instance: string;
    errors?: { field: string; code: string; message: string }[];
  }
  const expectProblem = (reply: Reply, status: number, field?: string, code?: string): ProblemJson => {
    expect(reply.status, reply.text).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const body = reply.body as ProblemJson;
    expect(body.status).toBe(status);
    expect(body.type).toMatch(/^http:\/\/ludex\.test\/problems\//);
    expect(body.instance).toBe('/v1/games/search');
    if (field) expect(body.errors?.map((e) => e.field)).toContain(field);
    if (code) expect(body.errors?.map((e) => e.code)).toContain(code);
    return body;
  };

  it('413 for a body over 64 KiB', async () => {
    const big = JSON.stringify({ legacy_id: ['x'], pad: 'y'.repeat(70 * 1024) });
    const body = expectProblem(await post(big), 413);
    expect(body.type).toMatch(/payload-too-large$/);
  });

  it('415 unless the body is declared JSON', async () => {
    expectProblem(await post({ players: 2 }, { 'content-type': 'text/plain' }), 415);
    expectProblem(await post({ players: 2 }, { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    expectProblem(await call(t.app, '/v1/games/search', { method: 'POST', body: new Uint8Array([123, 125]) }), 415);
    expect((await post({ players: 2 }, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('400 for malformed JSON, an empty body and a body that is not an object', async () => {
    expectProblem(await post('{"players": 4,'), 400, 'body', 'malformed_json');
    expectProblem(await post(''), 400, 'body', 'malformed_json');
    for (const body of ['[1,2]', '"players"', '42', 'null', 'true'])
      expectProblem(await post(body), 400, 'body', 'invalid_type');
  });

  it('400 for unknown fields, naming the closest known one', async () => {
    const body = expectProblem(await post({ themez: ['space'] }), 400, 'themez', 'unknown_field');
    expect(body.errors?.[0].message).toMatch(/did you mean "theme"/);
    const nested = expectProblem(
      await post({ award: { slugg: 'spiel-des-jahres' } }),
      400,
      'award.slugg',
      'unknown_field',
    );
    expect(nested.errors?.[0].message).toMatch(/award\.slug/);
    expectProblem(await post({ zzzzzzzzzzzz: 1 }), 400, 'zzzzzzzzzzzz', 'unknown_field');
    for (const inherited of ['constructor', 'toString', 'valueOf'])
      expectProblem(await post({ [inherited]: 1 }), 400, inherited, 'unknown_field');
    expectProblem(await post('{"__proto__": {"players": 4}}'), 400, '__proto__', 'unknown_field');
  });

  it('400 for corpus and corpus_rating_min, saying they are aspirational', async () => {
    const corpus = expectProblem(await post({ corpus: 'archetype:eurogamer' }), 400, 'corpus', 'not_supported');
    expect(corpus.detail).toMatch(/aspirational/);
    expectProblem(await post({ players: 2, corpus_rating_min: 7 }), 400, 'corpus_rating_min', 'not_supported');
  });

  it('400 for wrong types, ranges, crossed bounds and duplicated filters', async () => {
    expectProblem(await post({ players: 'four' }), 400, 'players');
    expectProblem(await post({ players: '4' }), 400, 'players');
    expectProblem(await post({ weight_min: 6 }), 400, 'weight_min');
    expectProblem(await post({ weight_min: 4, weight_max: 2 }), 400, 'weight_min', 'invalid_range');
    expectProblem(await post({ effective: 'true' }), 400, 'effective');
    expectProblem(await post({ type: ['board'] }), 400, 'type');
    expectProblem(await post({ mechanics: [1] }), 400, 'mechanics');
    expectProblem(await post({ players_min: 2, min_players: 3 }), 400, 'min_players', 'duplicate_field');
    expectProblem(
      await post({ award: { slug: 'spiel-des-jahres' }, 'award.slug': 'spiel-des-jahres' }),
      400,
      'award.slug',
      'duplicate_field',
    );
    expectProblem(await post({ award: 'spiel-des-jahres' }), 400, 'award', 'invalid_type');
    expectProblem(await post({ 'award.result': 'lost' }), 400, 'award.result');
  });

  it('400 for bad list members: sort, order, limit, include, facets, cursor', async () => {
    expectProblem(await post({ sort: 'popularity' }), 400, 'sort');
    expectProblem(await post({ order: 'up' }), 400, 'order');
    expectProblem(await post({ sort: 'weight_asc', order: 'desc' }), 400, 'order', 'invalid_combination');
    expectProblem(await post({ limit: 0 }), 400, 'limit');
    expectProblem(await post({ limit: 101 }), 400, 'limit');
    expectProblem(await post({ limit: '10' }), 400, 'limit');
    expectProblem(await post({ include: ['editions'] }), 400, 'include');
    expectProblem(await post({ facets: ['weight'] }), 400, 'facets');
    expectProblem(await post({ facets: 'type' }), 400, 'facets');
    expectProblem(await post({ cursor: 'abc.def' }), 400, 'cursor', 'invalid_cursor');
    expectProblem(await post({ before: 7 }), 400, 'before');
  });

  it('reports every 400 at once, and a 422 only when nothing else is wrong', async () => {
    const many = expectProblem(await post({ themez: 1, players: 0, mechanics: ['no-such-mechanic'] }), 400);
    expect(many.errors?.map((e) => e.field).sort()).toEqual(['players', 'themez']);
    const body = expectProblem(
      await post({ mechanics: ['no-such-mechanic'], designer: 'nobody-at-all' }),
      422,
      'mechanics',
      'unknown_reference',
    );
    expect(body.errors?.map((e) => e.field)).toContain('designer');
    expectProblem(await post({ award: { slug: 'no-such-award' } }), 422, 'award.slug');
  });

  it('treats null members as not given', async () => {
    const withNulls = await ok(await post({ players: 4, theme: null, corpus: null, award: null, sort: 'name' }));
    const without = await ok(await post({ players: 4, sort: 'name' }));
    expect(slugs(withNulls.data)).toEqual(slugs(without.data));
  });

  it('GET /v1/games/search needs a cursor and takes nothing else but limit and include', async () => {
    const instance = (reply: Reply) => (reply.body as ProblemJson).instance;
    const bare = await call(t.app, '/v1/games/search');
    expect(bare.status).toBe(400);
    expect(instance(bare)).toBe('/v1/games/search');
    expect((bare.body as ProblemJson).errors?.[0]).toMatchObject({ field: 'cursor', code: 'required' });
    const cursor = (await ok(await post({ limit: 2 }))).meta.next_cursor!;
    const extra = await call(t.app, `/v1/games/search?cursor=${cursor}&players=4`);
    expect(extra.status).toBe(400);
    expect((extra.body as ProblemJson).errors?.[0]).toMatchObject({ field: 'players', code: 'unknown_parameter' });
    expect((await call(t.app, `/v1/games/search?cursor=${cursor}&limit=0`)).status).toBe(400);
    expect((await call(t.app, '/v1/games/search?cursor=abc.def')).status).toBe(400);
    const both = await call(t.app, `/v1/games/search?cursor=${cursor}&before=${cursor}`);
    expect((both.body as ProblemJson).errors?.[0]).toMatchObject({ field: 'before', code: 'invalid_combination' });
  });

  it('405 for other methods', async () => {
    const reply = await call(t.app, '/v1/games/search', { method: 'DELETE' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST, GET, HEAD');
  });
});

describe('search schemas', () => {
  it('convert to JSON Schema on both sides, for the OpenAPI document', () => {
    for (const [name, schema] of Object.entries(searchDocs)) {
      if (!(schema instanceof z.ZodType)) continue;
      for (const io of ['input', 'output'] as const) {
        expect(() => z.toJSONSchema(schema, { target: 'draft-2020-12', io }), `${name} (${io})`).not.toThrow();
      }
    }
  });

  it('describe the body members the server accepts: every filter, alias and list member', () => {
    const members = Object.keys(searchDocs.searchRequestDocSchema.shape);
    for (const name of [
      'players',
      'min_players',
      'best_at',
      'mechanics_all',
      'theme_not',
      'award',
      'award.slug',
      'facets',
      'cursor',
      'corpus',
    ]) {
      expect(members).toContain(name);
    }
  });
});
