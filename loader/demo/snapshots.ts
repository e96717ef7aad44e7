// Illustrative monthly snapshots (2024-01 … 2026-10) for the most-rated demo games, for the
// history and ranking-transition endpoints. Values drift smoothly towards each game's
// current baseline; ranks are the order among the snapshotted games at each date.

import type { CatalogRecord } from '../catalog/records.js';
import { rng, round } from './prng.js';

type Snapshot = Extract<CatalogRecord, { kind: 'snapshot' }>;

export interface SnapshotSubject {
  slug: string;
  categories: readonly string[];
  rating: number;
  ratingVotes: number;
  weight: number;
  weightVotes: number;
  ownerCount: number;
  totalPlays: number;
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

/** Bayesian average with a fixed prior, so small vote counts pull towards the mean. */
const PRIOR_VOTES = 1000;
const PRIOR_MEAN = 6.5;

export function generateSnapshots(subjects: readonly SnapshotSubject[]): Snapshot[] {
  const dates = snapshotDates();
  const last = dates.length - 1;
  const paths = subjects.map((s) => {
    const r = rng(`ludex-demo:snapshots:${s.slug}`);
    const startRating = s.rating + r.range(-0.2, 0.2);
    const startShare = r.range(0.55, 0.8);
    return dates.map((_, i) => {
      const t = i / last;
      const share = startShare + (1 - startShare) * t;
      const rating = round(startRating + (s.rating - startRating) * t + r.normal() * 0.01, 3);
      const ratingCount = Math.round(s.ratingVotes * share);
      return {
        rating,
        ratingCount,
        bayes: round((PRIOR_VOTES * PRIOR_MEAN + rating * ratingCount) / (PRIOR_VOTES + ratingCount), 3),
        weight: round(s.weight + r.normal() * 0.005, 2),
        weightVotes: Math.round(s.weightVotes * share),
        ownerCount: Math.round(s.ownerCount * share),
        totalPlays: Math.round(s.totalPlays * share * share),
      };
    });
  });
  const out: Snapshot[] = [];
  dates.forEach((date, i) => {
    const order = subjects
      .map((s, k) => ({ s, k, bayes: paths[k]?.[i]?.bayes ?? 0 }))
      .sort((a, b) => b.bayes - a.bayes || a.s.slug.localeCompare(b.s.slug));
    const rankOf = new Map(order.map((o, position) => [o.s.slug, position + 1]));
    subjects.forEach((s, k) => {
      const p = paths[k]?.[i];
      if (!p) return;
      const byCategory: Record<string, number> = {};
      // Sorted keys: the order the exporter writes, so import → export keeps the bytes.
      for (const category of [...s.categories].sort()) {
        const peers = order.filter((o) => o.s.categories.includes(category));
        byCategory[category] = peers.findIndex((o) => o.s.slug === s.slug) + 1;
      }
      out.push({
        kind: 'snapshot',
        game: s.slug,
        date,
        rating: p.rating,
        rating_count: p.ratingCount,
        bayes_rating: p.bayes,
        weight: p.weight,
        weight_votes: p.weightVotes,
        rank_overall: rankOf.get(s.slug) ?? subjects.length,
        rank_by_category: byCategory,
        owner_count: p.ownerCount,
        total_plays: p.totalPlays,
      });
    });
  });
  return out;
}
