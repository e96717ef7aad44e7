// The trend endpoints on the bundled demo catalog: every response parses strictly with its
// schema, and the numbers agree with what GET /v1/games reports for the same population
// (counts per year, weight statistics recomputed from the listed games).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  mechanicsTrendSchema,
  playerCountTrendSchema,
  publicationsTrendSchema,
  weightTrendSchema,
} from '../../server/schemas/responses/analytics.js';
import { call, collect, demoApp, type GameJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
let games: GameJson[];
beforeAll(async () => {
  t = await demoApp();
  games = (await collect(t.app, '/v1/games?type=base_game,standalone_expansion&year_min=-5000&limit=100')).items;
});
afterAll(async () => t.close());

const TRENDS = '/v1/statistics/trends';

async function data(path: string, schema: z.ZodType): Promise<Record<string, unknown>[]> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return (reply.body as { data: Record<string, unknown>[] }).data;
}

function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]);
}

describe('trends over the demo catalog', () => {
  it('publications per year are the per-year counts of GET /v1/games', async () => {
    expect(games.length).toBeGreaterThan(100);
    const points = await data(`${TRENDS}/publications`, publicationsTrendSchema);
    const expected = new Map<number, number>();
    for (const g of games)
      expected.set(g.year_published as number, (expected.get(g.year_published as number) ?? 0) + 1);
    expect(points.map((p) => [p.period, p.game_count])).toEqual([...expected.entries()].sort(([a], [b]) => a - b));
  });

  it('effective mode narrows exactly as GET /v1/games with effective=true does, per year', async () => {
    const listed = (
      await collect(
        t.app,
        '/v1/games?type=base_game,standalone_expansion&year_min=-5000&effective=true&players=6&limit=100',
      )
    ).items;
    const plain = (
      await collect(t.app, '/v1/games?type=base_game,standalone_expansion&year_min=-5000&players=6&limit=100')
    ).items;
    // The demo has expansions that raise max_players: effective mode finds more games.
    expect(listed.length).toBeGreaterThan(plain.length);
    const expected = new Map<number, number>();
    for (const g of listed)
      expected.set(g.year_published as number, (expected.get(g.year_published as number) ?? 0) + 1);
    const points = await data(`${TRENDS}/publications?effective=true&players=6`, publicationsTrendSchema);
    expect(points.map((p) => [p.period, p.game_count])).toEqual([...expected.entries()].sort(([a], [b]) => a - b));
  });

  it('weight over everything matches the weights GET /v1/games lists', async () => {
    const weights = games.flatMap((g) => (typeof g.weight === 'number' ? [g.weight] : []));
    const [point] = await data(`${TRENDS}/weight?scope=all`, weightTrendSchema);
    expect(point.game_count).toBe(weights.length);
    expect(point.avg_weight).toBeCloseTo(weights.reduce((s, w) => s + w, 0) / weights.length, 10);
    expect(point.median_weight).toBeCloseTo(quantile(weights, 0.5), 12);
    expect(point.weight_p25).toBeCloseTo(quantile(weights, 0.25), 12);
    expect(point.weight_p75).toBeCloseTo(quantile(weights, 0.75), 12);
  });

  it('solo share per decade matches the listed games', async () => {
    const points = await data(`${TRENDS}/player-count?group_by=decade`, playerCountTrendSchema);
    for (const p of points) {
      const decade = games.filter((g) => Math.floor((g.year_published as number) / 10) * 10 === p.period);
      const known = decade.filter((g) => g.min_players !== null);
      expect(p.game_count).toBe(decade.length);
      expect(p.solo_support_pct).toBeCloseTo(
        (100 * known.filter((g) => g.min_players === 1).length) / known.length,
        10,
      );
    }
  });

  it('answers every endpoint under assorted filters with schema-valid bodies', async () => {
    const queries = [
      '',
      '?group_by=decade',
      '?mechanics=hand-management&players=2',
      '?effective=true&players=6',
      '?type=expansion',
      '?funding_source=crowdfunding_a',
      '?weight_min=3&group_by=decade',
      '?year_min=2030',
    ];
    for (const q of queries) {
      await data(`${TRENDS}/publications${q}`, publicationsTrendSchema);
      await data(
        `${TRENDS}/mechanics${q.replace('funding_source', 'language_dependence').replace('crowdfunding_a', 'no_text')}`,
        mechanicsTrendSchema,
      );
      await data(
        `${TRENDS}/weight${q.replace('funding_source=crowdfunding_a', 'scope=top&top=20')}`,
        weightTrendSchema,
      );
      await data(`${TRENDS}/player-count${q}`, playerCountTrendSchema);
    }
  });

  it('mechanic shares never exceed the period, and sum to the tag counts', async () => {
    const points = await data(`${TRENDS}/mechanics?limit=5&group_by=decade`, mechanicsTrendSchema);
    expect(new Set(points.map((p) => p.mechanic)).size).toBe(5);
    for (const p of points) expect(p.pct_of_period as number).toBeLessThanOrEqual(100);
    const mechanic = points[0].mechanic as string;
    const tagged = await collect(
      t.app,
      `/v1/games?type=base_game,standalone_expansion&year_min=-5000&mechanics=${mechanic}&limit=100`,
    );
    // Direct tags only: the filter may also match child mechanics, so count the game's own list.
    const own = await Promise.all(
      tagged.items.map(async (g) => {
        const full = await call(t.app, `/v1/games/${g.id}?include=mechanics`);
        return ((full.body as { mechanics: { slug: string }[] }).mechanics ?? []).some((m) => m.slug === mechanic);
      }),
    );
    const total = points.filter((p) => p.mechanic === mechanic).reduce((s, p) => s + (p.game_count as number), 0);
    expect(total).toBe(own.filter(Boolean).length);
  });
});
