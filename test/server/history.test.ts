// Snapshot history on the analytics fixture (four years of monthly snapshots imported
// through the catalog): a game's series with granularity buckets and date bounds, the top N
// at dates, and entered / exited / stable between dates — each expectation computed here
// from the catalog file, every response parsed strictly with its documented schema.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppDeps } from '../../server/app.js';
import { createApp } from '../../server/app.js';
import {
  gameHistorySchema,
  rankingHistorySchema,
  rankingTransitionsSchema,
} from '../../server/schemas/responses/analytics.js';
import { analyticsApp, readFixture, type FixtureSnapshot } from '../fixtures/analytics/fixture.js';
import { call, testAppDeps, type TestApp } from '../helpers/app.js';

let t: TestApp;
const fixture = readFixture();
const ids = new Map<string, string>();
beforeAll(async () => {
  t = await analyticsApp();
  for (const g of fixture.games) {
    const reply = await call(t.app, `/v1/games/${g.slug}`);
    ids.set(g.slug, (reply.body as { id: string }).id);
  }
});
afterAll(async () => t.close());

async function ok<T>(path: string, schema: z.ZodType): Promise<T> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as T;
}

async function problem(path: string, status: number): Promise<{ field: string; code: string }[]> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  return (reply.body as { errors?: { field: string; code: string }[] }).errors ?? [];
}

// ------------------------------------------------------------------ game history

interface HistoryJson {
  game: { id: string; slug: string; name: string };
  metric: string;
  granularity: string;
  from: string | null;
  to: string | null;
  data: Record<string, unknown>[];
}

function snapshotsOf(slug: string): FixtureSnapshot[] {
  return fixture.snapshots.filter((s) => s.game === slug).sort((a, b) => a.date.localeCompare(b.date));
}

function bucket(date: string, granularity: string): string {
  if (granularity === 'yearly') return date.slice(0, 4);
  if (granularity === 'quarterly') return `${date.slice(0, 4)}/${Math.ceil(Number(date.slice(5, 7)) / 3)}`;
  return date.slice(0, 7);
}

function earliestPerBucket(list: FixtureSnapshot[], granularity: string): FixtureSnapshot[] {
  const out = new Map<string, FixtureSnapshot>();
  for (const s of list) if (!out.has(bucket(s.date, granularity))) out.set(bucket(s.date, granularity), s);
  return [...out.values()];
}

function fullPoint(s: FixtureSnapshot): Record<string, unknown> {
  return {
    date: s.date,
    rating: s.rating ?? null,
    average_rating: s.rating ?? null,
    rating_count: s.rating_count ?? null,
    bayes_rating: s.bayes_rating ?? null,
    weight: s.weight ?? null,
    weight_votes: s.weight_votes ?? null,
    rank_overall: s.rank_overall ?? null,
    rank_by_category: s.rank_by_category ?? null,
    total_plays: s.total_plays ?? null,
    // Not part of the catalog format: only materialization writes these.
    play_count_period: null,
    owner_count: s.owner_count ?? null,
    rating_confidence: null,
  };
}

describe('GET /v1/games/{id}/history', () => {
  it('lists every snapshot month (earliest of a month) with every metric, by slug or id', async () => {
    const expected = earliestPerBucket(snapshotsOf('delta-docks'), 'monthly').map(fullPoint);
    expect(expected).toHaveLength(48);
    for (const key of ['delta-docks', ids.get('delta-docks') as string]) {
      const body = await ok<HistoryJson>(`/v1/games/${key}/history`, gameHistorySchema);
      expect(body.game).toEqual({ id: ids.get('delta-docks'), slug: 'delta-docks', name: 'Delta Docks' });
      expect(body).toMatchObject({ metric: 'all', granularity: 'monthly', from: null, to: null });
      expect(body.data).toEqual(expected);
    }
  });

  it('buckets quarterly and yearly by the earliest snapshot of each bucket', async () => {
    for (const granularity of ['quarterly', 'yearly']) {
      // kappa-kingdoms starts mid-2021: its first bucket begins with a later snapshot.
      for (const slug of ['kappa-kingdoms', 'theta-tides', 'lambda-labs']) {
        const body = await ok<HistoryJson>(`/v1/games/${slug}/history?granularity=${granularity}`, gameHistorySchema);
        expect(body.data).toEqual(earliestPerBucket(snapshotsOf(slug), granularity).map(fullPoint));
      }
    }
    const yearly = await ok<HistoryJson>('/v1/games/kappa-kingdoms/history?granularity=yearly', gameHistorySchema);
    expect(yearly.data.map((p) => p.date)).toEqual(['2021-06-01', '2022-01-01', '2023-01-01', '2024-01-01']);
  });

  it('bounds the series with from/to before bucketing (a mid-month snapshot then leads its month)', async () => {
    const body = await ok<HistoryJson>(
      '/v1/games/delta-docks/history?from=2022-06-10&to=2022-08-31',
      gameHistorySchema,
    );
    const within = snapshotsOf('delta-docks').filter((s) => s.date >= '2022-06-10' && s.date <= '2022-08-31');
    expect(body.data).toEqual(earliestPerBucket(within, 'monthly').map(fullPoint));
    expect(body.data.map((p) => p.date)).toEqual(['2022-06-15', '2022-07-01', '2022-08-01']);
    expect(body.data[0]).toMatchObject({ rating: 7.777, rating_count: 777, rank_overall: null });
    expect(body).toMatchObject({ from: '2022-06-10', to: '2022-08-31' });
  });

  it('keeps only the members of the chosen metric', async () => {
    const members: Record<string, string[]> = {
      rating: ['rating', 'average_rating', 'rating_count', 'bayes_rating'],
      weight: ['weight', 'weight_votes'],
      rank: ['rank_overall', 'rank_by_category'],
      plays: ['total_plays', 'play_count_period'],
      owners: ['owner_count'],
      confidence: ['rating_confidence'],
    };
    const snapshots = earliestPerBucket(snapshotsOf('iota-isles'), 'yearly').map(fullPoint);
    for (const [metric, keys] of Object.entries(members)) {
      const body = await ok<HistoryJson>(
        `/v1/games/iota-isles/history?metric=${metric}&granularity=yearly`,
        gameHistorySchema,
      );
      expect(body.metric).toBe(metric);
      expect(body.data).toEqual(snapshots.map((s) => Object.fromEntries(['date', ...keys].map((k) => [k, s[k]]))));
    }
  });

  it('answers an empty series for a game without snapshots', async () => {
    const body = await ok<HistoryJson>('/v1/games/nu-nowhere/history', gameHistorySchema);
    expect(body.data).toEqual([]);
  });

  it('defaults the granularity to the snapshot cadence it is given', async () => {
    const deps: AppDeps & { snapshotCadence: 'yearly' } = {
      ...testAppDeps(t.store, t.state),
      snapshotCadence: 'yearly',
    };
    const app = createApp(deps);
    const reply = await call(app, '/v1/games/delta-docks/history');
    expect((reply.body as HistoryJson).granularity).toBe('yearly');
    expect((reply.body as HistoryJson).data).toHaveLength(4);
  });

  it('validates every parameter and answers 404 for an unknown game', async () => {
    expect(
      (await problem('/v1/games/delta-docks/history?metric=fun&granularity=daily&from=2022-02-30&colour=1', 400))
        .map((e) => e.field)
        .sort(),
    ).toEqual(['colour', 'from', 'granularity', 'metric']);
    expect(await problem('/v1/games/delta-docks/history?from=2023-01-01&to=2022-01-01', 400)).toMatchObject([
      { field: 'from', code: 'invalid_range' },
    ]);
    expect(await problem('/v1/games/delta-docks/history?metric=rating&metric=weight', 400)).toMatchObject([
      { field: 'metric', code: 'duplicate_parameter' },
    ]);
    await problem('/v1/games/no-such-game/history', 404);
  });
});

// ------------------------------------------------------------------ rankings

type Scope = 'overall' | 'strategy' | 'family';

function rankIn(s: FixtureSnapshot, scope: Scope): number | undefined {
  return scope === 'overall' ? s.rank_overall : s.rank_by_category?.[scope];
}

/** The store's ranking dates of a scope, oldest first. */
function rankingDates(scope: Scope): string[] {
  return [...new Set(fixture.snapshots.filter((s) => rankIn(s, scope) !== undefined).map((s) => s.date))].sort();
}

/** Rank ≤ top of each game on exactly `date`. */
function topAt(date: string, scope: Scope, top: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of fixture.snapshots) {
    const rank = rankIn(s, scope);
    if (s.date === date && rank !== undefined && rank <= top) out.set(s.game, rank);
  }
  return out;
}

interface RankingJson {
  scope: string;
  top: number;
  date: string | null;
  data: { rank: number; game_id: string; game_slug: string; game_name: string; bayes_rating: number | null }[];
}

describe('GET /v1/statistics/rankings/history', () => {
  it('reads the top N from the latest snapshot date on or before the date', async () => {
    const dates = rankingDates('overall');
    expect(dates).toHaveLength(48);
    for (const [date, top] of [
      ['2021-01-01', 10],
      ['2021-01-31', 5],
      ['2022-06-20', 3],
      ['2023-02-14', 10],
      ['2024-12-01', 12],
      ['2030-01-01', 100],
    ] as const) {
      const used = dates.filter((d) => d <= date).at(-1) as string;
      const expected = [...topAt(used, 'overall', top).entries()]
        .sort(([, a], [, b]) => a - b)
        .map(([slug, rank]) => ({
          rank,
          game_id: ids.get(slug),
          game_slug: slug,
          game_name: fixture.games.find((g) => g.slug === slug)?.name,
          bayes_rating: fixture.snapshots.find((s) => s.game === slug && s.date === used)?.bayes_rating,
        }));
      const body = await ok<RankingJson>(
        `/v1/statistics/rankings/history?date=${date}&top=${top}`,
        rankingHistorySchema,
      );
      expect(body).toMatchObject({ scope: 'overall', top, date: used });
      expect(
        body.data.map(({ rank, game_id, game_slug, game_name, bayes_rating }) => ({
          rank,
          game_id,
          game_slug,
          game_name,
          bayes_rating,
        })),
      ).toEqual(expected);
      expect(body.data.map((e) => e.rank)).toEqual(
        Array.from({ length: Math.min(top, expected.length) }, (_, i) => i + 1),
      );
    }
  });

  it('does not rank a game whose last snapshot is older than the ranking date', async () => {
    // theta-tides' snapshots end in 2022-12 at a top-10 rank; in 2023 it has none.
    const last = snapshotsOf('theta-tides').at(-1) as FixtureSnapshot;
    expect(last.date).toBe('2022-12-01');
    expect(last.rank_overall).toBeLessThanOrEqual(10);
    const before = await ok<RankingJson>('/v1/statistics/rankings/history?date=2022-12-31', rankingHistorySchema);
    expect(before.data.some((e) => e.game_slug === 'theta-tides')).toBe(true);
    const after = await ok<RankingJson>('/v1/statistics/rankings/history?date=2023-01-15', rankingHistorySchema);
    expect(after.data.some((e) => e.game_slug === 'theta-tides')).toBe(false);
    // Ranks stay 1..n without the stale one: n = the games with a snapshot that day.
    const present = fixture.snapshots.filter((s) => s.date === '2023-01-01' && s.rank_overall !== undefined).length;
    expect(after.data.map((e) => e.rank)).toEqual(Array.from({ length: Math.min(10, present) }, (_, i) => i + 1));
  });

  it('defaults to the latest ranking and top 10; reads category ranks by slug or alias', async () => {
    const latest = await ok<RankingJson>('/v1/statistics/rankings/history', rankingHistorySchema);
    expect(latest).toMatchObject({ scope: 'overall', top: 10, date: '2024-12-01' });
    expect(latest.data.map((e) => e.game_slug)).toEqual(
      [...topAt('2024-12-01', 'overall', 10).entries()].sort(([, a], [, b]) => a - b).map(([slug]) => slug),
    );
    for (const scope of ['strategy', 'strategic']) {
      const body = await ok<RankingJson>(
        `/v1/statistics/rankings/history?scope=${scope}&date=2021-03-05&top=4`,
        rankingHistorySchema,
      );
      expect(body).toMatchObject({ scope: 'strategy', date: '2021-03-01' });
      expect(body.data.map((e) => [e.rank, e.game_slug])).toEqual(
        [...topAt('2021-03-01', 'strategy', 4).entries()]
          .sort(([, a], [, b]) => a - b)
          .map(([slug, rank]) => [rank, slug]),
      );
    }
  });

  it('answers no ranking before the first snapshot', async () => {
    const body = await ok<RankingJson>('/v1/statistics/rankings/history?date=2020-12-31', rankingHistorySchema);
    expect(body).toMatchObject({ date: null, data: [] });
  });

  it('validates scope, top and date', async () => {
    expect(await problem('/v1/statistics/rankings/history?scope=no-such-category', 422)).toMatchObject([
      { field: 'scope', code: 'unknown_reference' },
    ]);
    expect(
      (await problem('/v1/statistics/rankings/history?scope=Not%20A%20Slug&top=101&date=2021-13-01', 400))
        .map((e) => e.field)
        .sort(),
    ).toEqual(['date', 'scope', 'top']);
    expect((await problem('/v1/statistics/rankings/history?top=0&when=now', 400)).map((e) => e.field).sort()).toEqual([
      'top',
      'when',
    ]);
  });
});

interface TransitionsJson {
  scope: string;
  top: number;
  from: string | null;
  to: string | null;
  entered: {
    game_slug: string;
    game_id: string;
    game_name: string;
    entered_rank: number;
    entered_date: string;
    current_rank: number;
  }[];
  exited: { game_slug: string; exited_rank: number; exited_date: string; peak_rank: number }[];
  stable: Record<string, string | number>[];
}

/** D55 spelled out over the window's dates: sets at both ends, runs in between. */
function expectedTransitions(scope: Scope, top: number, from: string, to: string) {
  const all = rankingDates(scope);
  const start = all.filter((d) => d <= from).at(-1) ?? all.find((d) => d >= from) ?? '';
  const end = all.filter((d) => d <= to).at(-1) ?? '';
  const dates = all.filter((d) => d >= start && d <= end);
  const at = dates.map((d) => topAt(d, scope, top));
  const first = at[0];
  const last = at[at.length - 1];
  const entered = [...last.keys()]
    .filter((slug) => !first.has(slug))
    .map((slug) => {
      let i = dates.length - 1;
      while (i > 0 && at[i - 1].has(slug)) i--;
      return { game_slug: slug, entered_rank: at[i].get(slug), entered_date: dates[i], current_rank: last.get(slug) };
    })
    .sort((a, b) => (a.current_rank as number) - (b.current_rank as number));
  const exited = [...first.keys()]
    .filter((slug) => !last.has(slug))
    .map((slug) => {
      const inside = dates.map((_, i) => i).filter((i) => at[i].has(slug));
      const lastIn = inside[inside.length - 1];
      return {
        game_slug: slug,
        exited_rank: at[lastIn].get(slug),
        exited_date: dates[lastIn + 1],
        peak_rank: Math.min(...inside.map((i) => at[i].get(slug) as number)),
      };
    })
    .sort((a, b) => (a.exited_rank as number) - (b.exited_rank as number));
  const stable = [...first.keys()]
    .filter((slug) => last.has(slug))
    .map((slug) => ({
      game_slug: slug,
      rank_from: first.get(slug),
      rank_to: last.get(slug),
      [`rank_${start.slice(0, 4)}`]: first.get(slug),
      [`rank_${end.slice(0, 4)}`]: last.get(slug),
    }))
    .sort((a, b) => (a.rank_to as number) - (b.rank_to as number));
  return { from: start, to: end, entered, exited, stable };
}

describe('GET /v1/statistics/rankings/transitions', () => {
  const cases: [string, Scope, number, string, string][] = [
    ['year_min=2021&year_max=2024&top=5', 'overall', 5, '2021-01-01', '2024-01-01'],
    ['from=2021-03-15&to=2023-07-20&top=3', 'overall', 3, '2021-03-15', '2023-07-20'],
    ['from=2022-01-01&to=2024-12-31', 'overall', 10, '2022-01-01', '2024-12-31'],
    ['scope=strategy&year_min=2021&year_max=2024&top=2', 'strategy', 2, '2021-01-01', '2024-01-01'],
    ['scope=family&from=2020-01-01&to=2024-06-30&top=3', 'family', 3, '2020-01-01', '2024-06-30'],
  ];
  for (const [query, scope, top, from, to] of cases) {
    it(`entered / exited / stable for ${query}`, async () => {
      const body = await ok<TransitionsJson>(`/v1/statistics/rankings/transitions?${query}`, rankingTransitionsSchema);
      const expected = expectedTransitions(scope, top, from, to);
      expect(body).toMatchObject({ scope, top, from: expected.from, to: expected.to });
      expect(body.entered.map(({ game_id: _id, game_name: _name, ...rest }) => rest)).toEqual(expected.entered);
      expect(
        body.exited.map((e) => ({
          game_slug: e.game_slug,
          exited_rank: e.exited_rank,
          exited_date: e.exited_date,
          peak_rank: e.peak_rank,
        })),
      ).toEqual(expected.exited);
      expect(body.stable.map(({ game_id: _id, game_name: _name, ...rest }) => rest)).toEqual(expected.stable);
      for (const e of body.entered) expect(e.game_id).toBe(ids.get(e.game_slug));
      expect(body.entered.length + body.exited.length).toBeGreaterThanOrEqual(query.includes('top=5') ? 1 : 0);
    });
  }

  it('sees movement in the fixture (the cases above are not trivially empty)', async () => {
    const body = await ok<TransitionsJson>(
      '/v1/statistics/rankings/transitions?year_min=2021&year_max=2024&top=5',
      rankingTransitionsSchema,
    );
    expect(body.entered.length).toBeGreaterThan(0);
    expect(body.exited.length).toBeGreaterThan(0);
    expect(body.stable.length).toBeGreaterThan(0);
    expect(body.exited.map((e) => e.game_slug)).toContain('theta-tides');
  });

  it('defaults to the whole history and answers empty lists when no ranking is in the window', async () => {
    const body = await ok<TransitionsJson>('/v1/statistics/rankings/transitions', rankingTransitionsSchema);
    expect(body).toMatchObject({ from: '2021-01-01', to: '2024-12-01', top: 10 });
    const none = await ok<TransitionsJson>(
      '/v1/statistics/rankings/transitions?to=2020-06-01',
      rankingTransitionsSchema,
    );
    expect(none).toMatchObject({ from: null, to: null, entered: [], exited: [], stable: [] });
  });

  it('validates the window', async () => {
    expect(await problem('/v1/statistics/rankings/transitions?from=2022-01-01&year_min=2021', 400)).toMatchObject([
      { field: 'year_min', code: 'invalid_combination' },
    ]);
    expect(await problem('/v1/statistics/rankings/transitions?year_min=2024&year_max=2021', 400)).toMatchObject([
      { field: 'year_min', code: 'invalid_range' },
    ]);
    expect(
      (await problem('/v1/statistics/rankings/transitions?from=yesterday&top=1000&year_max=x', 400))
        .map((e) => e.field)
        .sort(),
    ).toEqual(['from', 'top', 'year_max']);
    expect(await problem('/v1/statistics/rankings/transitions?scope=no-such-category', 422)).toMatchObject([
      { field: 'scope' },
    ]);
  });
});
