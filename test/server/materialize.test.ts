// Votes in through HTTP, POST /v1/admin/materialize, and every aggregate of the touched
// games checked against values this file computes itself from the baseline rows and the
// raw votes in the store (SPEC-NOTES D19–D22, §8.5). Also: votes do not move aggregates
// before a run, a second run changes nothing, one run at a time, admin access only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { ratingConfidence } from '../../snapshots/stats.js';
import { importCatalog } from '../../loader/catalog/import.js';
import { readLines } from '../../loader/lines.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { call, testAppDeps, type GameJson } from '../helpers/app.js';
import type { H3 } from 'h3';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const K = 100; // BAYES_PRIOR_VOTES default
const EXTRA = [
  // No baseline at all: the merged aggregates are the raw votes alone.
  { kind: 'game', slug: 'fresh-game', name: 'Fresh Game', type: 'base_game', categories: ['euro'] },
  // Baseline votes without a histogram: the merged histogram is unknown (null).
  {
    kind: 'game',
    slug: 'no-histogram',
    name: 'No Histogram',
    type: 'base_game',
    stats: { rating: 7.5, rating_votes: 40, rating_stddev: 1.2, weight: 2.5, weight_votes: 12 },
  },
];

interface Baseline {
  rating: number | null;
  rating_votes: number | null;
  rating_stddev: number | null;
  rating_distribution: number[] | null;
  weight: number | null;
  weight_votes: number | null;
}

let store: Store;
let app: H3;
let adminKey: string;
let userKey: string;
const ids: Record<string, string> = {};
const TOUCHED = ['spirit-island', 'fresh-game', 'no-histogram', 'azul'];
const RATINGS: Record<string, number[]> = {
  'spirit-island': [10, 9, 1, 7, 7],
  'fresh-game': [8, 6, 6, 3, 10, 10, 9],
  'no-histogram': [2, 9],
  azul: [5],
};
const WEIGHTS: Record<string, number[]> = {
  'spirit-island': [4.1, 3.0],
  'fresh-game': [2.2, 2.5, 1.0],
  'no-histogram': [5.0],
};

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  await importCatalog(
    store,
    EXTRA.map((r) => JSON.stringify(r)),
    { refresh: aggregateRefresh() },
  );
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  const deps = testAppDeps(store, state);
  app = createApp(deps);
  adminKey = (await deps.keys.create({ admin: true, name: null })).key;
  userKey = (await deps.keys.create({ admin: false, name: null })).key;
  for (const slug of TOUCHED) ids[slug] = (await game(slug)).id as string;
});
afterAll(async () => store.close());

async function game(slug: string): Promise<GameJson> {
  const reply = await call(app, `/v1/games/${slug}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as GameJson;
}

function post(path: string, body?: unknown, key: string | null = adminKey) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  return call(app, path, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Every game's expected rating (n, mean) from baseline_stats and rating_votes, computed here. */
async function expectedRatings(): Promise<Map<string, { n: number; mean: number; status: string }>> {
  const base = await store.all<{ id: string; status: string; n: number | null; mean: number | null }>(
    `SELECT g.id, g.status, s.rating_votes AS n, s.rating AS mean FROM games g LEFT JOIN baseline_stats s ON s.game_id = g.id`,
  );
  const votes = await store.all<{ game_id: string; rating: number }>('SELECT game_id, rating FROM rating_votes');
  const raw = new Map<string, number[]>();
  for (const v of votes) raw.set(v.game_id, [...(raw.get(v.game_id) ?? []), v.rating]);
  const out = new Map<string, { n: number; mean: number; status: string }>();
  for (const b of base) {
    const r = raw.get(b.id) ?? [];
    const nb = b.n ?? 0;
    const n = nb + r.length;
    if (n === 0) continue;
    const mean = r.length === 0 ? (b.mean as number) : (nb * (b.mean ?? 0) + r.reduce((a, x) => a + x, 0)) / n;
    out.set(b.id, { n, mean, status: b.status });
  }
  return out;
}

async function baselineOf(id: string): Promise<Baseline | undefined> {
  const [row] = await store.all<Baseline>(
    'SELECT rating, rating_votes, rating_stddev, rating_distribution, weight, weight_votes FROM baseline_stats WHERE game_id = $1',
    [id],
  );
  return row;
}

async function rawRatings(id: string): Promise<number[]> {
  return (await store.all<{ rating: number }>('SELECT rating FROM rating_votes WHERE game_id = $1', [id])).map(
    (r) => r.rating,
  );
}

async function rawWeights(id: string): Promise<number[]> {
  return (
    await store.all<{ w: number }>('SELECT CAST(weight AS DOUBLE) AS w FROM weight_votes WHERE game_id = $1', [id])
  ).map((r) => r.w);
}

describe('materialization through HTTP', () => {
  const before: Record<string, string> = {};

  it('stores votes without moving any aggregate', async () => {
    for (const slug of TOUCHED) before[slug] = (await call(app, `/v1/games/${slug}`)).text;
    for (const [slug, ratings] of Object.entries(RATINGS)) {
      for (const rating of ratings)
        expect((await post(`/v1/games/${slug}/ratings`, { rating }, userKey)).status).toBe(201);
    }
    for (const [slug, weights] of Object.entries(WEIGHTS)) {
      for (const weight of weights)
        expect((await post(`/v1/games/${slug}/weight`, { weight }, userKey)).status).toBe(201);
    }
    for (const slug of TOUCHED) expect((await call(app, `/v1/games/${slug}`)).text).toBe(before[slug]);
    const [row] = await store.all<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM rating_votes WHERE game_id = $1`,
      [ids['fresh-game']],
    );
    expect(row.n).toBe(RATINGS['fresh-game'].length);
  });

  it('folds baseline and votes into every aggregate of the touched games', async () => {
    const reply = await post('/v1/admin/materialize');
    expect(reply.status, reply.text).toBe(200);
    const report = reply.body as {
      games_updated: number;
      snapshots_written: number;
      global_mean_rating: number;
      run_id: string;
    };
    // Every game's mean from the baseline rows and the votes, then G over active rated games in id order.
    const expected = await expectedRatings();
    const rated = [...expected.entries()].filter(([, e]) => e.status === 'active').sort(([a], [b]) => (a < b ? -1 : 1));
    const G = rated.reduce((sum, [, e]) => sum + e.mean, 0) / rated.length;
    expect(report.global_mean_rating).toBeCloseTo(G, 12);
    // Touched games changed; a change of G moves the bayes of every rated game as well.
    expect(report.games_updated).toBeGreaterThanOrEqual(TOUCHED.length);
    const [{ active }] = await store.all<{ active: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS active FROM games WHERE status = 'active'`,
    );
    expect(report.snapshots_written).toBe(active);

    for (const slug of TOUCHED) {
      const id = ids[slug];
      const g = await game(slug);
      expect(g.updated_at, slug).not.toBe((JSON.parse(before[slug]) as GameJson).updated_at);
      const base = await baselineOf(id);
      const votes = await rawRatings(id);
      for (const r of RATINGS[slug] ?? []) expect(votes).toContain(r);
      const nb = base?.rating_votes ?? 0;
      const mb = base?.rating ?? 0;
      const n = nb + votes.length;
      const sum = nb * mb + votes.reduce((a, x) => a + x, 0);
      const mean = sum / n;
      // Sum of squares: the baseline's from its stddev (population) and mean.
      const sb = base?.rating_stddev ?? null;
      const squares = nb * ((sb ?? 0) ** 2 + mb ** 2) + votes.reduce((a, x) => a + x * x, 0);
      const stddev = Math.sqrt(squares / n - mean ** 2);
      expect(g.rating_votes, slug).toBe(n);
      expect(g.rating as number, slug).toBeCloseTo(mean, 12);
      expect(g.rating_stddev as number, slug).toBeCloseTo(stddev, 9);
      const histogram = Array.from({ length: 10 }, (_, i) => votes.filter((v) => v === i + 1).length);
      if (base === undefined) {
        expect(g.rating_distribution, slug).toEqual(histogram);
      } else if (base.rating_distribution === null) {
        expect(g.rating_distribution, slug).toBeNull();
      } else {
        const merged = base.rating_distribution.map((c, i) => c + histogram[i]);
        expect(g.rating_distribution, slug).toEqual(merged);
        expect(merged.reduce((a, c) => a + c, 0)).toBe(n);
      }
      const weights = await rawWeights(id);
      const wn = (base?.weight_votes ?? 0) + weights.length;
      expect(g.weight_votes, slug).toBe(wn === 0 ? null : wn);
      if (wn > 0)
        expect(g.weight as number, slug).toBeCloseTo(
          ((base?.weight_votes ?? 0) * (base?.weight ?? 0) + weights.reduce((a, w) => a + w, 0)) / wn,
          12,
        );
      const bayes = (K * G + mean * n) / (K + n);
      expect(g.bayes_rating as number, slug).toBeCloseTo(bayes, 12);
      expect(g.rating_confidence as number, slug).toBeCloseTo(ratingConfidence(n, stddev, mean, G), 9);
      expect(g.rating_confidence as number).toBeGreaterThan(0);
      expect(g.rating_confidence as number).toBeLessThanOrEqual(1);
      // §8.5 thresholds from the baseline per-count rows.
      const counts = await store.all<{ player_count: number; average_rating: number }>(
        'SELECT player_count, average_rating FROM baseline_player_count_ratings WHERE game_id = $1 ORDER BY player_count',
        [id],
      );
      if (base !== undefined) {
        expect(g.top_player_counts, slug).toEqual(
          counts.filter((c) => c.average_rating > 4).map((c) => c.player_count),
        );
        expect(g.recommended_player_counts, slug).toEqual(
          counts.filter((c) => c.average_rating > 3).map((c) => c.player_count),
        );
      }
    }
  });

  it('ranks every active game by bayes_rating, votes, id, overall and within categories', async () => {
    const expected = await expectedRatings();
    const rated = [...expected.entries()].filter(([, e]) => e.status === 'active');
    const G = [...rated].sort(([a], [b]) => (a < b ? -1 : 1)).reduce((s, [, e]) => s + e.mean, 0) / rated.length;
    const bayes = new Map(rated.map(([id, e]) => [id, { id, n: e.n, b: (K * G + e.mean * e.n) / (K + e.n) }]));
    const order = [...bayes.values()].sort((x, y) => y.b - x.b || y.n - x.n || (x.id < y.id ? -1 : 1));
    const stored = await store.all<{ id: string; rank_overall: number | null; ranks: string | null }>(
      `SELECT id, rank_overall, CAST(rank_by_category AS VARCHAR) AS ranks FROM games WHERE status = 'active'`,
    );
    const rankOf = new Map(stored.map((r) => [r.id, r.rank_overall]));
    expect(order.map((o) => rankOf.get(o.id))).toEqual(order.map((_, i) => i + 1));
    expect(stored.filter((r) => r.rank_overall !== null)).toHaveLength(order.length);
    // Per category: the same order restricted to the category's games.
    const members = await store.all<{ slug: string; game_id: string }>(
      `SELECT t.slug, gt.game_id FROM game_terms gt JOIN terms t ON t.id = gt.term_id WHERE t.kind = 'category'`,
    );
    const ranksOf = new Map(
      stored.map((r) => [r.id, r.ranks === null ? {} : (JSON.parse(r.ranks) as Record<string, number>)]),
    );
    const slugs = [...new Set(members.map((m) => m.slug))];
    let checked = 0;
    for (const slug of slugs) {
      const inCategory = new Set(members.filter((m) => m.slug === slug).map((m) => m.game_id));
      const ordered = order.filter((o) => inCategory.has(o.id));
      for (const [i, o] of ordered.entries()) expect(ranksOf.get(o.id)?.[slug], `${slug} ${o.id}`).toBe(i + 1);
      checked += ordered.length;
    }
    expect(checked).toBeGreaterThan(100);
    expect((await game('fresh-game')).rank_by_category).toHaveProperty('euro');
  });

  it('serves sort=trending in the materialized trending_score order (recent votes first)', async () => {
    const stored = await store.all<{ slug: string; t: number }>(
      `SELECT slug, trending_score AS t FROM games WHERE status = 'active' ORDER BY trending_score DESC, id LIMIT 50`,
    );
    const reply = await call(app, '/v1/games?sort=trending&limit=50');
    expect(reply.status, reply.text).toBe(200);
    expect((reply.body as { data: GameJson[] }).data.map((g) => g.slug)).toEqual(stored.map((r) => r.slug));
    // fresh-game's 10 votes of today outweigh azul's one; both count whole votes plus bayes/16.
    const score = new Map(
      (
        await store.all<{ slug: string; t: number; b: number }>(
          `SELECT slug, trending_score AS t, bayes_rating AS b FROM games`,
        )
      ).map((r) => [r.slug, r]),
    );
    const recent = async (slug: string) => {
      const [row] = await store.all<{ n: number }>(
        `SELECT CAST((SELECT count(*) FROM rating_votes WHERE game_id = $1 AND created_at > now() - INTERVAL 30 DAY)
                   + (SELECT count(*) FROM weight_votes WHERE game_id = $1 AND created_at > now() - INTERVAL 30 DAY) AS INTEGER) AS n`,
        [ids[slug]],
      );
      return row.n;
    };
    expect(await recent('fresh-game')).toBe(10);
    expect(score.get('fresh-game')?.t).toBe(10 + (score.get('fresh-game')?.b ?? 0) / 16);
  });

  it('changes nothing on a second run without new votes: identical Game JSON, games_updated 0', async () => {
    const ids = (await store.all<{ slug: string }>(`SELECT slug FROM games WHERE status = 'active' ORDER BY slug`)).map(
      (r) => r.slug,
    );
    const first = new Map<string, string>();
    for (const slug of ids) first.set(slug, (await call(app, `/v1/games/${slug}`)).text);
    const reply = await post('/v1/admin/materialize');
    expect(reply.status, reply.text).toBe(200);
    expect((reply.body as { games_updated: number }).games_updated).toBe(0);
    for (const slug of ids) expect((await call(app, `/v1/games/${slug}`)).text, slug).toBe(first.get(slug));
    const runs = await store.all<{ status: string; n: number }>(
      `SELECT status, CAST(count(*) AS INTEGER) AS n FROM materialization_runs GROUP BY status`,
    );
    expect(runs).toEqual([{ status: 'succeeded', n: 2 }]);
  });

  it('starts one run at a time: two concurrent triggers give one 200 and one 409 problem', async () => {
    const replies = await Promise.all([post('/v1/admin/materialize'), post('/v1/admin/materialize')]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const conflict = replies.find((r) => r.status === 409);
    expect(conflict?.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(conflict?.body).toMatchObject({ status: 409 });
    const [{ n }] = await store.all<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM materialization_runs');
    expect(n).toBe(3);
  });

  it('needs an admin key: 401 without one, 403 with a plain key', async () => {
    const none = await post('/v1/admin/materialize', undefined, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const plain = await post('/v1/admin/materialize', undefined, userKey);
    expect(plain.status).toBe(403);
    expect(plain.body).toMatchObject({ status: 403 });
    const [{ n }] = await store.all<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM materialization_runs');
    expect(n).toBe(3);
  });
});
