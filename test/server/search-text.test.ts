// GET /v1/search against the demo catalog: alternate names in non-Latin scripts, prefixes
// without diacritics or in another case, scores, the type filter, paging, and errors.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../server/dataset-loader.js';
import { textSearchResponseSchema } from '../../server/schemas/search-docs.js';
import { call, demoApp, type GameJson, type ListJson, type Reply, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

type ScoredGame = GameJson & { score: number };
type TextPage = Omit<ListJson, 'data'> & { data: ScoredGame[] };

async function search(query: string): Promise<TextPage> {
  const reply = await call(t.app, `/v1/search?${query}`);
  expect(reply.status, reply.text).toBe(200);
  textSearchResponseSchema.parse(reply.body);
  return reply.body as TextPage;
}
const q = (text: string, rest = '') => search(`q=${encodeURIComponent(text)}${rest}`);
const slugs = (page: TextPage) => page.data.map((g) => g.slug);

describe('GET /v1/search', () => {
  it('finds games by alternate names in non-Latin scripts, substrings included', async () => {
    // Catan: カタン (ja), 卡坦岛 (zh), 카탄 (ko), Колонизаторы (ru); Carcassonne: 카르카손 (ko).
    expect(slugs(await q('カタン'))).toContain('catan');
    expect(slugs(await q('カタ'))).toContain('catan');
    expect(slugs(await q('坦岛'))).toContain('catan');
    expect(slugs(await q('카르카'))).toContain('carcassonne');
    expect(slugs(await q('Колониз'))).toContain('catan');
    expect(slugs(await q('колонизаторы'))).toContain('catan');
    const mars = await q('火星');
    expect(slugs(mars)).toContain('terraforming-mars');
  });

  it('finds a name with diacritics from a prefix without them, in any case', async () => {
    for (const text of ['orle', 'Orle', 'ORLÉ', 'orléans']) expect(slugs(await q(text)), text).toContain('orleans');
    expect(slugs(await q('CATA'))).toContain('catan');
  });

  it('scores 0..1, an exact name 1, best first, each game a list Game with matched_via null', async () => {
    const page = await q('Catan');
    expect(page.data[0]).toMatchObject({ slug: 'catan', score: 1 });
    expect(page.data.length).toBeGreaterThan(3);
    const scores = page.data.map((g) => g.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const g of page.data) {
      expect(g.score).toBeGreaterThan(0);
      expect(g.score).toBeLessThanOrEqual(1);
      expect(g.matched_via).toBeNull();
      expect((g._links as { self: { href: string } }).self.href).toBe(`/v1/games/${g.slug}`);
    }
    expect(page.meta).toMatchObject({ total: page.data.length, q: 'Catan', has_more: false });
  });

  it('narrows by game type', async () => {
    const every = await q('catan', '&limit=100');
    const expansions = await q('catan', '&type=expansion&limit=100');
    expect(expansions.data.length).toBeGreaterThan(0);
    expect(slugs(expansions)).toEqual(slugs(every).filter((_, i) => every.data[i].type === 'expansion'));
    const two = await q('catan', '&type=base_game,expansion&limit=100');
    expect(slugs(two)).toEqual(slugs(every).filter((_, i) => ['base_game', 'expansion'].includes(every.data[i].type)));
    expect(two.meta.type).toEqual(['base_game', 'expansion']);
  });

  it('pages forward and backward by rank, keeping q, type and include in the links', async () => {
    const whole = await q('catan', '&limit=100');
    expect(whole.meta.total).toBeGreaterThan(4);
    const pages = [await q('catan', '&limit=2&include=mechanics')];
    for (let href = pages[0]._links.next?.href; href; href = pages[pages.length - 1]._links.next?.href) {
      expect(href).toMatch(/^\/v1\/search\?cursor=.*&q=catan&include=mechanics$/);
      pages.push(await search(href.slice('/v1/search?'.length)));
    }
    expect(pages.flatMap((p) => slugs(p))).toEqual(slugs(whole));
    expect(pages.every((p) => p.data.every((g) => Array.isArray(g.mechanics)))).toBe(true);
    const back = [pages[pages.length - 1]];
    for (let href = back[0]._links.prev?.href; href; href = back[0]._links.prev?.href)
      back.unshift(await search(href.slice('/v1/search?'.length)));
    expect(back.map(slugs)).toEqual(pages.map(slugs));
  });

  it("continues after the cursor's game where a reloaded Dataset ranks it now, not at the rank it stored", async () => {
    const first = await q('catan', '&limit=2');
    const [renamed, anchor] = first.data;
    const next = first._links.next?.href.slice('/v1/search?'.length);
    expect(next).toBeDefined();
    // The best match loses its name match: it falls to a later tier and the cursor's game moves up.
    await t.store.run('UPDATE games SET name = ? WHERE id = ?', ['Zzyzx Island', String(renamed.id)]);
    const old = t.state.current;
    try {
      t.state.swap(await loadDataset(t.store));
      const whole = slugs(await q('catan', '&limit=100'));
      const at = whole.indexOf(String(anchor.slug));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).not.toBe(1);
      expect(slugs(await search(next ?? ''))).toEqual(whole.slice(at + 1, at + 3));
    } finally {
      await t.store.run('UPDATE games SET name = ? WHERE id = ?', [String(renamed.name), String(renamed.id)]);
      t.state.swap(old);
    }
  });

  it('binds a cursor to its q and type and to this listing', async () => {
    const first = await q('catan', '&limit=1');
    const cursor = first.meta.next_cursor!;
    const refuse = async (path: string) => {
      const reply: Reply = await call(t.app, path);
      expect(reply.status, path).toBe(400);
      expect((reply.body as { errors: { field: string; code: string }[] }).errors[0].code).toBe('invalid_cursor');
    };
    await refuse(`/v1/search?q=carcassonne&cursor=${cursor}`);
    await refuse(`/v1/search?q=catan&type=expansion&cursor=${cursor}`);
    await refuse(`/v1/games?cursor=${cursor}`);
    const listCursor = ((await call(t.app, '/v1/games?limit=1')).body as ListJson).meta.next_cursor!;
    await refuse(`/v1/search?q=catan&cursor=${listCursor}`);
  });

  it('answers 400 naming q when it is missing or shorter than 2 characters, and for other bad parameters', async () => {
    const expectField = async (path: string, field: string) => {
      const reply = await call(t.app, path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      const body = reply.body as { instance: string; errors: { field: string }[] };
      expect(body.instance).toBe('/v1/search');
      expect(body.errors.map((e) => e.field)).toContain(field);
    };
    await expectField('/v1/search', 'q');
    await expectField('/v1/search?q=', 'q');
    await expectField('/v1/search?q=a', 'q');
    await expectField('/v1/search?q=%20a%20', 'q');
    await expectField(`/v1/search?q=${'x'.repeat(201)}`, 'q');
    await expectField('/v1/search?q=catan&type=board', 'type');
    await expectField('/v1/search?q=catan&limit=0', 'limit');
    await expectField('/v1/search?q=catan&include=editions', 'include');
    const typo = await call(t.app, '/v1/search?query=catan');
    expect(JSON.stringify(typo.body)).toMatch(/query.*unknown_parameter|unknown_parameter.*query/);
    await expectField('/v1/search?q=catan&sort=name', 'sort');
  });

  it('answers an empty list for text that matches nothing', async () => {
    const page = await q('zzqxv');
    expect(page.data).toEqual([]);
    expect(page.meta.total).toBe(0);
    expect(page._links.next).toBeUndefined();
  });
});
