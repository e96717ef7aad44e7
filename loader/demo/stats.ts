// Seeded, illustrative community statistics for every demo game. Nothing here is a real
// measurement: the numbers are generated from a per-game hint (rough weight, rating and
// popularity) so that they look plausible and stay identical from build to build.

import type { CatalogStats } from '../catalog/records.js';
import { type ExperienceLevel, LANGUAGE_DEPENDENCE_LEVELS, type LanguageDependence } from '../../engine/index.js';
import { rng, round, type Rng } from './prng.js';
import type { GameFact } from './types.js';

type Stats = CatalogStats;
type PlayerCountRow = NonNullable<Stats['player_count_ratings']>[number];
type ExperienceRow = NonNullable<Stats['experience_playtime']>[number];

/** Fixed values (e.g. from the OpenTabletop samples) that replace generated ones. */
export type StatsOverride = Partial<Stats>;

/** Poll steps as community age polls usually offer them. */
export const AGE_STEPS = [3, 4, 5, 6, 8, 10, 12, 14, 16, 18] as const;
/** Per-count polls beyond a dozen players get no votes in practice, so rows stop there. */
const MAX_POLLED_PLAYER_COUNT = 12;
/** Experience rows count as sufficient from this many reports on (SPEC-NOTES D25). */
const SUFFICIENT_REPORTS = 30;

export function generateStats(game: GameFact, override: StatsOverride = {}): Stats {
  const r = rng(`ludex-demo:stats:${game.slug}`);
  const votes = override.rating_votes ?? Math.max(25, Math.round(game.hint.votes * r.range(0.92, 1.08)));
  const distribution = override.rating_distribution ?? ratingDistribution(r, game.hint.rating, votes);
  const moments = momentsOf(distribution);
  const weight = override.weight ?? round(clamp(game.hint.weight + r.normal() * 0.04, 1, 5), 2);
  // Every other count scales with how many people rated the game.
  const popularity = votes;
  const [generatedMin, generatedMax] = communityPlaytime(r, game);
  const communityMin = override.community_min_playtime ?? generatedMin;
  const communityMax = override.community_max_playtime ?? generatedMax;
  const suggestedAge = override.community_suggested_age ?? suggestedAgeOf(r, game);
  const language = override.language_dependence ?? game.hint.language ?? pickLanguage(r);
  const stats: Stats = {
    rating: override.rating ?? round(moments.mean, 3),
    rating_votes: votes,
    rating_stddev: override.rating_stddev ?? round(moments.stddev, 3),
    rating_distribution: distribution,
    weight,
    weight_votes: override.weight_votes ?? Math.round(popularity * r.range(0.04, 0.09)),
    owner_count: override.owner_count ?? Math.round(popularity * r.range(1.5, 2.4)),
    wishlist_count: override.wishlist_count ?? Math.round(popularity * r.range(0.08, 0.35)),
    total_plays: override.total_plays ?? Math.round(popularity * r.range(2.5, 4) * (6 - weight)),
    community_min_playtime: communityMin,
    community_max_playtime: communityMax,
    community_suggested_age: suggestedAge,
    language_dependence: language,
    // Without printed player counts there are no supported counts to poll.
    player_count_ratings:
      override.player_count_ratings ?? (game.players ? playerCountRatings(r, game.players, popularity) : undefined),
    age_poll: agePoll(r, suggestedAge, popularity),
    language_poll: languagePoll(r, language, popularity),
  };
  const experience =
    override.experience_playtime ?? experiencePlaytime(r, game, communityMin, communityMax, popularity);
  if (experience.length) stats.experience_playtime = experience;
  return stats;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function roundTo(x: number, step: number): number {
  return Math.max(step, Math.round(x / step) * step);
}

/** Histogram of 1..10 votes: a discretized normal whose mean is tuned to the target rating. */
function ratingDistribution(r: Rng, target: number, votes: number): number[] {
  const sd = r.range(1.15, 1.6);
  let mu = target;
  let weights = bucketWeights(mu, sd);
  for (let i = 0; i < 30; i++) {
    mu += target - momentsOfWeights(weights).mean;
    weights = bucketWeights(mu, sd);
  }
  return largestRemainder(weights, votes);
}

/** Real rating histograms have long tails (and a few 1s from protest votes): add a floor. */
const TAIL_FLOOR = 0.006;

function bucketWeights(mu: number, sd: number): number[] {
  return Array.from({ length: 10 }, (_, i) => Math.exp(-(((i + 1 - mu) / sd) ** 2) / 2) + TAIL_FLOOR);
}

/** Scales weights to integers that sum exactly to `total`. */
function largestRemainder(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let rest = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

function momentsOfWeights(weights: readonly number[]): { mean: number; stddev: number } {
  const n = weights.reduce((a, b) => a + b, 0);
  const mean = weights.reduce((a, w, i) => a + w * (i + 1), 0) / n;
  const variance = weights.reduce((a, w, i) => a + w * (i + 1 - mean) ** 2, 0) / n;
  return { mean, stddev: Math.sqrt(variance) };
}

function momentsOf(distribution: readonly number[]): { mean: number; stddev: number } {
  return momentsOfWeights(distribution);
}

function publisherTimes(game: GameFact): readonly [number, number] {
  if (game.time) return game.time;
  // No printed time: estimate from the illustrative weight so community times still exist.
  const mid = 15 + game.hint.weight * 25;
  return [roundTo(mid * 0.8, 5), roundTo(mid * 1.2, 5)];
}

function communityPlaytime(r: Rng, game: GameFact): [number, number] {
  const [min, max] = publisherTimes(game);
  const lo = roundTo(min * r.range(0.75, 1.0), 5);
  const hi = roundTo(max * r.range(1.05, 1.45), 5);
  return [Math.min(lo, hi), Math.max(lo, hi)];
}

function suggestedAgeOf(r: Rng, game: GameFact): number {
  const base = game.age ?? Math.round(7 + game.hint.weight * 1.5);
  const shifted = base + r.pick([-2, 0, 0, 0, 2]);
  return nearestStep(shifted);
}

function nearestStep(age: number): number {
  let best: number = AGE_STEPS[0];
  for (const step of AGE_STEPS) if (Math.abs(step - age) < Math.abs(best - age)) best = step;
  return best;
}

/** A poll whose median lands on `suggested` (community_suggested_age is the poll median). */
function agePoll(r: Rng, suggested: number, popularity: number): { suggested_age: number; vote_count: number }[] {
  const at = AGE_STEPS.indexOf(suggested as (typeof AGE_STEPS)[number]);
  const centre = at < 0 ? AGE_STEPS.indexOf(12) : at;
  const total = Math.max(5, Math.round(popularity * r.range(0.004, 0.012)));
  const below = AGE_STEPS[centre - 1];
  const above = AGE_STEPS[centre + 1];
  const side = Math.floor(total * r.range(0.1, 0.22));
  const rows = [
    ...(below !== undefined && side > 0 ? [{ suggested_age: below, vote_count: side }] : []),
    { suggested_age: AGE_STEPS[centre] ?? 12, vote_count: total - 2 * side },
    ...(above !== undefined && side > 0 ? [{ suggested_age: above, vote_count: side }] : []),
  ];
  return rows.filter((row) => row.vote_count > 0);
}

function pickLanguage(r: Rng): LanguageDependence {
  return r.pick(['no_text', 'no_text', 'some_text', 'some_text', 'moderate_text'] as const);
}

/** The chosen level always holds the plurality, so the poll and the summary agree. */
function languagePoll(
  r: Rng,
  level: LanguageDependence,
  popularity: number,
): { level: LanguageDependence; vote_count: number }[] {
  const centre = LANGUAGE_DEPENDENCE_LEVELS.indexOf(level);
  const total = Math.max(5, Math.round(popularity * r.range(0.002, 0.006)));
  return LANGUAGE_DEPENDENCE_LEVELS.map((l, i) => {
    const distance = Math.abs(i - centre);
    const share = distance === 0 ? 0.7 : distance === 1 ? r.range(0.05, 0.13) : 0.01;
    return { level: l, vote_count: Math.round(total * share) };
  }).filter((row) => row.vote_count > 0);
}

function playerCountRatings(r: Rng, players: readonly [number, number], popularity: number): PlayerCountRow[] {
  const [min, max] = players;
  const top = Math.min(max, MAX_POLLED_PLAYER_COUNT);
  const sweet = clamp(Math.round((min + top) / 2 + r.range(-0.6, 0.6)), min, top);
  const spread = top - min <= 2 ? 0.35 : 0.45;
  const rows: PlayerCountRow[] = [];
  for (let n = min; n <= top; n++) {
    const distance = Math.abs(n - sweet);
    const average = clamp(4.5 - spread * distance + r.normal() * 0.15, 1, 5);
    rows.push({
      player_count: n,
      average_rating: round(average, 1),
      rating_count: Math.max(1, Math.round((popularity * 0.03 * r.range(0.5, 1.1)) / (1 + distance * 0.6))),
      rating_stddev: round(clamp(0.5 + distance * 0.2 + r.range(0, 0.3), 0.3, 2), 1),
    });
  }
  return rows;
}

const LEVEL_FACTORS: readonly { level: ExperienceLevel; lo: number; hi: number; share: number }[] = [
  { level: 'first_play', lo: 1.4, hi: 1.65, share: 0.14 },
  { level: 'learning', lo: 1.18, hi: 1.32, share: 0.27 },
  { level: 'experienced', lo: 1, hi: 1, share: 0.45 },
  { level: 'expert', lo: 0.78, hi: 0.9, share: 0.14 },
];

/**
 * Experience rows for about two thirds of the games: popular ones get enough reports at
 * every level for game-specific multipliers, less popular ones fall below the threshold.
 */
function experiencePlaytime(r: Rng, _game: GameFact, min: number, max: number, popularity: number): ExperienceRow[] {
  if (r.next() > 0.68 && popularity < 40_000) return [];
  const experienced = roundTo((min + max) / 2, 5);
  const reports = popularity >= 20_000 ? Math.round(popularity * r.range(0.01, 0.03)) : r.int(12, 90);
  const rows: ExperienceRow[] = [];
  for (const f of LEVEL_FACTORS) {
    const median = Math.max(5, Math.round(experienced * r.range(f.lo, f.hi)));
    const count = Math.round(reports * f.share);
    if (count === 0) continue;
    rows.push({
      level: f.level,
      median_minutes: median,
      min_minutes: Math.max(1, Math.round(median * r.range(0.65, 0.8))),
      max_minutes: Math.round(median * r.range(1.3, 1.6)),
      total_reports: popularity >= 20_000 ? Math.max(SUFFICIENT_REPORTS, count) : count,
    });
  }
  return rows;
}
