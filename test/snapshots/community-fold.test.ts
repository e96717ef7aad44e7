// Materialization step 1 folds raw poll votes and play logs into the baseline (SPEC-NOTES
// D19, D25, D50, §7.4, §8.5; issue 16 point 2): per-count ratings, the age and language
// polls, the experience rows, the community playtimes and total_plays, then step 5's
// thresholds and multipliers. Every expected value below is computed by hand in the
// comments; a second run changes nothing; the API serves the folded values.

import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import type { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { materialize } from '../../snapshots/materialize.js';
import { blendQuantile, foldPoll, mergeMoments, percentile, suggestedAgeFromPoll } from '../../snapshots/stats.js';
import { call, testAppDeps } from '../helpers/app.js';
import { emptyStore, game, jsonl, load } from '../loader/catalog-helpers.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const T = '2026-11-01T00:00:00Z';

const baseline = {
  rating: 8,
  rating_votes: 10,
  rating_stddev: 1,
  weight: 3,
  weight_votes: 5,
  total_plays: 40,
  community_min_playtime: 60,
  community_max_playtime: 120,
  community_suggested_age: 12,
  language_dependence: 'no_text',
  player_count_ratings: [
    { player_count: 2, average_rating: 4.0, rating_count: 4, rating_stddev: 1.0 },
    { player_count: 3, average_rating: 3.5, rating_count: 2, rating_stddev: 0.5 },
    { player_count: 4, average_rating: 3.0, rating_count: 1 },
  ],
  age_poll: [
    { suggested_age: 10, vote_count: 3 },
    { suggested_age: 12, vote_count: 4 },
    { suggested_age: 14, vote_count: 2 },
  ],
  language_poll: [
    { level: 'no_text', vote_count: 5 },
    { level: 'some_text', vote_count: 4 },
  ],
  experience_playtime: [
    { level: 'first_play', median_minutes: 90, min_minutes: 70, max_minutes: 120, total_reports: 30 },
    { level: 'learning', median_minutes: 75, min_minutes: 60, max_minutes: 100, total_reports: 40 },
    // 29 reports: one short of D25's 30, so the baseline alone is not sufficient.
    { level: 'experienced', median_minutes: 60, min_minutes: 50, max_minutes: 80, total_reports: 29 },
    { level: 'expert', median_minutes: 50, min_minutes: 40, max_minutes: 60, total_reports: 30 },
  ],
};

const pcv = (slug: string, player_count: number, rating: number) => ({
  kind: 'player_count_vote',
  game: slug,
  player_count,
  rating,
  created_at: T,
});
const log = (slug: string, minutes: number, experience_level?: string) => ({
  kind: 'play_log',
  game: slug,
  minutes,
  ...(experience_level ? { experience_level } : {}),
});

const catalog = jsonl(
  game('fold', { stats: baseline }),
  // A game with no baseline stats at all: the raw rows alone.
  game('fresh'),
  pcv('fold', 2, 5),
  pcv('fold', 2, 5),
  pcv('fold', 3, 4),
  pcv('fold', 4, 2),
  pcv('fold', 5, 4),
  pcv('fold', 5, 5),
  { kind: 'age_vote', game: 'fold', age: 10, created_at: T },
  { kind: 'age_vote', game: 'fold', age: 10, created_at: T },
  { kind: 'age_vote', game: 'fold', age: 10, created_at: T },
  { kind: 'language_vote', game: 'fold', level: 'some_text', created_at: T },
  log('fold', 40, 'experienced'),
  log('fold', 50, 'experienced'),
  log('fold', 3, 'experienced'), // under 5 min: a play, not a time (§7.4)
  log('fold', 70, 'experienced'),
  log('fold', 2000, 'experienced'), // over 24 h: a play, not a time
  log('fold', 100), // no level: a play and a time for the game, no level row
  pcv('fresh', 2, 5),
  log('fresh', 30, 'learning'),
);

/** The catalog stored without the import's refresh, then one materialization run. */
async function materialized(): Promise<Store> {
  const store = await emptyStore();
  await load(store, catalog, { refresh: null });
  await materialize(store, { trigger: 'cli', now: NOW });
  return store;
}

async function gameRow(store: Store, slug: string): Promise<Record<string, unknown>> {
  const [row] = await store.all(
    `SELECT total_plays, community_min_playtime, community_max_playtime, community_median_playtime,
            community_suggested_age, language_dependence, top_player_counts, recommended_player_counts,
            experience_sufficient_data, experience_first_play, experience_learning, experience_experienced,
            experience_expert, rating, rating_votes
     FROM games WHERE slug = $1`,
    [slug],
  );
  return row;
}

const rowsOf = (store: Store, table: string, order: string) =>
  store.all(
    `SELECT g.slug, x.* EXCLUDE (game_id) FROM ${table} x JOIN games g ON g.id = x.game_id ORDER BY g.slug, ${order}`,
  );

async function everything(store: Store): Promise<unknown> {
  return {
    games: await store.all('SELECT * EXCLUDE (created_at) FROM games ORDER BY id'),
    pcr: await rowsOf(store, 'community_player_count_ratings', 'x.player_count'),
    age: await rowsOf(store, 'community_age_poll', 'x.suggested_age'),
    language: await rowsOf(store, 'community_language_poll', 'x.level'),
    experience: await rowsOf(store, 'community_experience_playtime', 'x.level'),
  };
}

describe('the fold formulas (snapshots/stats.ts)', () => {
  it('merge per-count moments as the ratings do', () => {
    // count 2: baseline n=4 μ=4.0 σ=1.0 ⊕ raw [5, 5]: n=6, μ=(16+10)/6=4.333…;
    // M2 = 4·1² + 0 + 4·2/6·(4−5)² = 4 + 1.333… = 5.333…; σ = √(5.333…/6) = √0.888… = 0.9428…
    const merged = mergeMoments({ count: 4, mean: 4, stddev: 1 }, [5, 5]);
    expect(merged?.count).toBe(6);
    expect(merged?.mean).toBeCloseTo(26 / 6, 12);
    expect(merged?.stddev).toBeCloseTo(Math.sqrt(16 / 3 / 6), 12);
    // A baseline with votes but no stddev: the merged spread is unknown.
    expect(mergeMoments({ count: 1, mean: 3, stddev: null }, [2])).toEqual({ count: 2, mean: 2.5, stddev: null });
    expect(mergeMoments(null, [4, 5])).toEqual({ count: 2, mean: 4.5, stddev: 0.5 });
  });

  it('fold polls, take R-7 percentiles and blend quantiles by count', () => {
    const poll = foldPoll(
      [
        { option: 10, vote_count: 3 },
        { option: 12, vote_count: 4 },
        { option: 14, vote_count: 2 },
      ],
      [10, 10, 10],
    );
    expect([...poll]).toEqual([
      [10, 6],
      [12, 4],
      [14, 2],
    ]);
    // 12 votes; cumulative at 10 is 6 and 2·6 ≥ 12 (D50).
    expect(suggestedAgeFromPoll([...poll].map(([suggested_age, vote_count]) => ({ suggested_age, vote_count })))).toBe(
      10,
    );
    // [40, 50, 70, 100]: h = 3·0.1 = 0.3 → 40 + 0.3·10 = 43; h = 3·0.9 = 2.7 → 70 + 0.7·30 = 91.
    expect(percentile([100, 40, 70, 50], 0.1)).toBeCloseTo(43, 12);
    expect(percentile([100, 40, 70, 50], 0.9)).toBeCloseTo(91, 12);
    // (40·60 + 4·43) / 44 = 2572 / 44 = 58.45… → 58.
    expect(blendQuantile({ weight: 40, value: 60 }, { count: 4, value: 43 })).toBe(58);
    expect(blendQuantile({ weight: 40, value: 60 }, { count: 0, value: null })).toBe(60);
    expect(blendQuantile({ weight: 0, value: 60 }, { count: 4, value: 43 })).toBe(43);
    expect(blendQuantile({ weight: 40, value: null }, { count: 4, value: 43 })).toBeNull();
  });
});

describe('materialization folds raw poll votes and play logs', () => {
  it('gives the hand-computed Game fields', async () => {
    const store = await materialized();
    const fold = await gameRow(store, 'fold');
    // Timed logs of the game: 40, 50, 70, 100 (3 and 2000 are plays, not times).
    // p10 = 43, p90 = 91 (R-7, above); baseline weight = its total_plays, 40.
    // min = round((40·60 + 4·43)/44) = round(58.45) = 58; max = round((40·120 + 4·91)/44) = round(5164/44 = 117.36) = 117.
    // total_plays = 40 + 6 logs = 46.
    // Experienced level: timed 40, 50, 70 → n=3, p10 = 40 + 0.2·10 = 42, p50 = 50, p90 = 50 + 0.8·20 = 66;
    // with the baseline row (60/50/80, 29 reports): median = round((29·60 + 3·50)/32) = round(1890/32 = 59.06) = 59,
    // which is community_median_playtime.
    // Age: poll {10: 6, 12: 4, 14: 2} → 10 (the stated 12 stands only until raw age votes exist).
    // Language: {no_text: 5, some_text: 4 + 1} → a tie at 5, won by the more text-dependent some_text (D50).
    // Per-count means: 2 → 26/6 = 4.33; 3 → (2·3.5 + 4)/3 = 3.67; 4 → (3 + 2)/2 = 2.5; 5 → (4 + 5)/2 = 4.5.
    // top (> 4.0) = [2, 5]; recommended (> 3.0) = [2, 3, 5]. (Baseline alone: top [], recommended [2, 3].)
    // Reports: 30, 40, 29 + 3 = 32, 30: all ≥ 30, so sufficient (D25); multipliers over the merged
    // medians 90, 75, 59, 50: 90/59, 75/59, 1, 50/59.
    expect(fold).toMatchObject({
      total_plays: 46,
      community_min_playtime: 58,
      community_max_playtime: 117,
      community_median_playtime: 59,
      community_suggested_age: 10,
      language_dependence: 'some_text',
      top_player_counts: [2, 5],
      recommended_player_counts: [2, 3, 5],
      experience_sufficient_data: true,
      experience_experienced: 1,
      rating: 8,
      rating_votes: 10,
    });
    expect(fold.experience_first_play).toBeCloseTo(90 / 59, 12);
    expect(fold.experience_learning).toBeCloseTo(75 / 59, 12);
    expect(fold.experience_expert).toBeCloseTo(50 / 59, 12);

    // No baseline: one per-count vote (5 > 4) and one 30-minute learning play.
    expect(await gameRow(store, 'fresh')).toMatchObject({
      total_plays: 1,
      community_min_playtime: 30,
      community_max_playtime: 30,
      community_median_playtime: null, // no experienced play
      top_player_counts: [2],
      recommended_player_counts: [2],
      experience_sufficient_data: false,
      experience_first_play: null,
      rating: null,
    });
  });

  it('gives the hand-computed poll and experience rows', async () => {
    const store = await materialized();
    const pcr = (await rowsOf(store, 'community_player_count_ratings', 'x.player_count')) as {
      slug: string;
      player_count: number;
      average_rating: number;
      rating_count: number;
      rating_stddev: number | null;
    }[];
    expect(pcr.map((r) => [r.slug, r.player_count, r.rating_count])).toEqual([
      ['fold', 2, 6],
      ['fold', 3, 3],
      ['fold', 4, 2],
      ['fold', 5, 2],
      ['fresh', 2, 1],
    ]);
    const [two, three, four, five, fresh] = pcr;
    expect(two.average_rating).toBeCloseTo(26 / 6, 12);
    expect(two.rating_stddev).toBeCloseTo(Math.sqrt(16 / 3 / 6), 12); // 0.9428, see above
    expect(three.average_rating).toBeCloseTo(11 / 3, 12);
    // M2 = 2·0.5² + 0 + 2·1/3·(3.5 − 4)² = 0.5 + 0.1667 = 0.6667; σ = √(0.6667/3) = 0.4714.
    expect(three.rating_stddev).toBeCloseTo(Math.sqrt(2 / 3 / 3), 12);
    expect(four).toMatchObject({ average_rating: 2.5, rating_stddev: null }); // baseline stddev unknown
    expect(five).toMatchObject({ average_rating: 4.5, rating_stddev: 0.5 }); // raw only: √(((4−4.5)² + (5−4.5)²)/2)
    expect(fresh).toMatchObject({ average_rating: 5, rating_count: 1, rating_stddev: 0 });

    expect(await rowsOf(store, 'community_age_poll', 'x.suggested_age')).toEqual([
      { slug: 'fold', suggested_age: 10, vote_count: 6 },
      { slug: 'fold', suggested_age: 12, vote_count: 4 },
      { slug: 'fold', suggested_age: 14, vote_count: 2 },
    ]);
    expect(await rowsOf(store, 'community_language_poll', 'x.level')).toEqual([
      { slug: 'fold', level: 'no_text', vote_count: 5 },
      { slug: 'fold', level: 'some_text', vote_count: 5 },
    ]);
    // experienced: min = round((29·50 + 3·42)/32) = round(1576/32 = 49.25) = 49;
    // max = round((29·80 + 3·66)/32) = round(2518/32 = 78.69) = 79. Other levels unchanged.
    expect(await rowsOf(store, 'community_experience_playtime', 'x.median_minutes DESC')).toEqual([
      { slug: 'fold', level: 'first_play', median_minutes: 90, min_minutes: 70, max_minutes: 120, total_reports: 30 },
      { slug: 'fold', level: 'learning', median_minutes: 75, min_minutes: 60, max_minutes: 100, total_reports: 40 },
      { slug: 'fold', level: 'experienced', median_minutes: 59, min_minutes: 49, max_minutes: 79, total_reports: 32 },
      { slug: 'fold', level: 'expert', median_minutes: 50, min_minutes: 40, max_minutes: 60, total_reports: 30 },
      { slug: 'fresh', level: 'learning', median_minutes: 30, min_minutes: 30, max_minutes: 30, total_reports: 1 },
    ]);
    // The baseline stays as imported (export writes it, not the folded rows).
    const [base] = await store.all<{ n: number }>(
      `SELECT CAST(vote_count AS INTEGER) AS n FROM baseline_age_poll b JOIN games g ON g.id = b.game_id
       WHERE g.slug = 'fold' AND suggested_age = 10`,
    );
    expect(base.n).toBe(3);
  });

  it('is idempotent: a second run changes nothing and updates no game', async () => {
    const store = await materialized();
    const before = await everything(store);
    const again = await materialize(store, { trigger: 'cli', now: new Date(NOW.getTime() + 3_600_000) });
    expect(again.games_updated).toBe(0);
    expect(await everything(store)).toEqual(before);
  });

  it('counts a game whose poll alone changed as updated, and folds votes stored after the import', async () => {
    const store = await emptyStore();
    await load(store, catalog);
    const first = await materialize(store, { trigger: 'cli', now: NOW });
    expect(first.games_updated).toBe(0); // the import's refresh already folded everything
    // A 10 vote: the poll becomes {10: 7, 12: 4, 14: 2}; 2·7 ≥ 13, so the age stays 10 and only the poll moves.
    const [{ id }] = await store.all<{ id: string }>(`SELECT id FROM games WHERE slug = 'fold'`);
    await store.run(`INSERT INTO age_votes VALUES ('01900000-0000-7000-8000-0000000000aa', $1, 10, $2::TIMESTAMPTZ)`, [
      id,
      T,
    ]);
    const second = await materialize(store, { trigger: 'cli', now: NOW });
    expect(second.games_updated).toBe(1);
    expect(await gameRow(store, 'fold')).toMatchObject({ community_suggested_age: 10 });
    expect(await rowsOf(store, 'community_age_poll', 'x.suggested_age')).toContainEqual({
      slug: 'fold',
      suggested_age: 10,
      vote_count: 7,
    });
  });

  it('is what the API serves: the Game, include=polls and the experience profile', async () => {
    const store = await materialized();
    const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
    const app = createApp(testAppDeps(store, state));
    const reply = await call(app, '/v1/games/fold?include=polls,experience_playtime');
    expect(reply.status, reply.text).toBe(200);
    const body = reply.body as Record<string, unknown> & {
      polls: {
        player_count_ratings: { player_count: number; rating_count: number }[];
        community_age: { community_suggested_age: number; total_votes: number };
        language_dependence: { level: string; total_votes: number };
      };
    };
    expect(body).toMatchObject({
      total_plays: 46,
      community_min_playtime: 58,
      community_max_playtime: 117,
      community_suggested_age: 10,
      language_dependence: 'some_text',
      top_player_counts: [2, 5],
      recommended_player_counts: [2, 3, 5],
    });
    expect(body.polls.player_count_ratings.map((r) => [r.player_count, r.rating_count])).toEqual([
      [2, 6],
      [3, 3],
      [4, 2],
      [5, 2],
    ]);
    expect(body.polls.community_age).toMatchObject({ community_suggested_age: 10, total_votes: 12 });
    expect(body.polls.language_dependence).toMatchObject({ level: 'some_text', total_votes: 10 });

    const experience = await call(app, '/v1/games/fold/experience-playtime');
    expect(experience.status, experience.text).toBe(200);
    const profile = experience.body as {
      sufficient_data: boolean;
      multiplier_source: string;
      multipliers: Record<string, number>;
      total_reports: number;
    };
    expect(profile).toMatchObject({ sufficient_data: true, multiplier_source: 'game', total_reports: 132 });
    expect(profile.multipliers.first_play).toBeCloseTo(90 / 59, 12);
  });
});
