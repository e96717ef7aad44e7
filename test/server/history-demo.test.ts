// The history endpoints on the bundled demo catalog (which ships snapshots): schema-valid
// bodies, a ranking at a date agrees with each ranked game's own series at that date, and
// the first run after the import continues the seeded history without spurious moves.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  gameHistorySchema,
  rankingHistorySchema,
  rankingTransitionsSchema,
} from '../../server/schemas/responses/analytics.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';
import { loadDataset } from '../../server/dataset-loader.js';
import { materialize } from '../../snapshots/materialize.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

async function ok<T>(path: string, schema: z.ZodType, on: TestApp = t): Promise<T> {
  const reply = await call(on.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as T;
}

interface Ranking {
  date: string | null;
  data: { rank: number; game_slug: string }[];
}

describe('history over the demo catalog', () => {
  it('ranks at the latest date agree with each game series', async () => {
    const ranking = await ok<Ranking>('/v1/statistics/rankings/history?top=20', rankingHistorySchema);
    expect(ranking.date).not.toBeNull();
    expect(ranking.data.length).toBeGreaterThan(0);
    for (const entry of ranking.data) {
      const series = await ok<{ data: { date: string; rank_overall: number | null }[] }>(
        `/v1/games/${entry.game_slug}/history?metric=rank&from=${ranking.date}&to=${ranking.date}`,
        gameHistorySchema,
      );
      expect(series.data).toHaveLength(1);
      expect(series.data[0]).toMatchObject({ date: ranking.date, rank_overall: entry.rank });
    }
  });

  it('answers transitions and category rankings with schema-valid bodies', async () => {
    await ok('/v1/statistics/rankings/transitions?top=25', rankingTransitionsSchema);
    const categories = await call(t.app, '/v1/categories?limit=5');
    for (const c of (categories.body as { data: { slug: string }[] }).data) {
      await ok(`/v1/statistics/rankings/history?scope=${c.slug}&top=5`, rankingHistorySchema);
      await ok(`/v1/statistics/rankings/transitions?scope=${c.slug}&top=5`, rankingTransitionsSchema);
    }
    for (const granularity of ['monthly', 'quarterly', 'yearly']) {
      await ok(`/v1/games/catan/history?granularity=${granularity}`, gameHistorySchema);
    }
  });
});

// Issue 16 point 3: the seeded history ranks every game as a run does, so the first run
// after a demo import moves no rank (no data moved between the last seeded month and it).
describe('the first materialization after a demo import', () => {
  let d: TestApp;
  const LAST_SEEDED = '2026-10-01';
  const RUN = new Date('2026-11-22T03:00:00.000Z'); // period 2026-11-01

  /** slug → "overall rank, then the category ranks" at a snapshot date. */
  const ranksAt = async (date: string) =>
    new Map(
      (
        await d.store.all<{ slug: string; rank: number | null; categories: string | null }>(
          `SELECT g.slug, s.rank_overall AS rank, CAST(s.rank_by_category AS VARCHAR) AS categories
           FROM game_snapshots s JOIN games g ON g.id = s.game_id WHERE s.snapshot_date = $1::DATE`,
          [date],
        )
      ).map((r) => [r.slug, `${r.rank} ${JSON.stringify(r.categories === null ? null : JSON.parse(r.categories))}`]),
    );

  beforeAll(async () => {
    d = await demoApp();
  });
  afterAll(async () => d.close());

  it('finds every game in the last seeded month, ranked overall and per category as the import ranked it', async () => {
    const games = await d.store.all<{ slug: string; rank: number | null; categories: string | null }>(
      `SELECT slug, rank_overall AS rank, CAST(rank_by_category AS VARCHAR) AS categories FROM games
       WHERE status = 'active'`,
    );
    const seeded = await ranksAt(LAST_SEEDED);
    expect(seeded.size).toBe(games.length);
    const differing = games
      .filter(
        (g) =>
          seeded.get(g.slug) !== `${g.rank} ${JSON.stringify(g.categories === null ? null : JSON.parse(g.categories))}`,
      )
      .map((g) => g.slug);
    expect(differing).toEqual([]);
  });

  it('moves no rank, and transitions show no exits or entries', async () => {
    const before = await ranksAt(LAST_SEEDED);
    await materialize(d.store, { trigger: 'cli', now: RUN });
    d.state.swap(await loadDataset(d.store));
    const after = await ranksAt('2026-11-01');
    expect(after.size).toBe(before.size);
    const moved = [...after].filter(([slug, rank]) => before.get(slug) !== rank);
    expect(moved).toEqual([]);

    for (const top of [5, 25]) {
      const body = await ok<{ from: string; to: string; entered: unknown[]; exited: unknown[]; stable: unknown[] }>(
        `/v1/statistics/rankings/transitions?top=${top}&from=${LAST_SEEDED}&to=2026-11-01`,
        rankingTransitionsSchema,
        d,
      );
      expect(body).toMatchObject({ from: LAST_SEEDED, to: '2026-11-01', entered: [], exited: [] });
      expect(body.stable).toHaveLength(top);
    }
    // Azul's series goes on where the seeded history left it (it jumped from 5 to 81 before).
    const azul = await ok<{ data: { date: string; rank_overall: number | null }[] }>(
      `/v1/games/azul/history?metric=rank&from=2026-09-01`,
      gameHistorySchema,
      d,
    );
    const ranks = azul.data.map((p) => p.rank_overall);
    expect(ranks).toHaveLength(3);
    expect(new Set(ranks.slice(1)).size).toBe(1);
    expect(Math.abs((ranks[0] ?? 0) - (ranks[2] ?? 0))).toBeLessThanOrEqual(5);
  });
});
