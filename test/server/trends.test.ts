// Cross-sectional trends on the analytics fixture, every number computed here from the
// catalog file itself: counts per year and decade, means, R-7 quartiles, mechanic shares,
// funding shares, player counts; filters narrowing exactly as GET /v1/games counts them;
// validation; and every response parsed strictly with its documented schema.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  mechanicsTrendSchema,
  playerCountTrendSchema,
  publicationsTrendSchema,
  weightTrendSchema,
} from '../../server/schemas/responses/analytics.js';
import { analyticsApp, readFixture, type FixtureGame } from '../fixtures/analytics/fixture.js';
import { call, type ListJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
const fixture = readFixture();
beforeAll(async () => {
  t = await analyticsApp();
});
afterAll(async () => t.close());

const TRENDS = '/v1/statistics/trends';

interface Point {
  period: number | null;
  [key: string]: unknown;
}
interface TrendJson {
  data: Point[];
  meta: { group_by: string | null; scope?: string; top?: number; filters_applied: Record<string, unknown> };
  _links: { self: { href: string } };
}

async function trend(path: string, schema: z.ZodType): Promise<TrendJson> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as TrendJson;
}

/** D51: base games and standalone expansions with a year, unless `types` says otherwise. */
function population(types = ['base_game', 'standalone_expansion']): FixtureGame[] {
  return fixture.games.filter((g) => types.includes(g.type) && g.year_published !== undefined);
}

function periodOf(g: FixtureGame, groupBy: 'year' | 'decade'): number {
  const year = g.year_published as number;
  return groupBy === 'decade' ? Math.floor(year / 10) * 10 : year;
}

function groups(games: FixtureGame[], groupBy: 'year' | 'decade'): [number, FixtureGame[]][] {
  const out = new Map<number, FixtureGame[]>();
  for (const g of games) out.set(periodOf(g, groupBy), [...(out.get(periodOf(g, groupBy)) ?? []), g]);
  return [...out.entries()].sort(([a], [b]) => a - b);
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

/** linear interpolation between the order statistics at (n - 1)·p. */
function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

const weights = (games: FixtureGame[]) => games.flatMap((g) => (g.stats?.weight === undefined ? [] : [g.stats.weight]));
const ratings = (games: FixtureGame[]) => games.flatMap((g) => (g.stats?.rating === undefined ? [] : [g.stats.rating]));

/** Field by field: counts and periods exactly, means to 12 digits (summation order may differ). */
function expectPoints(actual: Point[], expected: Record<string, number | string | null>[]): void {
  expect(actual.map((p) => p.period)).toEqual(expected.map((p) => p.period));
  actual.forEach((point, i) => {
    expect(Object.keys(point).sort()).toEqual(Object.keys(expected[i]).sort());
    for (const [key, value] of Object.entries(expected[i])) {
      if (typeof value === 'number' && !Number.isInteger(value))
        expect(point[key], `${key} of ${point.period}`).toBeCloseTo(value, 12);
      else expect(point[key], `${key} of ${point.period}`).toEqual(value);
    }
  });
}

describe('publications', () => {
  for (const groupBy of ['year', 'decade'] as const) {
    it(`counts games and averages weight and rating per ${groupBy}`, async () => {
      const body = await trend(
        `${TRENDS}/publications${groupBy === 'decade' ? '?group_by=decade' : ''}`,
        publicationsTrendSchema,
      );
      const expected = groups(population(), groupBy).map(([period, games]) => ({
        period,
        game_count: games.length,
        avg_weight: mean(weights(games)),
        avg_rating: mean(ratings(games)),
      }));
      expect(expected.length).toBeGreaterThan(3);
      expectPoints(body.data, expected);
      expect(body.meta).toEqual({
        group_by: groupBy,
        filters_applied: { type: ['base_game', 'standalone_expansion'] },
      });
    });
  }

  it('leaves out games without a year and, by default, expansions; type brings them in', async () => {
    const all = await trend(`${TRENDS}/publications`, publicationsTrendSchema);
    const total = all.data.reduce((s, p) => s + (p.game_count as number), 0);
    expect(total).toBe(population().length);
    expect(fixture.games.some((g) => g.year_published === undefined)).toBe(true);
    const types = ['base_game', 'standalone_expansion', 'expansion'];
    const withExpansions = await trend(`${TRENDS}/publications?type=${types.join(',')}`, publicationsTrendSchema);
    expectPoints(
      withExpansions.data,
      groups(population(types), 'year').map(([period, games]) => ({
        period,
        game_count: games.length,
        avg_weight: mean(weights(games)),
        avg_rating: mean(ratings(games)),
      })),
    );
    expect(withExpansions.meta.filters_applied).toEqual({ type: types });
  });

  it('narrows with a filter exactly as GET /v1/games counts the same filter per year', async () => {
    for (const query of [
      'mechanics=deck-building',
      'mechanic=dice',
      'category=strategy&players=1',
      'weight_min=2.5&year_min=2000',
    ]) {
      const body = await trend(`${TRENDS}/publications?${query}`, publicationsTrendSchema);
      expect(body.data.length).toBeGreaterThan(0);
      for (const point of body.data) {
        const year = point.period as number;
        const games = await call(
          t.app,
          `/v1/games?${query.replace(/year_min=\d+/, '')}&type=base_game,standalone_expansion&year_min=${year}&year_max=${year}&limit=1`,
        );
        expect(games.status, games.text).toBe(200);
        expect(point.game_count, `${query} in ${year}`).toBe((games.body as ListJson).meta.total);
      }
      const years = body.data.map((p) => p.period);
      const anyYear = query.includes('year_min') ? '' : '&year_min=-5000';
      const totalAll = await call(t.app, `/v1/games?${query}&type=base_game,standalone_expansion${anyYear}&limit=1`);
      expect(
        body.data.reduce((s, p) => s + (p.game_count as number), 0),
        `${query}: ${years.join(',')}`,
      ).toBe((totalAll.body as ListJson).meta.total);
    }
  });

  it('computes the deck-building counts from the catalog', async () => {
    const body = await trend(`${TRENDS}/publications?mechanics=deck-building&group_by=decade`, publicationsTrendSchema);
    const games = population().filter((g) => g.mechanics?.includes('deck-building'));
    expectPoints(
      body.data,
      groups(games, 'decade').map(([period, gs]) => ({
        period,
        game_count: gs.length,
        avg_weight: mean(weights(gs)),
        avg_rating: mean(ratings(gs)),
      })),
    );
    expect(body.meta.filters_applied).toEqual({
      mechanics: ['deck-building'],
      type: ['base_game', 'standalone_expansion'],
    });
  });

  it('with funding_source adds the share of each period (every period of the unfiltered population)', async () => {
    for (const sources of [['crowdfunding_a'], ['crowdfunding_a', 'retail']]) {
      const body = await trend(
        `${TRENDS}/publications?group_by=decade&funding_source=${sources.join(',')}`,
        publicationsTrendSchema,
      );
      const expected = groups(population(), 'decade').map(([period, games]) => {
        const matched = games.filter((g) => sources.includes(g.funding_source ?? ''));
        const point: Record<string, number | null> = {
          period,
          game_count: matched.length,
          avg_weight: mean(weights(matched)),
          avg_rating: mean(ratings(matched)),
          pct_of_period: (100 * matched.length) / games.length,
        };
        for (const s of sources)
          point[`${s}_pct`] = (100 * games.filter((g) => g.funding_source === s).length) / games.length;
        return point;
      });
      // crowdfunding alone: some decades have none of it, and still appear with 0.
      if (sources.length === 1) expect(expected.some((p) => p.game_count === 0)).toBe(true);
      expectPoints(body.data, expected);
    }
  });
});

describe('mechanics', () => {
  function expectedMechanics(games: FixtureGame[], mechanics: string[], groupBy: 'year' | 'decade') {
    return [...mechanics].sort().flatMap((mechanic) =>
      groups(games, groupBy).map(([period, gs]) => {
        const count = gs.filter((g) => g.mechanics?.includes(mechanic)).length;
        return { period, mechanic, game_count: count, pct_of_period: (100 * count) / gs.length };
      }),
    );
  }

  it('charts the named mechanics (aliases resolved) per period, zeros included, by mechanic then period', async () => {
    const body = await trend(
      `${TRENDS}/mechanics?mechanic=worker-placement,dice&group_by=decade`,
      mechanicsTrendSchema,
    );
    const expected = expectedMechanics(population(), ['worker-placement', 'dice-rolling'], 'decade');
    expect(expected.some((p) => p.game_count === 0)).toBe(true);
    expect(body.data).toEqual(expected);
  });

  it('charts the `limit` most frequent mechanics (ties by slug) within the filtered population', async () => {
    const games = population().filter((g) => (g.year_published as number) >= 2000);
    const counts = new Map<string, number>();
    for (const g of games) for (const m of g.mechanics ?? []) counts.set(m, (counts.get(m) ?? 0) + 1);
    const ranked = [...counts.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([m]) => m);
    for (const limit of [1, 2, 3, 10]) {
      const body = await trend(`${TRENDS}/mechanics?limit=${limit}&year_min=2000`, mechanicsTrendSchema);
      expect(body.data).toEqual(expectedMechanics(games, ranked.slice(0, limit), 'year'));
    }
    const byDefault = await trend(`${TRENDS}/mechanics?year_min=2000`, mechanicsTrendSchema);
    expect(byDefault.data).toEqual(expectedMechanics(games, ranked.slice(0, 10), 'year'));
    // A mechanic no game of the population has never appears among the most frequent.
    expect(byDefault.data.some((p) => p.mechanic === 'trick-taking')).toBe(false);
  });

  it('filters the population with `mechanics` while `mechanic` names the curves', async () => {
    const games = population().filter((g) => g.mechanics?.includes('area-control'));
    const body = await trend(
      `${TRENDS}/mechanics?mechanics=area-control&mechanic=worker-placement`,
      mechanicsTrendSchema,
    );
    expect(body.data).toEqual(expectedMechanics(games, ['worker-placement'], 'year'));
  });
});

describe('weight', () => {
  function summary(period: number | null, games: FixtureGame[]) {
    const w = weights(games);
    return {
      period,
      game_count: w.length,
      avg_weight: mean(w),
      median_weight: quantile(w, 0.5),
      weight_p25: quantile(w, 0.25),
      weight_p75: quantile(w, 0.75),
    };
  }

  it('scope=published (default): mean, median and R-7 quartiles of the games with a weight, per period', async () => {
    for (const groupBy of ['year', 'decade'] as const) {
      const body = await trend(`${TRENDS}/weight?group_by=${groupBy}`, weightTrendSchema);
      const expected = groups(population(), groupBy)
        .filter(([, games]) => weights(games).length > 0)
        .map(([period, games]) => summary(period, games));
      expectPoints(body.data, expected);
      expect(body.meta).toMatchObject({ group_by: groupBy, scope: 'published' });
    }
    // A period whose only game has no weight has no point.
    expect(population().some((g) => g.stats?.weight === undefined)).toBe(true);
  });

  it('scope=all is one point over the whole population, period null', async () => {
    const body = await trend(`${TRENDS}/weight?scope=all`, weightTrendSchema);
    expectPoints(body.data, [summary(null, population())]);
    expect(body.meta).toMatchObject({ group_by: null, scope: 'all' });
  });

  it('scope=top keeps games ranked at most `top` (top100 = top=100)', async () => {
    const ranked = await call(t.app, '/v1/games?sort=rank&limit=100&type=base_game,standalone_expansion');
    const rankOf = new Map((ranked.body as ListJson).data.map((g) => [g.slug, g.rank_overall as number | null]));
    for (const top of [3, 5, 8]) {
      const games = population().filter((g) => (rankOf.get(g.slug) ?? Infinity) <= top);
      const body = await trend(`${TRENDS}/weight?scope=top&top=${top}&group_by=decade`, weightTrendSchema);
      expectPoints(
        body.data,
        groups(games, 'decade')
          .filter(([, gs]) => weights(gs).length > 0)
          .map(([period, gs]) => summary(period, gs)),
      );
      expect(body.meta).toMatchObject({ scope: 'top', top });
    }
    const top100 = await trend(`${TRENDS}/weight?scope=top100`, weightTrendSchema);
    const explicit = await trend(`${TRENDS}/weight?scope=top&top=100`, weightTrendSchema);
    expect(top100.data).toEqual(explicit.data);
    expect(top100.meta.top).toBe(100);
  });
});

describe('player-count', () => {
  it('averages min/max players and the solo share per decade', async () => {
    const body = await trend(`${TRENDS}/player-count?group_by=decade`, playerCountTrendSchema);
    const expected = groups(population(), 'decade').map(([period, games]) => ({
      period,
      game_count: games.length,
      avg_min_players: mean(games.map((g) => g.min_players as number)),
      avg_max_players: mean(games.map((g) => g.max_players as number)),
      solo_support_pct: (100 * games.filter((g) => g.min_players === 1).length) / games.length,
    }));
    expect(expected.some((p) => p.solo_support_pct > 0 && p.solo_support_pct < 100)).toBe(true);
    expectPoints(body.data, expected);
  });

  it('composes with effective mode and other filters', async () => {
    const body = await trend(`${TRENDS}/player-count?players=4&effective=true`, playerCountTrendSchema);
    const games = population().filter((g) => (g.min_players as number) <= 4 && (g.max_players as number) >= 4);
    expect(body.data.map((p) => [p.period, p.game_count])).toEqual(
      groups(games, 'year').map(([p, gs]) => [p, gs.length]),
    );
    expect(body.meta.filters_applied).toMatchObject({ players: 4, effective: true });
  });
});

describe('validation', () => {
  async function problem(path: string, status: number): Promise<{ field: string; code: string }[]> {
    const reply = await call(t.app, path);
    expect(reply.status, reply.text).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    return (reply.body as { errors: { field: string; code: string }[] }).errors;
  }

  it('names every unknown parameter and bad value at once, filters included', async () => {
    const errors = await problem(`${TRENDS}/publications?group_by=century&players=0&colour=red`, 400);
    expect(errors.map((e) => e.field).sort()).toEqual(['colour', 'group_by', 'players']);
  });

  it('rejects parameters of another trend endpoint', async () => {
    expect((await problem(`${TRENDS}/publications?scope=all`, 400)).map((e) => e.field)).toEqual(['scope']);
    expect((await problem(`${TRENDS}/player-count?limit=3`, 400)).map((e) => e.field)).toEqual(['limit']);
    expect((await problem(`${TRENDS}/weight?scope=everything`, 400)).map((e) => e.field)).toEqual(['scope']);
  });

  it('rejects contradictory combinations', async () => {
    expect(await problem(`${TRENDS}/mechanics?mechanic=dice-rolling&limit=3`, 400)).toMatchObject([
      { field: 'limit', code: 'invalid_combination' },
    ]);
    expect(await problem(`${TRENDS}/weight?top=5`, 400)).toMatchObject([{ field: 'top', code: 'invalid_combination' }]);
    expect((await problem(`${TRENDS}/mechanics?limit=0`, 400)).map((e) => e.field)).toEqual(['limit']);
    expect((await problem(`${TRENDS}/weight?scope=top&top=0`, 400)).map((e) => e.field)).toEqual(['top']);
  });

  it('answers 422 for slugs that name nothing, as GET /v1/games does', async () => {
    expect(await problem(`${TRENDS}/mechanics?mechanic=no-such-thing`, 422)).toMatchObject([
      { field: 'mechanic', code: 'unknown_reference' },
    ]);
    expect(await problem(`${TRENDS}/publications?category=no-such-thing`, 422)).toMatchObject([{ field: 'category' }]);
    const games = await call(t.app, '/v1/games?category=no-such-thing');
    expect(games.status).toBe(422);
  });

  it('answers an empty population with empty data', async () => {
    for (const [path, schema] of [
      [`${TRENDS}/publications?year_min=2090`, publicationsTrendSchema],
      [`${TRENDS}/mechanics?year_min=2090`, mechanicsTrendSchema],
      [`${TRENDS}/weight?scope=all&year_min=2090`, weightTrendSchema],
      [`${TRENDS}/player-count?year_min=2090`, playerCountTrendSchema],
    ] as const) {
      expect((await trend(path, schema)).data).toEqual([]);
    }
  });
});
