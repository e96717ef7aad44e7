// materialize() against small catalogs with known answers: snapshots per cadence and
// period (D47), play_count_period, the trending score (D40), the prior settings (D20/D21),
// updated_at only on aggregate changes (D46), and the run record on success, failure and
// abandonment.

import { describe, expect, it } from 'vitest';
import { abandonStaleRuns, materialize } from '../../snapshots/materialize.js';
import { periodStart, previousPeriodStart } from '../../snapshots/periods.js';
import type { Store } from '../../loader/store.js';
import { insertRatingVote } from '../../snapshots/votes.js';
import { emptyStore, game, jsonl, load, stats } from '../loader/catalog-helpers.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const DAY = 86_400_000;
const at = (daysBefore: number) => new Date(NOW.getTime() - daysBefore * DAY).toISOString();
let voteNumber = 0;

/** A raw vote as the votes route stores it: no import, so no aggregate moves. */
async function vote(store: Store, slug: string, rating: number, createdAt: string): Promise<void> {
  const [{ id }] = await store.all<{ id: string }>('SELECT id FROM games WHERE slug = $1', [slug]);
  voteNumber++;
  await insertRatingVote(store, {
    id: `01890000-0000-7000-9000-${String(voteNumber).padStart(12, '0')}`,
    game_id: id,
    rating,
    declared_scale: null,
    play_count: null,
    experience_level: null,
    created_at: createdAt,
  });
}

/** A catalog load, then the 'hidden' game taken out of the served catalog. */
async function loadCatalog(store: Store, now: Date): Promise<void> {
  await load(store, catalog, { now });
  await store.run(`UPDATE games SET status = 'archived' WHERE slug = 'hidden'`);
}

async function snapshots(store: Store): Promise<Record<string, unknown>[]> {
  return store.all(
    `SELECT g.slug, strftime(s.snapshot_date, '%Y-%m-%d') AS date, s.rating, s.rating_count, s.bayes_rating, s.rating_confidence,
            s.weight, s.weight_votes, s.rank_overall, CAST(s.rank_by_category AS VARCHAR) AS rank_by_category,
            s.owner_count, s.total_plays, s.play_count_period
     FROM game_snapshots s JOIN games g ON g.id = s.game_id ORDER BY g.slug, s.snapshot_date`,
  );
}

async function gameRow(store: Store, slug: string): Promise<Record<string, unknown>> {
  const [row] = await store.all(
    `SELECT rating, rating_votes, bayes_rating, rating_confidence, weight, weight_votes, rank_overall,
            CAST(rank_by_category AS VARCHAR) AS rank_by_category, owner_count, total_plays, trending_score,
            strftime(updated_at, '%Y-%m-%dT%H:%M:%S') AS updated
     FROM games WHERE slug = $1`,
    [slug],
  );
  return row;
}

const catalog = jsonl(
  { kind: 'category', slug: 'c1', name: 'C1' },
  game('alpha', { categories: ['c1'], stats: stats(8, 100, { owner_count: 50, total_plays: 500 }) }),
  game('beta', { stats: stats(6, 20, { total_plays: 300 }) }),
  game('gamma', { stats: stats(7, 10, { total_plays: 90 }) }),
  game('unrated'),
  game('hidden', { stats: stats(9, 1000) }),
  // The previous month's snapshots: alpha's plays rose by 80, gamma's went down.
  { kind: 'snapshot', game: 'alpha', date: '2026-10-01', total_plays: 420 },
  { kind: 'snapshot', game: 'gamma', date: '2026-10-01', total_plays: 95 },
  // Votes inside the 30-day window (alpha 2 + 1, beta 1) and outside it (beta).
  { kind: 'rating_vote', game: 'alpha', rating: 10, created_at: at(1) },
  { kind: 'rating_vote', game: 'alpha', rating: 9, created_at: at(29) },
  { kind: 'weight_vote', game: 'alpha', weight: 3.5, created_at: at(3) },
  { kind: 'rating_vote', game: 'beta', rating: 7, created_at: at(12) },
  { kind: 'rating_vote', game: 'beta', rating: 2, created_at: at(31) },
);

describe('periods', () => {
  it('dates a period by its first day in UTC, and steps back one period', () => {
    expect(periodStart(new Date('2026-11-22T23:59:59Z'), 'monthly')).toBe('2026-11-01');
    expect(periodStart(new Date('2026-11-22T00:00:00Z'), 'quarterly')).toBe('2026-10-01');
    expect(periodStart(new Date('2026-03-31T23:59:59Z'), 'quarterly')).toBe('2026-01-01');
    expect(periodStart(new Date('2026-11-22T00:00:00Z'), 'yearly')).toBe('2026-01-01');
    expect(previousPeriodStart('2026-01-01', 'monthly')).toBe('2025-12-01');
    expect(previousPeriodStart('2026-10-01', 'quarterly')).toBe('2026-07-01');
    expect(previousPeriodStart('2026-01-01', 'yearly')).toBe('2025-01-01');
  });
});

describe('materialize', () => {
  it('writes one snapshot per active game for the month, from the refreshed aggregates', async () => {
    const store = await emptyStore();
    await loadCatalog(store, new Date('2026-11-01T00:00:00Z'));
    const report = await materialize(store, { trigger: 'cli', now: NOW });
    expect(report.snapshots_written).toBe(4);
    const rows = (await snapshots(store)).filter((s) => s.date === '2026-11-01');
    expect(rows.map((r) => r.slug)).toEqual(['alpha', 'beta', 'gamma', 'unrated']);
    for (const row of rows) {
      const g = await gameRow(store, row.slug as string);
      expect(row).toMatchObject({
        rating: g.rating,
        rating_count: g.rating_votes,
        bayes_rating: g.bayes_rating,
        rating_confidence: g.rating_confidence,
        weight: g.weight,
        weight_votes: g.weight_votes,
        rank_overall: g.rank_overall,
        rank_by_category: g.rank_by_category,
        owner_count: g.owner_count,
        total_plays: g.total_plays,
      });
    }
    // alpha: 100 baseline votes at 8 plus 10 and 9.
    expect(rows[0]).toMatchObject({ rating_count: 102, rating: (800 + 19) / 102, rank_by_category: '{"c1":1}' });
    // total_plays − last month's: 500 − 420; no snapshot last month → null; a drop → null.
    expect(rows.map((r) => r.play_count_period)).toEqual([80, null, null, null]);
    expect(rows[3]).toMatchObject({ rating: null, rating_count: null, bayes_rating: null, total_plays: null });
  });

  it("overwrites the period's snapshot on a second run in the same period", async () => {
    const store = await emptyStore();
    await loadCatalog(store, NOW);
    await materialize(store, { trigger: 'cli', now: NOW });
    const first = await snapshots(store);
    await vote(store, 'beta', 10, at(0));
    const later = new Date(NOW.getTime() + 3_600_000);
    const report = await materialize(store, { trigger: 'cli', now: later });
    const second = await snapshots(store);
    expect(report.snapshots_written).toBe(4);
    expect(second).toHaveLength(first.length);
    const beta = second.find((s) => s.slug === 'beta' && s.date === '2026-11-01');
    expect(beta).toMatchObject({ rating_count: 23, rating: (120 + 7 + 2 + 10) / 23 });
  });

  it('dates snapshots by quarter or year with those cadences', async () => {
    for (const [cadence, date] of [
      ['quarterly', '2026-10-01'],
      ['yearly', '2026-01-01'],
    ] as const) {
      const store = await emptyStore();
      await loadCatalog(store, NOW);
      await load(
        store,
        jsonl({ kind: 'snapshot', game: 'beta', date: previousPeriodStart(date, cadence), total_plays: 250 }),
        { now: NOW },
      );
      const report = await materialize(store, { trigger: 'cli', now: NOW, snapshotCadence: cadence });
      expect(report.snapshots_written).toBe(4);
      const rows = (await snapshots(store)).filter((s) => s.date === date);
      expect(
        rows.map((r) => r.slug),
        cadence,
      ).toEqual(['alpha', 'beta', 'gamma', 'unrated']);
      // Only beta has a snapshot at the start of the previous quarter / year.
      expect(
        rows.map((r) => r.play_count_period),
        cadence,
      ).toEqual([null, 50, null, null]);
    }
  });

  it('scores trending as votes in the window plus the plays increase, ties by bayes_rating', async () => {
    const store = await emptyStore();
    await loadCatalog(store, NOW);
    await materialize(store, { trigger: 'cli', now: NOW });
    const bayes = async (slug: string) => ((await gameRow(store, slug)).bayes_rating as number | null) ?? 0;
    // alpha: 3 votes in the window + 80 plays; beta: 1 vote; gamma: 0 (plays went down); unrated: 0.
    expect((await gameRow(store, 'alpha')).trending_score).toBe(3 + 80 + (await bayes('alpha')) / 16);
    expect((await gameRow(store, 'beta')).trending_score).toBe(1 + (await bayes('beta')) / 16);
    expect((await gameRow(store, 'gamma')).trending_score).toBe((await bayes('gamma')) / 16);
    expect((await gameRow(store, 'unrated')).trending_score).toBe(0);
    // A 7-day window sees only alpha's two most recent votes.
    await materialize(store, { trigger: 'cli', now: NOW, trendingWindowDays: 7 });
    expect((await gameRow(store, 'alpha')).trending_score).toBe(2 + 80 + (await bayes('alpha')) / 16);
    expect((await gameRow(store, 'beta')).trending_score).toBe((await bayes('beta')) / 16);
  });

  it('moves updated_at only when aggregates change, not when trending alone does', async () => {
    const store = await emptyStore();
    await loadCatalog(store, new Date('2026-11-01T00:00:00Z'));
    const first = await materialize(store, { trigger: 'cli', now: NOW });
    // The import folded the votes in; archiving 'hidden' after it moved G, so the four rated games change.
    expect(first.games_updated).toBe(4);
    const before = await gameRow(store, 'alpha');
    // A month later every vote has left the window: trending changes, aggregates do not.
    const later = new Date(NOW.getTime() + 40 * DAY);
    const second = await materialize(store, { trigger: 'cli', now: later });
    expect(second.games_updated).toBe(0);
    const after = await gameRow(store, 'alpha');
    expect(after.trending_score).not.toBe(before.trending_score);
    expect({ ...after, trending_score: 0 }).toEqual({ ...before, trending_score: 0 });
    // A new vote changes alpha's aggregates, and G, so every rated game's bayes.
    await vote(store, 'alpha', 1, later.toISOString());
    const third = await materialize(store, { trigger: 'cli', now: new Date(later.getTime() + DAY) });
    expect(third.games_updated).toBe(4);
    expect((await gameRow(store, 'alpha')).updated).toBe(new Date(later.getTime() + DAY).toISOString().slice(0, 19));
    expect((await gameRow(store, 'unrated')).updated).toBe('2026-11-01T00:00:00');
  });

  it('honours the prior mean, prior votes and minimum votes for ranking', async () => {
    const store = await emptyStore();
    await loadCatalog(store, NOW);
    await materialize(store, { trigger: 'cli', now: NOW, bayesPriorMean: 5, bayesPriorVotes: 10, rankMinVotes: 21 });
    const alpha = await gameRow(store, 'alpha');
    expect(alpha.bayes_rating).toBeCloseTo((10 * 5 + 819) / (10 + 102), 12);
    const beta = await gameRow(store, 'beta');
    expect(beta.bayes_rating).toBeCloseTo((10 * 5 + 129) / (10 + 22), 12);
    // gamma has 10 votes < 21: not ranked; the hidden game is never ranked.
    expect([alpha.rank_overall, beta.rank_overall, (await gameRow(store, 'gamma')).rank_overall]).toEqual([1, 2, null]);
    expect((await gameRow(store, 'hidden')).rank_overall).toBeNull();
  });

  it('leaves games their source does not rank without a rank, keeping their bayes_rating', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        { kind: 'category', slug: 'c1', name: 'C1' },
        game('top', { categories: ['c1'], stats: stats(9, 500) }),
        // BGG leaves re-releases unranked (its "Not Ranked"), however many ratings they have.
        game('reissue', { categories: ['c1'], stats: { ...stats(8.5, 400), unranked: true } }),
        game('third', { categories: ['c1'], stats: stats(7, 300) }),
      ),
      { now: NOW },
    );
    await materialize(store, { trigger: 'cli', now: NOW, bayesPriorMean: 5, bayesPriorVotes: 10, rankMinVotes: 1 });
    const reissue = await gameRow(store, 'reissue');
    expect(reissue.bayes_rating).toBeCloseTo((10 * 5 + 400 * 8.5) / 410, 12);
    expect([reissue.rank_overall, reissue.rank_by_category]).toEqual([null, null]);
    const [top, third] = [await gameRow(store, 'top'), await gameRow(store, 'third')];
    expect([top.rank_overall, third.rank_overall]).toEqual([1, 2]);
    expect([top.rank_by_category, third.rank_by_category]).toEqual(['{"c1":1}', '{"c1":2}']);
  });

  it('records a failed run and leaves the aggregates as they were', async () => {
    const store = await emptyStore();
    await loadCatalog(store, NOW);
    await vote(store, 'gamma', 1, at(0));
    const before = await gameRow(store, 'gamma');
    // A store missing a table the pipeline reads: the run fails as a whole.
    await store.run('DROP TABLE baseline_age_poll');
    await expect(materialize(store, { trigger: 'api', now: NOW })).rejects.toThrow(/baseline_age_poll/);
    expect(await gameRow(store, 'gamma')).toEqual(before);
    expect(await snapshots(store)).toHaveLength(2);
    const runs = await store.all<{ status: string; error: string }>('SELECT status, error FROM materialization_runs');
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('failed');
    expect(runs[0].error).toMatch(/baseline_age_poll/);
  });

  it('marks runs left running as abandoned', async () => {
    const store = await emptyStore();
    await store.run(
      `INSERT INTO materialization_runs (id, trigger, status, started_at) VALUES ('r1', 'api', 'running', now()), ('r2', 'cli', 'succeeded', now())`,
    );
    expect(await abandonStaleRuns(store)).toBe(1);
    expect(await store.all('SELECT id, status FROM materialization_runs ORDER BY id')).toEqual([
      { id: 'r1', status: 'abandoned' },
      { id: 'r2', status: 'succeeded' },
    ]);
  });
});
