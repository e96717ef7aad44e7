// Entity lists (taxonomy, designers, artists, people, publishers, awards, families): every
// item once, in name order or by game_count, forward and backward through every page, and
// every bad parameter a 400 problem.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortName } from '../../engine/index.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';
import { LISTS, pages, pagesBackward, slugsOf, type EntityJson } from './catalog-helpers.js';

let t: TestApp;
/** Every list, all items in default order, fetched in pages of 7. */
const everything = new Map<string, EntityJson[]>();

beforeAll(async () => {
  t = await demoApp();
  for (const list of LISTS)
    everything.set(
      list.path,
      (await pages(t.app, `${list.path}?limit=7`, list.schema)).flatMap((p) => p.data),
    );
});
afterAll(async () => t.close());

function byNameThenId(a: EntityJson, b: EntityJson): number {
  const an = sortName(a.name);
  const bn = sortName(b.name);
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe.each(LISTS)('GET $path', (list) => {
  it('lists every entity once, by name then id, with its links', () => {
    const all = everything.get(list.path) ?? [];
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all).toEqual([...all].sort(byNameThenId));
    for (const e of all) {
      expect(e._links.self.href).toBe(`${list.path}/${e.slug}`);
      if (list.filter) expect(e._links.games.href).toBe(`/v1/games?${new URLSearchParams({ [list.filter]: e.slug })}`);
    }
  });

  it('answers 25 by default with the total, and the same pages backwards', async () => {
    const first = await call(t.app, list.path);
    const page = first.body as {
      data: EntityJson[];
      meta: { total: number; limit: number; has_more: boolean; sort: string; order: string };
    };
    const all = everything.get(list.path) ?? [];
    expect(page.meta).toMatchObject({
      total: all.length,
      limit: 25,
      has_more: all.length > 25,
      sort: 'name',
      order: 'asc',
    });
    expect(slugsOf(page.data)).toEqual(slugsOf(all.slice(0, 25)));

    const forward = await pages(t.app, `${list.path}?limit=4`, list.schema);
    const last = forward[forward.length - 1];
    expect(last.meta.has_more).toBe(false);
    expect(last.meta.next_cursor).toBeUndefined();
    expect(forward[0].meta.prev_cursor).toBeUndefined();
    const backward = await pagesBackward(t.app, last, list.schema);
    expect(backward.map((p) => slugsOf(p.data))).toEqual(forward.map((p) => slugsOf(p.data)));
  });

  it('sorts by name descending too, ties by id, and pages back through the same pages', async () => {
    const all = everything.get(list.path) ?? [];
    const desc = await pages(t.app, `${list.path}?sort=name&order=desc&limit=6`, list.schema);
    const expected = [...all].sort((a, b) => {
      const [an, bn] = [sortName(a.name), sortName(b.name)];
      if (an !== bn) return an < bn ? 1 : -1;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    expect(slugsOf(desc.flatMap((p) => p.data))).toEqual(slugsOf(expected));
    const backward = await pagesBackward(t.app, desc[desc.length - 1], list.schema);
    expect(backward.map((p) => slugsOf(p.data))).toEqual(desc.map((p) => slugsOf(p.data)));
    const combined = await pages(t.app, `${list.path}?sort=name_desc&limit=50`, list.schema);
    expect(slugsOf(combined.flatMap((p) => p.data))).toEqual(slugsOf(expected));
  });

  it('sorts by game_count, most first by default, ties by id, either direction', async () => {
    const all = everything.get(list.path) ?? [];
    const desc = (await pages(t.app, `${list.path}?sort=game_count&limit=9`, list.schema)).flatMap((p) => p.data);
    const expected = [...all].sort((a, b) => b.game_count - a.game_count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(slugsOf(desc)).toEqual(slugsOf(expected));
    const ascPages = await pages(t.app, `${list.path}?sort=game_count_asc&limit=9`, list.schema);
    const asc = ascPages.flatMap((p) => p.data);
    expect(slugsOf(asc)).toEqual(
      slugsOf([...all].sort((a, b) => a.game_count - b.game_count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))),
    );
    const back = await pagesBackward(t.app, ascPages[ascPages.length - 1], list.schema);
    expect(back.flatMap((p) => slugsOf(p.data))).toEqual(slugsOf(asc));
  });
});

describe('list parameters', () => {
  const bad: [string, string, string][] = [
    ['/v1/mechanics?limit=0', 'limit', 'out_of_range'],
    ['/v1/designers?limit=101', 'limit', 'out_of_range'],
    ['/v1/artists?limit=ten', 'limit', 'out_of_range'],
    ['/v1/publishers?sort=rating', 'sort', 'invalid_value'],
    ['/v1/awards?order=sideways', 'order', 'invalid_value'],
    ['/v1/themes?sort=game_count_asc&order=desc', 'order', 'invalid_combination'],
    ['/v1/categories?mechanics=dice-rolling', 'mechanics', 'unknown_parameter'],
    ['/v1/people?limt=3', 'limt', 'unknown_parameter'],
    ['/v1/mechanics?limit=3&limit=4', 'limit', 'duplicate_parameter'],
    ['/v1/mechanics?cursor=nonsense', 'cursor', 'invalid_cursor'],
    ['/v1/mechanics?before=abc.def', 'before', 'invalid_cursor'],
  ];

  it.each(bad)('%s is a 400 problem naming %s', async (path, field, code) => {
    const reply = await call(t.app, path);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const body = reply.body as { type: string; status: number; errors: { field: string; code: string }[] };
    expect(body.status).toBe(400);
    expect(body.type).toMatch(/\/problems\/validation-error$/);
    expect(body.errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it('suggests the closest parameter name', async () => {
    const reply = await call(t.app, '/v1/people?limt=3');
    expect((reply.body as { detail: string }).detail).toContain('"limit"');
  });

  it('continues from a cursor alone, or with the same sort; a changed sort is a 400', async () => {
    const first = (await call(t.app, '/v1/designers?sort=game_count&limit=5')).body as {
      meta: { next_cursor: string };
    };
    const cursor = first.meta.next_cursor;
    const alone = await call(t.app, `/v1/designers?cursor=${cursor}&limit=5`);
    const repeated = await call(t.app, `/v1/designers?sort=game_count&cursor=${cursor}&limit=5`);
    expect(alone.status).toBe(200);
    expect(repeated.body).toMatchObject({ data: (alone.body as { data: unknown[] }).data });
    const changed = await call(t.app, `/v1/designers?sort=name&cursor=${cursor}`);
    expect(changed.status).toBe(400);
    const both = await call(t.app, `/v1/designers?cursor=${cursor}&before=${cursor}`);
    expect(both.status).toBe(400);
  });

  it('refuses a cursor issued by another list', async () => {
    const mechanics = (await call(t.app, '/v1/mechanics?limit=5')).body as { meta: { next_cursor: string } };
    for (const path of ['/v1/categories', '/v1/designers', '/v1/artists', '/v1/games']) {
      const reply = await call(t.app, `${path}?cursor=${mechanics.meta.next_cursor}`);
      expect(reply.status, path).toBe(400);
      expect((reply.body as { errors: { code: string }[] }).errors[0].code).toBe('invalid_cursor');
    }
  });

  it('answers other methods with 405 and the allowed ones', async () => {
    const reply = await call(t.app, '/v1/awards', { method: 'POST' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
  });
});
