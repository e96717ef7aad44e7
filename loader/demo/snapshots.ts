// Illustrative monthly snapshots (2024-01 … 2026-10) for every demo game, for the history and
// ranking-transition endpoints. Each game's values drift smoothly towards what the catalog's
// import makes of it (its baseline ⊕ its raw votes and play logs: `subjectOf`), reaching it
// exactly at the last date; and every date is ranked the way a materialization run ranks
// (SPEC-NOTES D20, D21, with the server's defaults): bayes_rating = (K·G + n·μ)/(K + n) with
// K = 100 and G = the mean rating of the games with votes at that date, all games with votes
// ordered by bayes_rating desc, rating_votes desc, id asc; rank_by_category the same within
// each category. So the last seeded snapshot ranks every game as the first run will, and that
// run moves a rank only where the data moved (test/server/history-demo.test.ts holds this).

import type { CatalogRecord } from '../catalog/records.js';
import { rng, round } from './prng.js';
import type { VoteSet } from './votes.js';

type Snapshot = Extract<CatalogRecord, { kind: 'snapshot' }>;
type GameRecord = Extract<CatalogRecord, { kind: 'game' }>;

/** D20's K and D21's minimum votes at the server's defaults (BAYES_PRIOR_VOTES, RANK_MIN_VOTES). */
const PRIOR_VOTES = 100;
const RANK_MIN_VOTES = 1;

/** One game's values as the import's aggregate pipeline computes them: the last snapshot's. */
export interface SnapshotSubject {
  id: string;
  slug: string;
  categories: readonly string[];
  /** null: no rating votes (no rating, no rank). */
  rating: number | null;
  ratingVotes: number;
  weight: number | null;
  weightVotes: number;
  ownerCount: number | null;
  totalPlays: number | null;
}

/** First day of each month from 2024-01 through 2026-10. */
export function snapshotDates(): string[] {
  const dates: string[] = [];
  for (let year = 2024; year <= 2026; year++) {
    for (let month = 1; month <= 12; month++) {
      if (year === 2026 && month > 10) break;
      dates.push(`${year}-${String(month).padStart(2, '0')}-01`);
    }
  }
  return dates;
}

/** A count-weighted mean of a baseline (count, mean) and raw values; null when both are empty. */
function merged(count: number, mean: number | undefined, raw: readonly number[]): number | null {
  const n = count + raw.length;
  if (n === 0) return null;
  if (raw.length === 0) return mean ?? null;
  return (count * (mean ?? 0) + raw.reduce((s, x) => s + x, 0)) / n;
}

/** The game's aggregates after the import: baseline ⊕ raw (docs/materialization.md, step 1). */
export function subjectOf(game: GameRecord, votes: VoteSet): SnapshotSubject {
  const s = game.stats;
  const mine = <T extends { game: string }>(rows: readonly T[]) => rows.filter((v) => v.game === game.slug);
  const ratings = mine(votes.rating).map((v) => v.rating);
  const weights = mine(votes.weight).map((v) => v.weight);
  const plays = mine(votes.plays).length;
  const ratingVotes = (s?.rating_votes ?? 0) + ratings.length;
  const weightVotes = (s?.weight_votes ?? 0) + weights.length;
  return {
    id: game.id ?? game.slug,
    slug: game.slug,
    categories: game.categories ?? [],
    rating: merged(s?.rating_votes ?? 0, s?.rating, ratings),
    ratingVotes,
    weight: merged(s?.weight_votes ?? 0, s?.weight, weights),
    weightVotes,
    ownerCount: s?.owner_count ?? null,
    totalPlays: s?.total_plays === undefined && plays === 0 ? null : (s?.total_plays ?? 0) + plays,
  };
}

interface Point {
  rating: number | null;
  ratingCount: number;
  weight: number | null;
  weightVotes: number;
  ownerCount: number | null;
  totalPlays: number | null;
}

/** A smooth path from a seeded start to the subject's values, equal to them at the last date. */
function path(s: SnapshotSubject, dates: readonly string[]): Point[] {
  const r = rng(`ludex-demo:snapshots:${s.slug}`);
  const last = dates.length - 1;
  const startRating = s.rating === null ? null : s.rating + r.range(-0.2, 0.2);
  const startShare = r.range(0.55, 0.8);
  return dates.map((_, i) => {
    if (i === last) {
      return {
        rating: s.rating,
        ratingCount: s.ratingVotes,
        weight: s.weight,
        weightVotes: s.weightVotes,
        ownerCount: s.ownerCount,
        totalPlays: s.totalPlays,
      };
    }
    const t = i / last;
    const share = startShare + (1 - startShare) * t;
    const noise = r.normal();
    const weightNoise = r.normal();
    const ratingCount = Math.round(s.ratingVotes * share);
    return {
      rating:
        s.rating === null || startRating === null || ratingCount === 0
          ? null
          : round(Math.min(10, Math.max(1, startRating + (s.rating - startRating) * t + noise * 0.01)), 3),
      ratingCount,
      weight: s.weight === null ? null : round(Math.min(5, Math.max(1, s.weight + weightNoise * 0.005)), 2),
      weightVotes: Math.round(s.weightVotes * share),
      ownerCount: s.ownerCount === null ? null : Math.round(s.ownerCount * share),
      totalPlays: s.totalPlays === null ? null : Math.round(s.totalPlays * share * share),
    };
  });
}

interface Ranked {
  bayes: number | null;
  overall: number | null;
  byCategory: Record<string, number>;
}

/** D20 and D21 over one date's points, as step 4 of a run computes them. */
function rankDate(subjects: readonly SnapshotSubject[], points: readonly Point[]): Ranked[] {
  const rated = points.filter((p) => p.rating !== null && p.ratingCount > 0);
  // G: the mean of the per-game ratings, summed in id order as step 2 sums them.
  const byId = subjects
    .map((s, k) => ({ id: s.id, p: points[k] }))
    .filter((x): x is { id: string; p: Point } => x.p !== undefined && x.p.rating !== null && x.p.ratingCount > 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const g = rated.length ? byId.reduce((sum, x) => sum + (x.p.rating ?? 0), 0) / rated.length : 0;
  const bayes = points.map((p) =>
    p.rating === null || p.ratingCount <= 0
      ? null
      : (PRIOR_VOTES * g + p.rating * p.ratingCount) / (PRIOR_VOTES + p.ratingCount),
  );
  const order = subjects
    .map((s, k) => ({ s, k, bayes: bayes[k] ?? null, votes: points[k]?.ratingCount ?? 0 }))
    .filter((o) => o.bayes !== null && o.votes >= RANK_MIN_VOTES)
    .sort(
      (a, b) =>
        (b.bayes ?? 0) - (a.bayes ?? 0) || b.votes - a.votes || (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : 0),
    );
  const out: Ranked[] = subjects.map((_, k) => ({ bayes: bayes[k] ?? null, overall: null, byCategory: {} }));
  const seen = new Map<string, number>();
  order.forEach((o, position) => {
    const ranked = out[o.k];
    if (!ranked) return;
    ranked.overall = position + 1;
    // Sorted keys: the order the exporter writes, so import → export keeps the bytes.
    for (const category of [...o.s.categories].sort()) {
      const rank = (seen.get(category) ?? 0) + 1;
      seen.set(category, rank);
      ranked.byCategory[category] = rank;
    }
  });
  return out;
}

export function generateSnapshots(subjects: readonly SnapshotSubject[]): Snapshot[] {
  const dates = snapshotDates();
  const paths = subjects.map((s) => path(s, dates));
  const out: Snapshot[] = [];
  dates.forEach((date, i) => {
    const points = paths.map((p) => p[i]).filter((p): p is Point => p !== undefined);
    const ranks = rankDate(subjects, points);
    subjects.forEach((s, k) => {
      const p = points[k];
      const rank = ranks[k];
      if (!p || !rank) return;
      const snapshot: Snapshot = { kind: 'snapshot', game: s.slug, date };
      // Numbers rounded for a readable file; the ranks come from the unrounded values.
      if (p.rating !== null) snapshot.rating = round(p.rating, 3);
      if (p.rating !== null) snapshot.rating_count = p.ratingCount;
      if (rank.bayes !== null) snapshot.bayes_rating = round(rank.bayes, 3);
      if (p.weight !== null) snapshot.weight = round(p.weight, 2);
      if (p.weight !== null) snapshot.weight_votes = p.weightVotes;
      if (rank.overall !== null) snapshot.rank_overall = rank.overall;
      if (Object.keys(rank.byCategory).length) snapshot.rank_by_category = rank.byCategory;
      if (p.ownerCount !== null) snapshot.owner_count = p.ownerCount;
      if (p.totalPlays !== null) snapshot.total_plays = p.totalPlays;
      out.push(snapshot);
    });
  });
  return out;
}
