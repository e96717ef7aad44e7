// Step 1: per-game aggregates = baseline ⊕ raw votes (SPEC-NOTES D19).
//
// Ratings merge as (count, sum, sum of squares, histogram): the baseline contributes
// n_b, n_b·μ_b, its variance σ_b² (the stated stddev, else the histogram's) and its
// histogram; the raw votes contribute exact integer sums. A game without raw votes keeps
// its baseline values exactly (no re-division), so import and runs agree to the bit.
// When the baseline has votes but no histogram, the merged histogram is unknown: its
// baseline votes cannot be placed in buckets, and a distribution that did not sum to
// rating_votes would break the contract's invariant — so it is null. When the baseline
// variance is unknown (no stddev, no histogram), the merged stddev is null likewise.
// Weight merges as (count, sum). The polls and play logs come folded from
// step1-community.ts: total_plays = baseline + every raw play log; the community min / max
// playtimes blend the baseline's with the p10 / p90 of the timed logs, weighted by the
// baseline's total_plays and the timed count (blendQuantile); the median is the merged
// experienced-level median; suggested age and language dependence follow the merged polls
// (D50) — a stated baseline value stands only until the game has raw votes of that poll.
// owner_count and wishlist_count have no raw input (collections are v2) and stay the
// baseline's.

import { LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/index.js';
import type { Queryable } from '../../loader/store.js';
import { histogramStddevSql } from '../stats.js';
import { blendQuantileSql, COMMUNITY_TABLES, PLAYS_TABLE } from './step1-community.js';

export const STEP1_TABLE = 'ludex_step1';

const BUCKETS = Array.from({ length: 10 }, (_, i) => `count(*) FILTER (WHERE rating = ${i + 1})`).join(', ');

// $1: language levels, least to most text-dependent.
const STEP1_SQL = `
CREATE OR REPLACE TEMP TABLE ${STEP1_TABLE} AS
WITH
raw_ratings AS (
  SELECT game_id, count(*) AS n, sum(rating) AS s, sum(rating * rating) AS ss, [${BUCKETS}]::INTEGER[] AS hist
  FROM rating_votes GROUP BY game_id
),
raw_weights AS (
  SELECT game_id, count(*) AS n, sum(weight) AS s FROM weight_votes GROUP BY game_id
),
age AS (
  SELECT game_id, min(suggested_age) FILTER (WHERE total > 0 AND 2 * cumulative >= total) AS age
  FROM (
    SELECT game_id, suggested_age,
           sum(vote_count) OVER (PARTITION BY game_id ORDER BY suggested_age) AS cumulative,
           sum(vote_count) OVER (PARTITION BY game_id) AS total
    FROM ${COMMUNITY_TABLES.age_poll}
  ) GROUP BY game_id
),
raw_age AS (SELECT DISTINCT game_id FROM age_votes),
raw_language AS (SELECT DISTINCT game_id FROM language_votes),
language AS (
  SELECT game_id, level FROM (
    SELECT game_id, level, row_number() OVER (
             PARTITION BY game_id ORDER BY vote_count DESC, list_position($1::VARCHAR[], level) DESC) AS n
    FROM ${COMMUNITY_TABLES.language_poll} WHERE vote_count > 0
  ) WHERE n = 1
),
experienced AS (
  SELECT game_id, median_minutes FROM ${COMMUNITY_TABLES.experience_playtime} WHERE level = 'experienced'
),
parts AS (
  SELECT gm.id, gm.status, s.game_id IS NOT NULL AS has_stats,
         s.rating_votes AS base_votes, coalesce(s.rating_votes, 0) AS nb, s.rating AS mb,
         s.rating_stddev AS base_stddev, s.rating_distribution AS base_hist,
         coalesce(s.rating_stddev, ${histogramStddevSql('s.rating_distribution')}) AS sb,
         r.n AS nr, r.s AS sr, r.ss AS ssr, r.hist AS hr,
         s.weight AS wb, s.weight_votes AS wnb, w.n AS wnr, CAST(w.s AS DOUBLE) AS wsr,
         s.owner_count, s.wishlist_count,
         CAST(CASE WHEN p.plays IS NULL THEN s.total_plays ELSE coalesce(s.total_plays, 0) + p.plays END AS INTEGER)
           AS total_plays,
         ${blendQuantileSql('p.timed', 'p.p10', 's.game_id IS NOT NULL', 'coalesce(s.total_plays, 0)', 's.community_min_playtime')}
           AS community_min_playtime,
         ${blendQuantileSql('p.timed', 'p.p90', 's.game_id IS NOT NULL', 'coalesce(s.total_plays, 0)', 's.community_max_playtime')}
           AS community_max_playtime,
         e.median_minutes AS community_median_playtime,
         CASE WHEN ra.game_id IS NULL THEN coalesce(s.community_suggested_age, age.age) ELSE age.age END
           AS community_suggested_age,
         CASE WHEN rl.game_id IS NULL THEN coalesce(s.language_dependence, language.level) ELSE language.level END
           AS language_dependence,
         coalesce(s.unranked, false) AS unranked
  FROM games gm
  LEFT JOIN baseline_stats s ON s.game_id = gm.id
  LEFT JOIN raw_ratings r ON r.game_id = gm.id
  LEFT JOIN raw_weights w ON w.game_id = gm.id
  LEFT JOIN age ON age.game_id = gm.id
  LEFT JOIN language ON language.game_id = gm.id
  LEFT JOIN experienced e ON e.game_id = gm.id
  LEFT JOIN ${PLAYS_TABLE} p ON p.game_id = gm.id
  LEFT JOIN raw_age ra ON ra.game_id = gm.id
  LEFT JOIN raw_language rl ON rl.game_id = gm.id
)
SELECT id, status, has_stats,
       CAST(CASE WHEN nr IS NULL THEN base_votes ELSE nb + nr END AS INTEGER) AS rating_votes,
       CASE WHEN nr IS NULL THEN mb ELSE (nb * coalesce(mb, 0) + sr) / (nb + nr) END AS rating,
       CASE
         WHEN nr IS NULL THEN sb
         WHEN nb > 0 AND sb IS NULL THEN NULL
         -- Chan et al.: M2 = M2_b + M2_r + n_b·n_r/n·(μ_b − μ_r)²; M2_r exact in integers.
         ELSE sqrt(greatest(0.0, (
                nb * pow(coalesce(sb, 0), 2)
                + CAST(ssr * nr - sr * sr AS DOUBLE) / nr
                + CASE WHEN nb > 0 THEN nb * nr / (nb + nr) * pow(mb - sr / nr, 2) ELSE 0 END
              ) / (nb + nr)))
       END AS rating_stddev,
       CASE
         WHEN nr IS NULL THEN base_hist
         WHEN nb = 0 THEN hr
         WHEN base_hist IS NULL THEN NULL
         ELSE list_transform(base_hist, lambda c, i: CAST(c + hr[i] AS INTEGER))
       END AS rating_distribution,
       CAST(CASE WHEN wnr IS NULL THEN wnb ELSE coalesce(wnb, 0) + wnr END AS INTEGER) AS weight_votes,
       CASE WHEN wnr IS NULL THEN wb ELSE (coalesce(wnb, 0) * coalesce(wb, 0) + wsr) / (coalesce(wnb, 0) + wnr) END AS weight,
       owner_count, wishlist_count, total_plays, community_min_playtime, community_max_playtime,
       community_median_playtime, community_suggested_age, language_dependence, unranked
FROM parts`;

export async function mergeAggregates(db: Queryable): Promise<void> {
  await db.run(STEP1_SQL, [[...LANGUAGE_DEPENDENCE_LEVELS]]);
}
