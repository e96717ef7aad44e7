// Game JSON fragments (server/present/game-fragments.ts): pages joined from cached fragments
// (as strings, or as bytes for a page of whole games) must be byte for byte the
// JSON.stringify of the presented objects, the cache must belong to one Dataset (a reload
// never serves an old game), and it must stay within its cap.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_JSON_FIELDS, type DatasetApi } from '../../engine/index.js';
import { loadDataset } from '../../server/dataset-loader.js';
import { FragmentCache, fragmentsOf } from '../../server/present/game-fragments.js';
import { gameJson, gameJsonWith, gameObject } from '../../server/present/game-json.js';
import { call, demoApp, type ListJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
let nullGameId: string;
const NULLABLE_STORED = GAME_JSON_FIELDS.filter((f) => f.nullable && f.store === 'games').map((f) => f.name);

beforeAll(async () => {
  t = await demoApp();
  // The demo catalogue leaves these optional fields unset: give two games each of them,
  // with text JSON must escape, so every field is covered set and unset
  const [a, b, c] = await t.store.all<{ id: string }>('SELECT id FROM games ORDER BY id LIMIT 3');
  await t.store.run(
    `UPDATE games SET release_date = DATE '2021-03-04', image_url = ?, thumbnail_url = ? WHERE id IN (?, ?)`,
    ['https://img.example/ü "box"\\1.png', 'https://img.example/thumb\u2028✓.png', a.id, b.id],
  );
  // and one game with every nullable field the games table holds unset
  const columns = NULLABLE_STORED.map((name) => `${name} = NULL`).join(', ');
  await t.store.run(`UPDATE games SET ${columns} WHERE id = ?`, [c.id]);
  nullGameId = c.id;
  t.state.swap(await loadDataset(t.store));
});
afterAll(async () => t.close());

/**
 * The body a list route should send, rebuilt without any cache: each item is a freshly
 * presented Game object (JSON.stringify'd in one go with the page) followed by the members
 * the route adds (matched_via, score, embeds), in the order the answer has them.
 */
function expectedBody(dataset: DatasetApi, page: ListJson, fields?: readonly string[]): string {
  const data = page.data.map((item) => {
    const row = dataset.row(String(item.id));
    if (row === undefined) throw new Error(`no row for ${String(item.id)}`);
    const game = gameObject(dataset, row);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(game)) if (fields === undefined || fields.includes(key)) out[key] = game[key];
    for (const key of Object.keys(item)) if (!Object.hasOwn(game, key)) out[key] = item[key];
    return out;
  });
  return JSON.stringify({ data, meta: page.meta, _links: page._links });
}

/** Every page of `path` (following next), each checked against its uncached rebuild. */
async function checkPages(path: string, init?: RequestInit, fields?: readonly string[]): Promise<number> {
  let href: string | undefined = path;
  let games = 0;
  for (let pages = 0; href !== undefined && pages < 50; pages++) {
    const reply = await call(t.app, href, pages === 0 ? init : undefined);
    expect(reply.status, reply.text).toBe(200);
    const page = reply.body as ListJson;
    expect(reply.text).toBe(expectedBody(t.state.current, page, fields));
    games += page.data.length;
    href = page._links.next?.href;
  }
  return games;
}

describe('game JSON fragments', () => {
  it('the demo catalogue covers what a fragment must carry: nulls, non-ASCII text, expansions, every field set', () => {
    const dataset = t.state.current;
    const games = Array.from({ length: dataset.size }, (_, row) => gameObject(dataset, row));
    expect(games.some((g) => Object.values(g).includes(null))).toBe(true);
    expect(games.some((g) => /[^\x20-\x7e]/.test(JSON.stringify(g)))).toBe(true);
    expect(games.some((g) => g.parent_game_id !== null)).toBe(true);
    const neverSet = GAME_JSON_FIELDS.map((f) => f.name).filter((name) =>
      games.every((g) => g[name] === null || g[name] === undefined),
    );
    expect(neverSet).toEqual([]);
    const unset = games.find((g) => g.id === nullGameId);
    expect(NULLABLE_STORED.length).toBeGreaterThan(10);
    expect(NULLABLE_STORED.filter((name) => unset?.[name] !== null)).toEqual([]);
  });

  it('every game: the cached JSON is JSON.stringify of the presented object, first and second time', () => {
    const dataset = t.state.current;
    for (let row = 0; row < dataset.size; row++) {
      const fresh = JSON.stringify(gameObject(dataset, row));
      expect(gameJson(dataset, row)).toBe(fresh);
      expect(gameJson(dataset, row)).toBe(fresh);
      const extra: [string, unknown][] = [
        ['matched_via', row % 2 === 0 ? null : 'name'],
        ['note', 'é "quoted" \u2028 ✓'],
        ['missing', undefined],
      ];
      expect(gameJsonWith(dataset, row, extra)).toBe(
        JSON.stringify({ ...gameObject(dataset, row), matched_via: extra[0][1], note: extra[1][1], missing: null }),
      );
    }
  });

  it('GET /v1/games pages are the byte-for-byte JSON of the presented games, across sorts, embeds and cursors', async () => {
    let games = 0;
    for (const path of [
      '/v1/games?limit=100',
      '/v1/games?sort=bayes_rating&order=desc&limit=17',
      '/v1/games?type=expansion&limit=10',
      '/v1/games?players=4&sort=weight&limit=7&include=expansions,mechanics,designers',
      '/v1/games?include=stats,categories,themes,families,artists,publishers&limit=30',
      '/v1/games?effective=true&players=5&limit=20',
    ]) {
      games += await checkPages(path);
    }
    expect(games).toBeGreaterThan(400);
    // a page reached backwards (prev) as well
    const second = (await call(t.app, '/v1/games?limit=5')).body as ListJson;
    const next = (await call(t.app, String(second._links.next?.href))).body as ListJson;
    expect(next._links.prev).toBeDefined();
    await checkPages(String(next._links.prev?.href));
  });

  it('fields= selections and the search routes give the same bytes as the presented objects', async () => {
    await checkPages('/v1/games?fields=name,weight,_links&limit=40', undefined, ['id', 'name', 'weight', '_links']);
    await checkPages('/v1/games/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ players: 3, sort: 'rating', order: 'desc', limit: 9, include: ['mechanics'] }),
    });
    await checkPages('/v1/search?q=catan&limit=10');
  });

  it('a reloaded Dataset never serves a fragment of the old one', async () => {
    // rating order: the rename does not move the game
    const path = '/v1/games?sort=rating&order=desc&limit=100';
    const before = (await call(t.app, path)).body as ListJson;
    const target = before.data[3];
    await t.store.run('UPDATE games SET name = ? WHERE id = ?', ['Renamed «Ünïcode» Game', String(target.id)]);
    const old = t.state.current;
    try {
      t.state.swap(await loadDataset(t.store));
      const after = await call(t.app, `/v1/games/${String(target.id)}`);
      expect((after.body as { name: string }).name).toBe('Renamed «Ünïcode» Game');
      const list = await call(t.app, path);
      const renamed = (list.body as ListJson).data.find((g) => g.id === target.id);
      expect(renamed?.name).toBe('Renamed «Ünïcode» Game');
      expect(list.text).toBe(expectedBody(t.state.current, list.body as ListJson));
      expect(fragmentsOf(old, unused)).not.toBe(fragmentsOf(t.state.current, unused));
    } finally {
      await t.store.run('UPDATE games SET name = ? WHERE id = ?', [String(target.name), String(target.id)]);
      t.state.swap(old);
    }
  });
});

/** A builder for fragmentsOf calls that only look the cache up (the app made it already). */
const unused = (): string => {
  throw new Error('the cache exists already');
};

describe('FragmentCache', () => {
  it('builds a row once, keeps at most `cap` rows and evicts the oldest first', () => {
    const built: number[] = [];
    const build = (row: number): string => {
      built.push(row);
      return `{"row":${row}`;
    };
    const cache = new FragmentCache(build, 3);
    for (const row of [1, 2, 3, 1, 2, 3]) expect(cache.fragment(row)).toBe(`{"row":${row}`);
    expect(built).toEqual([1, 2, 3]);
    cache.fragment(4); // evicts 1, the oldest
    expect(cache.size).toBe(3);
    cache.fragment(2);
    cache.fragment(1); // rebuilt; evicts 2, the oldest left
    expect(built).toEqual([1, 2, 3, 4, 1]);
    expect(cache.size).toBe(3);
    cache.fragment(3); // 2 went when 1 came back; 3 is still there
    expect(built).toEqual([1, 2, 3, 4, 1]);
    cache.fragment(2);
    expect(built).toEqual([1, 2, 3, 4, 1, 2]);
    expect(cache.size).toBe(3);
  });

  it('keeps each fragment’s UTF-8 bytes the same way: built once from the fragment, at most `cap` rows', () => {
    const built: number[] = [];
    const build = (row: number): string => {
      built.push(row);
      return `{"name":"Ünïcode ${row} ✓"`;
    };
    const cache = new FragmentCache(build, 2);
    const first = cache.bytes(1);
    expect(first.equals(Buffer.from('{"name":"Ünïcode 1 ✓"'))).toBe(true);
    expect(cache.bytes(1)).toBe(first);
    expect(built).toEqual([1]);
    cache.bytes(2);
    cache.bytes(3); // evicts 1's bytes
    cache.bytes(1); // its string went too (the same cap): built again
    expect(built).toEqual([1, 2, 3, 1]);
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => new FragmentCache(String, 0)).toThrow(RangeError);
    expect(() => new FragmentCache(String, 1.5)).toThrow(RangeError);
  });
});
