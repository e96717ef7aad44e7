// The published formulas behind the Game aggregates (SPEC-NOTES D19–D22, D25, D50, §7.4, §8.4,
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

// ---- Baseline ⊕ raw for the polls and the play logs (docs/materialization.md, step 1). ----

/** §7.4: play-log durations outside [5 min, 24 h] count as plays but not as times. */
export const PLAY_MINUTES_MIN = 5;
export const PLAY_MINUTES_MAX = 24 * 60;

/** A mean with its count and population stddev (null: unknown). */
export interface Moments {
  count: number;
  mean: number;
  stddev: number | null;
}

/**
 * Baseline moments ⊕ raw values, as the ratings merge: counts add, means weigh by count,
 * the second moments combine exactly (Chan et al.). The stddev is null when the baseline
 * has values but no stddev (the merged spread is unknown). No raw values: the baseline as is.
 */
export function mergeMoments(base: Moments | null, raw: readonly number[]): Moments | null {
  if (raw.length === 0) return base;
  const nr = raw.length;
  const sum = raw.reduce((s, x) => s + x, 0);
  const meanR = sum / nr;
  const m2r = raw.reduce((s, x) => s + (x - meanR) ** 2, 0);
  const nb = base?.count ?? 0;
  if (!base || nb === 0) return { count: nr, mean: meanR, stddev: Math.sqrt(m2r / nr) };
  const n = nb + nr;
  const mean = (nb * base.mean + sum) / n;
  if (base.stddev === null) return { count: n, mean, stddev: null };
  const m2 = nb * base.stddev ** 2 + m2r + ((nb * nr) / n) * (base.mean - meanR) ** 2;
  return { count: n, mean, stddev: Math.sqrt(m2 / n) };
}

/** Poll rows ⊕ raw votes: each raw vote adds one to its option's count (new options get rows). */
export function foldPoll<K extends string | number>(
  rows: readonly { option: K; vote_count: number }[],
  votes: readonly K[],
): Map<K, number> {
  const out = new Map<K, number>(rows.map((r) => [r.option, r.vote_count]));
  for (const v of votes) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}

/** The p-quantile (0 ≤ p ≤ 1) by linear interpolation between order statistics (R-7, as D51). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const below = sorted[lo] ?? 0;
  const above = sorted[Math.min(lo + 1, sorted.length - 1)] ?? below;
  return below + (h - lo) * (above - below);
}

/**
 * Quantile averaging (Vincentization): a summary quantile x_b that stands for w_b reports ⊕
 * the same quantile x_r of n_r raw durations = (w_b·x_b + n_r·x_r) / (w_b + n_r), in whole
 * minutes. Exact when either side is empty (w_b ≤ 0: the raw quantile alone; no raw side: x_b
 * unchanged); otherwise the count-weighted blend, so one raw play moves a quantile by at most
 * 1/(w_b + 1) of the gap. A baseline with reports but no stated x_b: null (unknown).
 */
export function blendQuantile(
  base: { weight: number; value: number | null } | null,
  raw: { count: number; value: number | null },
): number | null {
  if (raw.count === 0 || raw.value === null) return base?.value ?? null;
  if (!base || base.weight <= 0) return Math.round(raw.value);
  // Reports whose quantile was never stated: the blend is unknown (as a histogram-less baseline's).
  if (base.value === null) return null;
  return Math.round((base.weight * base.value + raw.count * raw.value) / (base.weight + raw.count));
}

/** Durations that count as times (§7.4). */
export function timedMinutes(minutes: readonly number[]): number[] {
  return minutes.filter((m) => m >= PLAY_MINUTES_MIN && m <= PLAY_MINUTES_MAX);
}
