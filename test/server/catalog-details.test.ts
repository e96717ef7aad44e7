// Detail views of the catalog: designers, artists, people, publishers, awards and families
// by slug or id; role views that 404 outside their role; unknown keys as 404 problems that
// name them; a family with its games, paged both ways like GET /v1/games?family=<slug>.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistSchema,
  awardSchema,
  designerSchema,
  familyListSchema,
  familySchema,
  personListSchema,
  personSchema,
  publisherSchema,
} from '../../server/schemas/catalog-responses.js';
import { call, collect, demoApp, type TestApp } from '../helpers/app.js';
import { pages, type EntityJson } from './catalog-helpers.js';

let t: TestApp;
let people: EntityJson[];

beforeAll(async () => {
  t = await demoApp();
  people = (await pages(t.app, '/v1/people?limit=100', personListSchema)).flatMap((p) => p.data);
});
afterAll(async () => t.close());

async function ok(path: string): Promise<unknown> {
  const reply = await call(t.app, path);
  expect(reply.status, `${path}: ${reply.text}`).toBe(200);
  return reply.body;
}

async function problem(path: string, status: number): Promise<{ detail: string; type: string; instance: string }> {
  const reply = await call(t.app, path);
  expect(reply.status, path).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  return reply.body as { detail: string; type: string; instance: string };
}

describe('designers and artists', () => {
  it('show the designer by slug or id (any case), with description and links', async () => {
    const listed = ((await ok('/v1/designers?sort=game_count&limit=1')) as { data: EntityJson[] }).data[0];
    const bySlug = designerSchema.parse(await ok(`/v1/designers/${listed.slug}`));
    expect(bySlug).toEqual(listed);
    expect(await ok(`/v1/designers/${listed.id.toUpperCase()}`)).toEqual(listed);
    expect(bySlug).toHaveProperty('description');
    expect(bySlug._links).toEqual({
      self: { href: `/v1/designers/${listed.slug}` },
      games: { href: `/v1/games?designer=${listed.slug}` },
      person: { href: `/v1/people/${listed.slug}` },
    });
  });

  it('show an artist without description', async () => {
    const listed = ((await ok('/v1/artists?limit=1')) as { data: EntityJson[] }).data[0];
    const artist = artistSchema.parse(await ok(`/v1/artists/${listed.slug}`));
    expect(artist).not.toHaveProperty('description');
    expect(artist.game_count).toBeGreaterThan(0);
  });

  it('answer 404 for a person outside the role, pointing at the person', async () => {
    const notDesigner = people.find((p) => (p.roles as Record<string, number>).designer === undefined);
    const notArtist = people.find((p) => (p.roles as Record<string, number>).artist === undefined);
    expect(notDesigner).toBeDefined();
    expect(notArtist).toBeDefined();
    const designer404 = await problem(`/v1/designers/${notDesigner?.slug}`, 404);
    expect(designer404.detail).toContain(`/v1/people/${notDesigner?.slug}`);
    expect((await problem(`/v1/artists/${notArtist?.id}`, 404)).detail).toContain('not credited as artist');
  });

  it('role views of one person agree with the person', async () => {
    const both = people.find((p) => {
      const roles = p.roles as Record<string, number>;
      return roles.designer !== undefined && roles.artist !== undefined;
    });
    const roles = (both?.roles ?? {}) as Record<string, number>;
    expect(((await ok(`/v1/designers/${both?.slug}`)) as EntityJson).game_count).toBe(roles.designer);
    expect(((await ok(`/v1/artists/${both?.slug}`)) as EntityJson).game_count).toBe(roles.artist);
    expect(both?._links).toMatchObject({
      designer: { href: `/v1/designers/${both?.slug}` },
      artist: { href: `/v1/artists/${both?.slug}` },
    });
  });
});

describe('people, publishers, awards', () => {
  it('show a person with every role', async () => {
    const person = personSchema.parse(await ok(`/v1/people/${people[0].id}`));
    expect(person).toEqual(people[0]);
    expect(person.game_count).toBeGreaterThanOrEqual(Math.max(0, ...Object.values(person.roles)));
  });

  it('show a publisher with country and website', async () => {
    const publisher = publisherSchema.parse(await ok('/v1/publishers/2f-spiele'));
    expect(publisher).toMatchObject({ slug: '2f-spiele', name: '2F-Spiele', country: 'DE' });
    expect(await ok(`/v1/publishers/${publisher.id}`)).toEqual(publisher);
  });

  it('show an award with organization and website, its games through award.slug', async () => {
    const award = awardSchema.parse(await ok('/v1/awards/spiel-des-jahres'));
    expect(award).toMatchObject({
      name: 'Spiel des Jahres',
      organization: 'Spiel des Jahres e.V.',
      website: 'https://www.spiel-des-jahres.de',
    });
    expect(award._links.games.href).toBe('/v1/games?award.slug=spiel-des-jahres');
    const games = await collect(t.app, `${award._links.games.href}&limit=7`);
    expect(games.items).toHaveLength(award.game_count);
    expect(award.game_count).toBeGreaterThan(1);
    expect(await ok(`/v1/awards/${award.id}`)).toEqual(award);
  });

  it.each([
    ['/v1/awards/no-such-award', 'No award with id or slug "no-such-award".'],
    ['/v1/publishers/no-such-publisher', 'No publisher with id or slug "no-such-publisher".'],
    [
      '/v1/people/00000000-0000-7000-8000-000000000000',
      'No person with id or slug "00000000-0000-7000-8000-000000000000".',
    ],
    ['/v1/designers/nobody', 'No designer with id or slug "nobody".'],
    ['/v1/artists/nobody', 'No artist with id or slug "nobody".'],
    ['/v1/mechanics/no-such-mechanic', 'No mechanic with slug, alias or id "no-such-mechanic".'],
    ['/v1/categories/x', 'No category with slug, alias or id "x".'],
    ['/v1/themes/x', 'No theme with slug, alias or id "x".'],
    ['/v1/families/no-such-family', 'No family with slug or id "no-such-family".'],
  ])('%s is a 404 naming what was asked for', async (path, detail) => {
    const body = await problem(path, 404);
    expect(body.detail).toBe(detail);
    expect(body.instance).toBe(path);
    expect(body.type).toMatch(/\/problems\/not-found$/);
  });

  it.each([
    '/v1/awards/spiel-des-jahres?include=games',
    '/v1/people/reiner-knizia?role=designer',
    '/v1/mechanics/dice-rolling?limit=5',
  ])('%s: a detail view takes no parameters (400)', async (path) => {
    await problem(path, 400);
  });
});

describe('GET /v1/families/{slug}', () => {
  interface FamilyJson {
    id: string;
    slug: string;
    game_count: number;
    games: { slug: string; matched_via: unknown }[];
    meta: { total: number; limit: number; has_more: boolean; next_cursor?: string; prev_cursor?: string };
    _links: { self: { href: string }; games: { href: string }; next?: { href: string }; prev?: { href: string } };
  }

  async function familyPages(path: string): Promise<FamilyJson[]> {
    const out: FamilyJson[] = [];
    let href: string | undefined = path;
    while (href) {
      const page = familySchema.parse(await ok(href)) as FamilyJson;
      out.push(page);
      href = page._links.next?.href;
      if (out.length > 200) throw new Error('family paging does not end');
    }
    return out;
  }

  it('carries every family game once, as GET /v1/games?family= lists them, forward and backward', async () => {
    const families = (await pages(t.app, '/v1/families?limit=100', familyListSchema)).flatMap((p) => p.data);
    let paged = 0;
    for (const family of families) {
      const forward = await familyPages(`/v1/families/${family.slug}?limit=2`);
      const expected = (await collect(t.app, `/v1/games?family=${family.slug}&limit=100`)).items.map((g) => g.slug);
      expect(forward.flatMap((p) => p.games.map((g) => g.slug))).toEqual(expected);
      expect(forward[0]).toMatchObject({ id: family.id, slug: family.slug, game_count: expected.length });
      expect(forward[0].meta.total).toBe(expected.length);
      expect(forward[0]._links.games.href).toBe(`/v1/games?family=${family.slug}`);
      for (const page of forward) for (const game of page.games) expect(game.matched_via).toBeNull();
      if (forward.length > 1) {
        paged++;
        const backward: FamilyJson[] = [forward[forward.length - 1]];
        let href = backward[0]._links.prev?.href;
        while (href) {
          const page = familySchema.parse(await ok(href)) as FamilyJson;
          backward.unshift(page);
          href = page._links.prev?.href;
        }
        expect(backward.map((p) => p.games.map((g) => g.slug))).toEqual(forward.map((p) => p.games.map((g) => g.slug)));
      }
    }
    expect(paged).toBeGreaterThan(3);
  });

  it('answers by id too, and sorts its games as /v1/games does', async () => {
    const bySlug = familySchema.parse(await ok('/v1/families/7-wonders?sort=rating&limit=100')) as FamilyJson;
    const byId = familySchema.parse(await ok(`/v1/families/${bySlug.id}?sort=rating&limit=100`)) as FamilyJson;
    expect(byId.games).toEqual(bySlug.games);
    const games = (await collect(t.app, '/v1/games?family=7-wonders&sort=rating&limit=100')).items;
    expect(bySlug.games.map((g) => g.slug)).toEqual(games.map((g) => g.slug));
  });

  it('refuses a cursor of another family or another list, and bad parameters', async () => {
    const page = familySchema.parse(await ok('/v1/families/7-wonders?limit=1')) as FamilyJson;
    const cursor = page.meta.next_cursor;
    expect(cursor).toBeDefined();
    const other = (await pages(t.app, '/v1/families?sort=game_count&limit=2', familyListSchema))[0].data.find(
      (f) => f.slug !== '7-wonders',
    );
    await problem(`/v1/families/${other?.slug}?cursor=${cursor}`, 400);
    await problem(`/v1/games?cursor=${cursor}`, 400);
    await problem(`/v1/families/7-wonders?sort=rating&cursor=${cursor}`, 400);
    expect(((await ok(`/v1/families/7-wonders?cursor=${cursor}&limit=1`)) as FamilyJson).games).toHaveLength(1);
    await problem('/v1/families/7-wonders?limit=0', 400);
    await problem('/v1/families/7-wonders?sort=popularity', 400);
    await problem('/v1/families/7-wonders?type=expansion', 400);
  });
});

describe('links from games', () => {
  it('every catalog link a game embeds answers 200 with the entity it names', async () => {
    const include = 'designers,artists,publishers,families,credits,awards';
    const games = (await collect(t.app, `/v1/games?limit=100&include=${include}`)).items;
    const links = new Map<string, string>();
    for (const game of games) {
      for (const member of ['designers', 'artists', 'publishers', 'families']) {
        for (const ref of game[member] as { slug: string; _links: { self: { href: string } } }[])
          links.set(ref._links.self.href, ref.slug);
      }
      for (const c of game.credits as { person_slug: string; _links: { person: { href: string } } }[])
        links.set(c._links.person.href, c.person_slug);
      for (const a of game.awards as { award_slug: string; _links: { award: { href: string } } }[])
        links.set(a._links.award.href, a.award_slug);
    }
    expect(links.size).toBeGreaterThan(100);
    for (const [href, slug] of links) expect(((await ok(href)) as { slug: string }).slug, href).toBe(slug);
  });
});
