// The published formulas behind the Game aggregates (SPEC-NOTES D20–D22, D25, D50, §8.4,
// §8.5), twice: as plain functions (tests, docs) and as SQL fragments over column
// expressions (the set-wise pipeline in snapshots/steps/). Both must agree; the derive
// tests check the SQL against the functions on worked examples.

import {
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  LANGUAGE_DEPENDENCE_LEVELS,
  type LanguageDependence,
  RECOMMENDED_PLAYER_COUNT_THRESHOLD,
  TOP_PLAYER_COUNT_THRESHOLD,
} from '../engine/index.js';

/** K of D20: the prior's weight in votes. */
export const BAYES_PRIOR_VOTES = 100;
/** D21: games need this many rating votes to be ranked. */
export const RANK_MIN_VOTES = 1;
/** D25: reports each experience level needs before a game's own multipliers are used. */
export const EXPERIENCE_MIN_REPORTS = 30;
export { RECOMMENDED_PLAYER_COUNT_THRESHOLD, TOP_PLAYER_COUNT_THRESHOLD };

/** §8.4 constants: sample-size scale, maximum stddev on 1–10, mean-deviation scale, damping votes. */
export const CONFIDENCE_SAMPLE_SCALE = 160;
export const CONFIDENCE_MAX_STDDEV = 4.5;
export const CONFIDENCE_DEVIATION_SCALE = 9;
export const CONFIDENCE_DAMPING_VOTES = 100;

/** D20: (K·G + Σr) / (K + n); null when n = 0. */
export function bayesRating(n: number, mean: number, globalMean: number, k = BAYES_PRIOR_VOTES): number | null {
  if (n <= 0) return null;
  return (k * globalMean + mean * n) / (k + n);
}

/** §8.4 (D22): S^0.5 · D^0.5 · M^0.25, 0 when there are no votes. σ is the population stddev. */
export function ratingConfidence(n: number, sigma: number, mean: number, globalMean: number): number {
  if (n <= 0) return 0;
  const s = 1 - Math.exp(-n / CONFIDENCE_SAMPLE_SCALE);
  const d = Math.min(1, Math.max(0, 1 - sigma / CONFIDENCE_MAX_STDDEV));
  const m =
    1 -
    (Math.min(1, Math.abs(mean - globalMean) / CONFIDENCE_DEVIATION_SCALE) * CONFIDENCE_DAMPING_VOTES) /
      (n + CONFIDENCE_DAMPING_VOTES);
  return Math.sqrt(s) * Math.sqrt(d) * m ** 0.25;
}

/** Population stddev of a 10-bucket histogram (index i counts votes of i + 1); null when empty. */
export function histogramStddev(distribution: readonly number[]): number | null {
  let n = 0;
  let sum = 0;
  let squares = 0;
  distribution.forEach((count, i) => {
    n += count;
    sum += count * (i + 1);
    squares += count * (i + 1) ** 2;
  });
  if (n === 0) return null;
  return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

/** §8.5: counts whose average per-count rating is strictly above the threshold, ascending. */
export function playerCountsAbove(
  rows: readonly { player_count: number; average_rating: number }[],
  threshold: number,
): number[] {
  return rows
    .filter((r) => r.average_rating > threshold)
    .map((r) => r.player_count)
    .sort((a, b) => a - b);
}

/** D50: the lowest age at which the cumulative votes reach half of all votes. */
export function suggestedAgeFromPoll(rows: readonly { suggested_age: number; vote_count: number }[]): number | null {
  const total = rows.reduce((s, r) => s + r.vote_count, 0);
  if (total === 0) return null;
  let cumulative = 0;
  for (const row of [...rows].sort((a, b) => a.suggested_age - b.suggested_age)) {
    cumulative += row.vote_count;
    if (2 * cumulative >= total) return row.suggested_age;
  }
  return null;
}

/** D50: the most-voted level; ties go to the more text-dependent level. */
export function languageFromPoll(
  rows: readonly { level: LanguageDependence; vote_count: number }[],
): LanguageDependence | null {
  let best: { level: LanguageDependence; vote_count: number } | null = null;
  for (const row of rows) {
    if (row.vote_count <= 0) continue;
    const rank = LANGUAGE_DEPENDENCE_LEVELS.indexOf(row.level);
    if (
      !best ||
      row.vote_count > best.vote_count ||
      (row.vote_count === best.vote_count && rank > LANGUAGE_DEPENDENCE_LEVELS.indexOf(best.level))
    ) {
      best = row;
    }
  }
  return best?.level ?? null;
}

/**
 * D25: multipliers median[level] / median[experienced] when all four levels have at least
 * EXPERIENCE_MIN_REPORTS reports (and the experienced median is positive); else null.
 */
export function experienceMultipliers(
  rows: readonly { level: ExperienceLevel; median_minutes: number; total_reports: number }[],
  minReports = EXPERIENCE_MIN_REPORTS,
): Record<ExperienceLevel, number> | null {
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  const experienced = byLevel.get('experienced');
  if (!experienced || experienced.median_minutes <= 0) return null;
  const out = {} as Record<ExperienceLevel, number>;
  for (const level of EXPERIENCE_LEVELS) {
    const row = byLevel.get(level);
    if (!row || row.total_reports < minReports) return null;
    out[level] = row.median_minutes / experienced.median_minutes;
  }
  return out;
}

// ---- SQL fragments: arguments are SQL expressions (column names or bound parameters). ----

/** D20 over SQL expressions for n (votes), mean (rating), G (global mean) and K. */
export function bayesRatingSql(n: string, mean: string, globalMean: string, k: string): string {
  return `CASE WHEN ${n} > 0 THEN (${k} * ${globalMean} + ${mean} * ${n}) / (${k} + ${n}) END`;
}

/** §8.4 over SQL expressions; 0 when n = 0, null when σ is unknown. */
export function ratingConfidenceSql(n: string, sigma: string, mean: string, globalMean: string): string {
  return `CASE WHEN ${n} = 0 THEN 0.0 WHEN ${sigma} IS NULL THEN NULL ELSE
    sqrt(1 - exp(-${n} / ${CONFIDENCE_SAMPLE_SCALE}.0))
    * sqrt(greatest(0.0, least(1.0, 1 - ${sigma} / ${CONFIDENCE_MAX_STDDEV})))
    * pow(1 - least(1.0, abs(${mean} - ${globalMean}) / ${CONFIDENCE_DEVIATION_SCALE}.0)
          * ${CONFIDENCE_DAMPING_VOTES}.0 / (${n} + ${CONFIDENCE_DAMPING_VOTES}), 0.25) END`;
}

/** Population stddev of an INTEGER[10] histogram column; null when it is null or empty. */
export function histogramStddevSql(distribution: string): string {
  const n = `list_sum(${distribution})`;
  const sum = `list_sum(list_transform(${distribution}, lambda c, i: c * i))`;
  const squares = `list_sum(list_transform(${distribution}, lambda c, i: c * i * i))`;
  return `CASE WHEN ${n} > 0 THEN sqrt(greatest(0.0, ${squares} / ${n} - pow(${sum} / ${n}, 2))) END`;
}
