import { describe, expect, it } from 'vitest';
import {
  bayesRating,
  experienceMultipliers,
  histogramStddev,
  languageFromPoll,
  playerCountsAbove,
  ratingConfidence,
  suggestedAgeFromPoll,
} from '../../snapshots/stats.js';
import type { Store } from '../../loader/store.js';
import { emptyStore, game, jsonl, load, stats } from '../loader/catalog-helpers.js';

const ID = (n: number) => `01890000-0000-7000-8000-${String(n).padStart(12, '0')}`;

async function row(store: Store, slug: string): Promise<Record<string, unknown>> {
  const [r] = await store.all(
    `SELECT rating, rating_votes, bayes_rating, rating_confidence, rank_overall, CAST(rank_by_category AS VARCHAR) AS rank_by_category,
            top_player_counts, recommended_player_counts, community_suggested_age, language_dependence,
            community_median_playtime, experience_sufficient_data, experience_first_play, experience_learning,
            experience_experienced, experience_expert, strftime(updated_at, '%Y-%m-%d') AS updated
     FROM games WHERE slug = $1`,
    [slug],
  );
  return r;
}

const categories = jsonl({ kind: 'category', slug: 'c1', name: 'C1' }, { kind: 'category', slug: 'c2', name: 'C2' });

/** G = (8 + 6 + 9) / 3 over the games with votes. */
const ranked = [
  ...categories,
  ...jsonl(
    game('a', { id: ID(1), categories: ['c1'], stats: stats(8, 100, { rating_stddev: 1 }) }),
    game('b', { id: ID(2), categories: ['c1', 'c2'], stats: stats(6, 300, { rating_stddev: 2 }) }),
    game('c', { id: ID(3), categories: ['c2'], stats: stats(9, 1, { rating_stddev: 0 }) }),
    game('d', { id: ID(4), categories: ['c1'], stats: stats(5, 0) }),
    game('e', { id: ID(5), categories: ['c1'] }),
  ),
];

describe('derived aggregates', () => {
  it('computes bayes_rating (K = 100, G = mean of rated games) and ranks', async () => {
    const store = await emptyStore();
    await load(store, ranked);
    const G = 23 / 3;
    expect((await row(store, 'a')).bayes_rating).toBeCloseTo(7.833333333333334, 12);
    expect((await row(store, 'b')).bayes_rating).toBeCloseTo(6.416666666666668, 12);
    expect((await row(store, 'c')).bayes_rating).toBeCloseTo(7.679867986798681, 12);
    expect((await row(store, 'c')).bayes_rating).toBeCloseTo(bayesRating(1, 9, G) ?? Number.NaN, 12);
    expect(await row(store, 'a')).toMatchObject({ rank_overall: 1, rank_by_category: '{"c1":1}' });
    expect(await row(store, 'c')).toMatchObject({ rank_overall: 2, rank_by_category: '{"c2":1}' });
    expect(await row(store, 'b')).toMatchObject({ rank_overall: 3, rank_by_category: '{"c1":2,"c2":2}' });
    // No votes: no bayes, no rank, confidence 0. No stats: nulls throughout.
    expect(await row(store, 'd')).toMatchObject({
      bayes_rating: null,
      rank_overall: null,
      rank_by_category: null,
      rating_confidence: 0,
    });
    expect(await row(store, 'e')).toMatchObject({
      rating: null,
      bayes_rating: null,
      rating_confidence: null,
      rank_overall: null,
      top_player_counts: null,
      experience_sufficient_data: null,
    });
  });

  it('breaks rank ties by votes, then id', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        game('z', { id: ID(1), stats: stats(7, 50) }),
        game('y', { id: ID(2), stats: stats(7, 50) }),
        game('x', { id: ID(3), stats: stats(7, 80) }),
      ),
    );
    // All at rating 7 = G, so bayes is 7 for each: votes decide, then id.
    expect((await row(store, 'x')).rank_overall).toBe(1);
    expect((await row(store, 'z')).rank_overall).toBe(2);
    expect((await row(store, 'y')).rank_overall).toBe(3);
  });

  it('computes rating_confidence with the §8.4 formula', async () => {
    // Worked example: n = 100, σ = 1.4, μ = 8, G = 7 →
    // S = 1 − e^(−0.625) = 0.464739, D = 1 − 1.4/4.5 = 0.688889, M = 1 − (1/9)·(100/200) = 0.944444,
    // √S·√D·M^¼ = 0.557793.
    expect(ratingConfidence(100, 1.4, 8, 7)).toBeCloseTo(0.5577929918471735, 12);
    // SPEC-NOTES calibration: the brigaded game lands at ≈ 0.26.
    expect(ratingConfidence(479, 4.16, 4.1, 7)).toBeCloseTo(0.264092, 5);
    expect(ratingConfidence(0, 1, 7, 7)).toBe(0);

    const store = await emptyStore();
    await load(
      store,
      jsonl(game('p', { stats: stats(8, 100, { rating_stddev: 1.4 }) }), game('q', { stats: stats(6, 50) })),
    );
    expect((await row(store, 'p')).rating_confidence).toBeCloseTo(0.5577929918471735, 12);

    // Without rating_stddev the histogram's population stddev is used.
    const histogram = [0, 0, 0, 0, 0, 2, 0, 2, 0, 0];
    expect(histogramStddev(histogram)).toBe(1);
    const other = await emptyStore();
    await load(
      other,
      jsonl(
        game('h', {
          stats: { rating: 7, rating_votes: 4, rating_distribution: histogram, weight: 2, weight_votes: 1 },
        }),
      ),
    );
    expect((await row(other, 'h')).rating_confidence).toBeCloseTo(ratingConfidence(4, 1, 7, 7), 12);
  });

  it('derives player counts strictly above the thresholds', async () => {
    const rows = [
      { player_count: 4, average_rating: 3.01, rating_count: 5 },
      { player_count: 1, average_rating: 3.0, rating_count: 5 },
      { player_count: 3, average_rating: 4.01, rating_count: 5 },
      { player_count: 2, average_rating: 4.0, rating_count: 5 },
    ];
    expect(playerCountsAbove(rows, 4)).toEqual([3]);
    expect(playerCountsAbove(rows, 3)).toEqual([2, 3, 4]);
    const store = await emptyStore();
    await load(
      store,
      jsonl(game('g', { stats: stats(7, 10, { player_count_ratings: rows }) }), game('h', { stats: stats(7, 10) })),
    );
    expect(await row(store, 'g')).toMatchObject({ top_player_counts: [3], recommended_player_counts: [2, 3, 4] });
    expect(await row(store, 'h')).toMatchObject({ top_player_counts: [], recommended_player_counts: [] });
  });

  it('derives suggested age and language dependence from polls (D50), unless stats state them', async () => {
    const age_poll = [
      { suggested_age: 12, vote_count: 10 },
      { suggested_age: 8, vote_count: 5 },
      { suggested_age: 10, vote_count: 5 },
    ];
    const language_poll = [
      { level: 'some_text', vote_count: 7 },
      { level: 'moderate_text', vote_count: 7 },
      { level: 'no_text', vote_count: 3 },
    ] as const;
    // Cumulative 5, 10, 20 of 20: age 10 is the first to reach half.
    expect(suggestedAgeFromPoll(age_poll)).toBe(10);
    expect(languageFromPoll(language_poll)).toBe('moderate_text');
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        game('polled', { stats: stats(7, 10, { age_poll, language_poll }) }),
        game('stated', {
          stats: stats(7, 10, { age_poll, language_poll, community_suggested_age: 14, language_dependence: 'no_text' }),
        }),
      ),
    );
    expect(await row(store, 'polled')).toMatchObject({
      community_suggested_age: 10,
      language_dependence: 'moderate_text',
    });
    expect(await row(store, 'stated')).toMatchObject({ community_suggested_age: 14, language_dependence: 'no_text' });
  });

  it('computes experience multipliers only with sufficient data (D25)', async () => {
    const levels = (expertReports: number) => [
      { level: 'first_play', median_minutes: 165, total_reports: 342 },
      { level: 'learning', median_minutes: 135, total_reports: 518 },
      { level: 'experienced', median_minutes: 105, total_reports: 1204 },
      { level: 'expert', median_minutes: 80, total_reports: expertReports },
    ];
    expect(experienceMultipliers(levels(30) as Parameters<typeof experienceMultipliers>[0])).toEqual({
      first_play: 165 / 105,
      learning: 135 / 105,
      experienced: 1,
      expert: 80 / 105,
    });
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        game('enough', { stats: stats(7, 10, { experience_playtime: levels(30) }) }),
        game('short', { stats: stats(7, 10, { experience_playtime: levels(29) }) }),
        game('partial', { stats: stats(7, 10, { experience_playtime: levels(300).slice(1) }) }),
      ),
    );
    expect(await row(store, 'enough')).toMatchObject({
      experience_sufficient_data: true,
      experience_first_play: 165 / 105,
      experience_learning: 135 / 105,
      experience_experienced: 1,
      experience_expert: 80 / 105,
      community_median_playtime: 105,
    });
    for (const slug of ['short', 'partial']) {
      expect(await row(store, slug)).toMatchObject({
        experience_sufficient_data: false,
        experience_first_play: null,
        experience_learning: null,
        experience_experienced: null,
        experience_expert: null,
        community_median_playtime: 105,
      });
    }
  });

  it('moves updated_at only for games whose derived values change', async () => {
    const store = await emptyStore();
    await load(store, ranked, { now: new Date('2025-01-01T00:00:00Z') });
    await load(store, ranked, { now: new Date('2025-02-01T00:00:00Z') });
    for (const slug of ['a', 'b', 'c', 'd', 'e']) expect((await row(store, slug)).updated).toBe('2025-01-01');
    // A new unrated game changes nobody's aggregates; a new rated one moves G, so every rated game changes.
    await load(store, jsonl(game('f')), { now: new Date('2025-03-01T00:00:00Z') });
    expect((await row(store, 'a')).updated).toBe('2025-01-01');
    expect((await row(store, 'f')).updated).toBe('2025-03-01');
    await load(store, jsonl(game('g', { stats: stats(10, 1000) })), { now: new Date('2025-04-01T00:00:00Z') });
    expect((await row(store, 'a')).updated).toBe('2025-04-01');
    expect((await row(store, 'd')).updated).toBe('2025-01-01');
    expect((await row(store, 'e')).updated).toBe('2025-01-01');
  });

  it('folds imported raw votes into the baseline (D19): counts, sums, squares and histograms', async () => {
    const store = await emptyStore();
    const histogram = [0, 0, 0, 0, 1, 2, 1, 0, 0, 0]; // 5, 6, 6, 7: mean 6, population σ² = 0.5
    await load(
      store,
      jsonl(
        game('binned', {
          stats: { rating: 6, rating_votes: 4, rating_distribution: histogram, weight: 2, weight_votes: 2 },
        }),
        game('unbinned', { stats: stats(8, 100, { rating_stddev: 1 }) }),
        game('raw-only'),
        { kind: 'rating_vote', game: 'binned', rating: 10 },
        { kind: 'rating_vote', game: 'binned', rating: 1 },
        { kind: 'weight_vote', game: 'binned', weight: 3.5 },
        { kind: 'rating_vote', game: 'unbinned', rating: 2 },
        { kind: 'rating_vote', game: 'raw-only', rating: 4 },
        { kind: 'rating_vote', game: 'raw-only', rating: 9 },
        { kind: 'weight_vote', game: 'raw-only', weight: 1.5 },
      ),
    );
    const read = async (slug: string) =>
      (
        await store.all<Record<string, unknown>>(
          'SELECT rating, rating_votes, rating_stddev, rating_distribution, weight, weight_votes FROM games WHERE slug = $1',
          [slug],
        )
      )[0];
    // binned: votes 5, 6, 6, 7, 10, 1 → mean 35/6, Σx² = 247.
    const binned = await read('binned');
    expect(binned).toMatchObject({
      rating_votes: 6,
      rating_distribution: [1, 0, 0, 0, 1, 2, 1, 0, 0, 1],
      weight_votes: 3,
    });
    expect(binned.rating as number).toBeCloseTo(35 / 6, 12);
    expect(binned.rating_stddev as number).toBeCloseTo(Math.sqrt(247 / 6 - (35 / 6) ** 2), 12);
    expect(binned.weight as number).toBeCloseTo((2 * 2 + 3.5) / 3, 12);
    // unbinned: 100 votes at 8 with σ 1 (Σx² = 100·(1 + 64)) plus a 2; no histogram to add to.
    const unbinned = await read('unbinned');
    expect(unbinned).toMatchObject({ rating_votes: 101, rating_distribution: null, weight_votes: 10, weight: 2.5 });
    expect(unbinned.rating as number).toBeCloseTo(802 / 101, 12);
    expect(unbinned.rating_stddev as number).toBeCloseTo(Math.sqrt((6500 + 4) / 101 - (802 / 101) ** 2), 12);
    // raw-only: the votes alone.
    expect(await read('raw-only')).toEqual({
      rating: 6.5,
      rating_votes: 2,
      rating_stddev: 2.5,
      rating_distribution: [0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
      weight: 1.5,
      weight_votes: 1,
    });
  });
});
