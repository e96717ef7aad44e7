// Step 1, community part: the polls and the play logs as baseline ⊕ raw (SPEC-NOTES D19,
// D25, D50, §7.4; this replaces D49's "baseline only", written when no raw poll input
// existed). Staged per (game, option) before the per-game merge reads them, and written to
// the community_* tables the API serves (write-community.ts). The formulas are the plain
// functions of snapshots/stats.ts (mergeMoments, foldPoll, percentile, blendQuantile);
// test/snapshots/community-fold.test.ts holds this SQL to them on hand-computed values.
//
// - Per-count ratings: per player count, the baseline row (mean, count, stddev) ⊕ the raw
//   player_count_votes exactly as the ratings merge (counts add, means weigh by count, the
//   second moments combine; stddev null when the baseline has votes but no stddev).
// - Age and language polls: each raw vote adds one to its option (new options get rows).
// - Experience rows: per level, the baseline row ⊕ the play logs of that level whose
//   duration counts as a time (5 min – 24 h): total_reports add; the median, p10 and p90
//   blend by quantile averaging, weighted by the baseline's total_reports and the
//   raw count (blendQuantile), in whole minutes.
// - Per game (ludex_plays): every play log counts as a play; the timed ones give the p10 /
//   p50 / p90 that blend with the baseline's community playtimes in step1-merge.ts.

import type { Queryable } from '../../loader/store.js';
import { PLAY_MINUTES_MAX, PLAY_MINUTES_MIN } from '../stats.js';

export const COMMUNITY_TABLES = {
  player_count_ratings: 'ludex_player_count_ratings',
  age_poll: 'ludex_age_poll',
  language_poll: 'ludex_language_poll',
  experience_playtime: 'ludex_experience_playtime',
} as const;
export const PLAYS_TABLE = 'ludex_plays';

/** The columns of each community table, in table order (the same as its baseline table's). */
export const COMMUNITY_COLUMNS: Readonly<Record<keyof typeof COMMUNITY_TABLES, string>> = {
  player_count_ratings: 'game_id, player_count, average_rating, rating_count, rating_stddev',
  age_poll: 'game_id, suggested_age, vote_count',
  language_poll: 'game_id, level, vote_count',
  experience_playtime: 'game_id, level, median_minutes, min_minutes, max_minutes, total_reports',
};

const TIMED = `minutes BETWEEN ${PLAY_MINUTES_MIN} AND ${PLAY_MINUTES_MAX}`;
const KNOWN = 'game_id IN (SELECT id FROM games)';

/**
 * blendQuantile over SQL expressions: `n` raw count (null or 0: no raw side), `xr` raw
 * quantile, `hasBase` whether a baseline stands, `wb` its weight, `xb` its value.
 */
export function blendQuantileSql(n: string, xr: string, hasBase: string, wb: string, xb: string): string {
  return `CASE WHEN coalesce(${n}, 0) = 0 OR ${xr} IS NULL THEN ${xb}
    WHEN NOT ${hasBase} OR ${wb} <= 0 THEN CAST(round(${xr}) AS INTEGER)
    WHEN ${xb} IS NULL THEN NULL
    ELSE CAST(round((${wb} * ${xb} + ${n} * ${xr}) / (${wb} + ${n})) AS INTEGER) END`;
}

const PLAYER_COUNT_SQL = `
CREATE OR REPLACE TEMP TABLE ${COMMUNITY_TABLES.player_count_ratings} AS
WITH
raw AS (
  SELECT game_id, player_count, count(*) AS nr, sum(rating) AS sr, sum(rating * rating) AS ssr
  FROM player_count_votes WHERE ${KNOWN} GROUP BY game_id, player_count
),
j AS (
  SELECT coalesce(b.game_id, r.game_id) AS game_id, coalesce(b.player_count, r.player_count) AS player_count,
         b.average_rating AS mb, coalesce(b.rating_count, 0) AS nb, b.rating_stddev AS sb, r.nr, r.sr, r.ssr
  FROM (SELECT * FROM baseline_player_count_ratings WHERE ${KNOWN}) b
  FULL JOIN raw r ON r.game_id = b.game_id AND r.player_count = b.player_count
)
SELECT game_id, player_count,
       CASE WHEN nr IS NULL THEN mb ELSE (nb * coalesce(mb, 0) + sr) / (nb + nr) END AS average_rating,
       CAST(CASE WHEN nr IS NULL THEN nb ELSE nb + nr END AS INTEGER) AS rating_count,
       CASE
         WHEN nr IS NULL THEN sb
         WHEN nb > 0 AND sb IS NULL THEN NULL
         ELSE sqrt(greatest(0.0, (
                nb * pow(coalesce(sb, 0), 2)
                + CAST(ssr * nr - sr * sr AS DOUBLE) / nr
                + CASE WHEN nb > 0 THEN nb * nr / (nb + nr) * pow(mb - sr / nr, 2) ELSE 0 END
              ) / (nb + nr)))
       END AS rating_stddev
FROM j`;

const pollSql = (table: string, baseline: string, option: string, rawTable: string, rawOption: string) => `
CREATE OR REPLACE TEMP TABLE ${table} AS
SELECT game_id, ${option}, CAST(sum(vote_count) AS INTEGER) AS vote_count FROM (
  SELECT game_id, ${option}, vote_count FROM ${baseline}
  UNION ALL
  SELECT game_id, ${rawOption} AS ${option}, 1 AS vote_count FROM ${rawTable}
) WHERE ${KNOWN} GROUP BY game_id, ${option}`;

const EXPERIENCE_SQL = `
CREATE OR REPLACE TEMP TABLE ${COMMUNITY_TABLES.experience_playtime} AS
WITH
raw AS (
  SELECT game_id, experience_level AS level, count(*) AS n,
         quantile_cont(minutes, 0.1) AS p10, quantile_cont(minutes, 0.5) AS p50, quantile_cont(minutes, 0.9) AS p90
  FROM play_logs WHERE experience_level IS NOT NULL AND ${TIMED} AND ${KNOWN}
  GROUP BY game_id, experience_level
),
j AS (
  SELECT coalesce(b.game_id, r.game_id) AS game_id, coalesce(b.level, r.level) AS level,
         b.game_id IS NOT NULL AS has_base, coalesce(b.total_reports, 0) AS wb,
         b.median_minutes, b.min_minutes, b.max_minutes, r.n, r.p10, r.p50, r.p90
  FROM (SELECT * FROM baseline_experience_playtime WHERE ${KNOWN}) b
  FULL JOIN raw r ON r.game_id = b.game_id AND r.level = b.level
)
SELECT game_id, level,
       ${blendQuantileSql('n', 'p50', 'has_base', 'wb', 'median_minutes')} AS median_minutes,
       ${blendQuantileSql('n', 'p10', 'has_base', 'wb', 'min_minutes')} AS min_minutes,
       ${blendQuantileSql('n', 'p90', 'has_base', 'wb', 'max_minutes')} AS max_minutes,
       CAST(wb + coalesce(n, 0) AS INTEGER) AS total_reports
FROM j`;

const PLAYS_SQL = `
CREATE OR REPLACE TEMP TABLE ${PLAYS_TABLE} AS
SELECT game_id, count(*) AS plays, count(*) FILTER (WHERE ${TIMED}) AS timed,
       quantile_cont(minutes, 0.1) FILTER (WHERE ${TIMED}) AS p10,
       quantile_cont(minutes, 0.9) FILTER (WHERE ${TIMED}) AS p90
FROM play_logs WHERE ${KNOWN} GROUP BY game_id`;

/** Stages the community tables and the per-game play figures (before mergeAggregates). */
export async function foldCommunity(db: Queryable): Promise<void> {
  await db.run(PLAYER_COUNT_SQL);
  await db.run(pollSql(COMMUNITY_TABLES.age_poll, 'baseline_age_poll', 'suggested_age', 'age_votes', 'age'));
  await db.run(pollSql(COMMUNITY_TABLES.language_poll, 'baseline_language_poll', 'level', 'language_votes', 'level'));
  await db.run(EXPERIENCE_SQL);
  await db.run(PLAYS_SQL);
}
