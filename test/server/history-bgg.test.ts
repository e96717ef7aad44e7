// Real BGG ranking history (/work/shared/data/bgg-ranking-history, daily top-50 files):
// imported as snapshots, the ranking at each file's date must be exactly that file's top N,
// and a date between files (36 days have none) reads the previous file. This is what the
// "one snapshot date across the store" reading of D55 guarantees and a per-game "latest
// snapshot on or before" reading would break (a game that left the top 50 keeps its last,
// stale rank). Skips with a warning when the data folder is absent.

import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { importCatalog } from '../../loader/catalog/import.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { call, testAppDeps, type TestApp } from '../helpers/app.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const FILE = '/work/shared/data/bgg-ranking-history/daily_top50_2016-10-12_to_2020-11-13.csv';
const present = existsSync(FILE);
if (!present) console.warn(`history-bgg.test.ts: skipped, ${FILE} is absent`);

/** Files of the first quarter of 2017 (about 90 days): enough churn, a quick import. */
const FIRST = '2017-01-01';
const LAST = '2017-03-31';

interface Row {
  date: string;
  id: string;
  rank: number;
  average: number;
  bayes: number;
  users: number;
}

let t: TestApp;
let rows: Row[] = [];

beforeAll(async () => {
  if (!present) return;
  rows = readFileSync(FILE, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.length > 0)
    .map((l) => {
      const [date, id, rank, average, bayes, users] = l.split(',');
      return { date, id, rank: Number(rank), average: Number(average), bayes: Number(bayes), users: Number(users) };
    })
    .filter((r) => r.date >= FIRST && r.date <= LAST);
  const lines: string[] = [];
  for (const id of new Set(rows.map((r) => r.id))) {
    lines.push(
      JSON.stringify({ kind: 'game', slug: `bgg-${id}`, name: `BGG ${id}`, type: 'base_game', legacy_id: Number(id) }),
    );
  }
  for (const r of rows) {
    lines.push(
      JSON.stringify({
        kind: 'snapshot',
        game: `bgg-${r.id}`,
        date: r.date,
        rating: r.average,
        bayes_rating: r.bayes,
        rating_count: r.users,
        rank_overall: r.rank,
      }),
    );
  }
  const store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, lines, { refresh: aggregateRefresh() });
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  t = { app: createApp(testAppDeps(store, state)), store, state, close: () => store.close() };
}, 120_000);
afterAll(async () => t?.close());

function fileTop(date: string, top: number): string[] {
  return rows
    .filter((r) => r.date === date && r.rank <= top)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => `${r.rank}:bgg-${r.id}`);
}

describe.skipIf(!present)('rankings history over the BGG daily top-50 files', () => {
  it('answers exactly each file top 10 and top 50 at its date', async () => {
    const dates = [...new Set(rows.map((r) => r.date))].sort();
    expect(dates.length).toBeGreaterThan(60);
    for (const date of dates) {
      for (const top of [10, 50]) {
        const reply = await call(t.app, `/v1/statistics/rankings/history?date=${date}&top=${top}`);
        const body = reply.body as { date: string; data: { rank: number; game_slug: string }[] };
        expect(body.date).toBe(date);
        expect(
          body.data.map((e) => `${e.rank}:${e.game_slug}`),
          date,
        ).toEqual(fileTop(date, top));
      }
    }
  });

  it('reads the previous file on a day without one', async () => {
    const dates = new Set(rows.map((r) => r.date));
    const missing: string[] = [];
    for (let d = new Date(`${FIRST}T00:00:00Z`); d <= new Date(`${LAST}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
      const day = d.toISOString().slice(0, 10);
      if (!dates.has(day)) missing.push(day);
    }
    expect(missing.length).toBeGreaterThan(0);
    const probe = missing[0];
    const previous = [...dates]
      .filter((d) => d <= probe)
      .sort()
      .at(-1) as string;
    const reply = await call(t.app, `/v1/statistics/rankings/history?date=${probe}&top=50`);
    const body = reply.body as { date: string; data: { rank: number; game_slug: string }[] };
    expect(body.date).toBe(previous);
    expect(body.data.map((e) => `${e.rank}:${e.game_slug}`)).toEqual(fileTop(previous, 50));
  });

  it('reports games that left the top 50 as exited, with the first file without them', async () => {
    const dates = [...new Set(rows.map((r) => r.date))].sort();
    const first = new Set(rows.filter((r) => r.date === dates[0]).map((r) => r.id));
    const last = new Set(rows.filter((r) => r.date === dates[dates.length - 1]).map((r) => r.id));
    const reply = await call(
      t.app,
      `/v1/statistics/rankings/transitions?from=${dates[0]}&to=${dates[dates.length - 1]}&top=50`,
    );
    const body = reply.body as {
      exited: { game_slug: string; exited_date: string }[];
      entered: { game_slug: string }[];
      stable: unknown[];
    };
    expect(body.exited.length).toBeGreaterThan(0);
    expect(body.exited.map((e) => e.game_slug).sort()).toEqual(
      [...first]
        .filter((id) => !last.has(id))
        .map((id) => `bgg-${id}`)
        .sort(),
    );
    expect(body.entered.map((e) => e.game_slug).sort()).toEqual(
      [...last]
        .filter((id) => !first.has(id))
        .map((id) => `bgg-${id}`)
        .sort(),
    );
    expect(body.stable).toHaveLength([...first].filter((id) => last.has(id)).length);
    for (const e of body.exited) {
      const id = e.game_slug.slice(4);
      expect(rows.some((r) => r.date === e.exited_date && r.id === id)).toBe(false);
      const before = dates[dates.indexOf(e.exited_date) - 1];
      expect(rows.some((r) => r.date === before && r.id === id)).toBe(true);
    }
  });
});
