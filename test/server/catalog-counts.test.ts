// game_count of every catalog entity against the games endpoint: equal to the total of the
// filtered games list it links to, and to a tally over every game's embedded relations.
// Aliases of taxonomy terms answer the canonical term.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personSchema, termSchema } from '../../server/schemas/catalog-responses.js';
import { call, collect, demoApp, type GameJson, type TestApp } from '../helpers/app.js';
import { gamesTotal, LISTS, pages, type EntityJson } from './catalog-helpers.js';

let t: TestApp;
let games: GameJson[];
const lists = new Map<string, EntityJson[]>();

beforeAll(async () => {
  t = await demoApp();
  const include = 'mechanics,categories,themes,designers,artists,publishers,families,awards,credits';
  games = (await collect(t.app, `/v1/games?limit=100&include=${include}`)).items;
  for (const list of LISTS)
    lists.set(
      list.path,
      (await pages(t.app, `${list.path}?limit=100`, list.schema)).flatMap((p) => p.data),
    );
});
afterAll(async () => t.close());

/** Per slug, the number of distinct games whose embedded `member` names it. */
function tally(
  member: string,
  slugOf: (item: Record<string, unknown>) => string = (i) => String(i.slug),
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const game of games) {
    const slugs = new Set((game[member] as Record<string, unknown>[]).map(slugOf));
    for (const slug of slugs) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return counts;
}

describe('game_count', () => {
  it.each(LISTS.filter((l) => l.filter !== undefined))(
    'of every entity of $path equals its games list total',
    async (list) => {
      const all = lists.get(list.path) ?? [];
      for (const entity of all) {
        const query = new URLSearchParams({ [list.filter ?? '']: entity.slug }).toString();
        expect(entity.game_count, `${list.path}/${entity.slug}`).toBe(await gamesTotal(t.app, query));
      }
      expect(all.some((e) => e.game_count > 0)).toBe(true);
    },
  );

  it.each([
    ['/v1/mechanics', 'mechanics'],
    ['/v1/categories', 'categories'],
    ['/v1/themes', 'themes'],
    ['/v1/designers', 'designers'],
    ['/v1/artists', 'artists'],
    ['/v1/publishers', 'publishers'],
    ['/v1/families', 'families'],
  ])('of %s equals a tally of the games embedding it (%s)', (path, member) => {
    const counts = tally(member);
    for (const entity of lists.get(path) ?? [])
      expect(entity.game_count, entity.slug).toBe(counts.get(entity.slug) ?? 0);
    // Every designer, artist... with a game is listed; taxonomy lists also hold unused terms.
    expect([...counts.keys()].every((slug) => (lists.get(path) ?? []).some((e) => e.slug === slug))).toBe(true);
  });

  it('of an award counts distinct games with any result', () => {
    const counts = tally('awards', (a) => String(a.award_slug));
    for (const award of lists.get('/v1/awards') ?? []) expect(award.game_count).toBe(counts.get(award.slug) ?? 0);
    expect((lists.get('/v1/awards') ?? []).some((a) => a.game_count > 1)).toBe(true);
  });

  it('of a person counts distinct games over every role, with per-role counts', async () => {
    const perRole = new Map<string, Map<string, Set<string>>>();
    for (const game of games) {
      for (const credit of game.credits as { person_slug: string; role: string }[]) {
        let roles = perRole.get(credit.person_slug);
        if (!roles) {
          roles = new Map();
          perRole.set(credit.person_slug, roles);
        }
        let ids = roles.get(credit.role);
        if (!ids) {
          ids = new Set();
          roles.set(credit.role, ids);
        }
        ids.add(game.id);
      }
    }
    const people = lists.get('/v1/people') ?? [];
    expect(people.length).toBeGreaterThanOrEqual(perRole.size);
    let multiRole = 0;
    for (const person of people) {
      const roles = perRole.get(person.slug) ?? new Map<string, Set<string>>();
      const expected = Object.fromEntries([...roles].map(([role, ids]) => [role, ids.size]));
      expect(person.roles, person.slug).toEqual(expected);
      expect(person.game_count).toBe(new Set([...roles.values()].flatMap((ids) => [...ids])).size);
      if (roles.size > 1) multiRole++;
      const detail = await call(t.app, `/v1/people/${person.slug}`);
      expect(personSchema.parse(detail.body)).toEqual(person);
    }
    expect(multiRole).toBeGreaterThan(0);
  });
});

describe('taxonomy aliases', () => {
  it.each([
    ['mechanics', 'area-majority', 'area-control', 'mechanics'],
    ['mechanics', 'drafting', 'card-drafting', 'mechanics'],
  ])('/v1/%s/%s answers the canonical %s', async (segment, alias, canonical, filter) => {
    const reply = await call(t.app, `/v1/${segment}/${alias}`);
    expect(reply.status, reply.text).toBe(200);
    const term = termSchema.parse(reply.body);
    expect(term.slug).toBe(canonical);
    expect(term.aliases).toContain(alias);
    expect(term._links.self.href).toBe(`/v1/${segment}/${canonical}`);
    expect(term.game_count).toBe(await gamesTotal(t.app, `${filter}=${alias}`));
    expect(term.game_count).toBeGreaterThan(0);
  });

  it('resolves every alias of every term of every kind', async () => {
    let checked = 0;
    for (const segment of ['mechanics', 'categories', 'themes']) {
      for (const term of lists.get(`/v1/${segment}`) ?? []) {
        for (const alias of term.aliases as string[]) {
          const reply = await call(t.app, `/v1/${segment}/${alias}`);
          expect((reply.body as EntityJson).id, `${segment}/${alias}`).toBe(term.id);
          checked++;
        }
        const byId = await call(t.app, `/v1/${segment}/${term.id.toUpperCase()}`);
        expect((byId.body as EntityJson).slug).toBe(term.slug);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('keeps each kind to its own vocabulary, and parents name terms of the same kind', async () => {
    const themes = lists.get('/v1/themes') ?? [];
    const themeKeys = new Set(themes.flatMap((th) => [th.slug, ...(th.aliases as string[])]));
    const mechanic = (lists.get('/v1/mechanics') ?? []).find((m) => !themeKeys.has(m.slug));
    expect((await call(t.app, `/v1/themes/${mechanic?.slug}`)).status).toBe(404);
    expect((await call(t.app, `/v1/mechanics/eurogame`)).status).toBe(404);
    expect((await call(t.app, `/v1/categories/eurogame`)).body).toMatchObject({ slug: 'euro', kind: 'category' });
    const children = (lists.get('/v1/mechanics') ?? []).filter((m) => m.parent !== null);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) {
      const parent = await call(t.app, `/v1/mechanics/${String(child.parent)}`);
      expect(parent.status, `parent of ${child.slug}`).toBe(200);
      expect((parent.body as EntityJson).slug).toBe(child.parent);
    }
  });
});
