// Refreshes the Game aggregate columns from the baseline statistics, set-wise in one
// UPDATE. Until materialization merges raw votes in (SPEC-NOTES D19), the aggregates are
// the baseline plus what is derived from it: thresholds, multipliers, Bayesian rating,
// confidence and ranks. Only rows whose values change get a new updated_at (D46), so a
// repeated import leaves every row as it was.

import { LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/domain.js';
import type { Queryable } from '../store.js';
import {
  BAYES_PRIOR_VOTES,
  EXPERIENCE_MIN_REPORTS,
  RANK_MIN_VOTES,
  RECOMMENDED_PLAYER_COUNT_THRESHOLD,
  TOP_PLAYER_COUNT_THRESHOLD,
  bayesRatingSql,
  histogramStddevSql,
  ratingConfidenceSql,
} from './derive-formulas.js';

export interface DeriveOptions {
  /** ISO 8601 time written to updated_at of changed games. */
  now: string;
  bayesPriorVotes?: number;
  rankMinVotes?: number;
  experienceMinReports?: number;
}

/** The aggregate columns this step owns (trending_score belongs to materialization). */
export const DERIVED_COLUMNS = [
  'rating',
  'rating_votes',
  'rating_stddev',
  'rating_distribution',
  'rating_confidence',
  'bayes_rating',
  'weight',
  'weight_votes',
  'rank_overall',
  'rank_by_category',
  'owner_count',
  'wishlist_count',
  'total_plays',
  'community_min_playtime',
  'community_max_playtime',
  'community_median_playtime',
  'community_suggested_age',
  'language_dependence',
  'top_player_counts',
  'recommended_player_counts',
  'experience_sufficient_data',
  'experience_first_play',
  'experience_learning',
  'experience_experienced',
  'experience_expert',
] as const;

// Parameters: $1 now, $2 K, $3 rank min votes, $4 top threshold, $5 recommended threshold,
// $6 experience min reports, $7 language levels (least to most text-dependent).
const DERIVED_SQL = `
WITH
-- D20 global mean over active games with votes; summed in id order so repeated runs give
-- the identical double (a parallel SUM may add in any order).
global AS (
  SELECT list_sum(list(s.rating ORDER BY s.game_id)) / count(*) AS g
  FROM baseline_stats s JOIN games gm ON gm.id = s.game_id
  WHERE gm.status = 'active' AND s.rating_votes > 0
),
counts AS (
  SELECT game_id,
         list(player_count ORDER BY player_count) FILTER (WHERE average_rating > $4) AS top,
         list(player_count ORDER BY player_count) FILTER (WHERE average_rating > $5) AS recommended
  FROM baseline_player_count_ratings GROUP BY game_id
),
age AS (
  SELECT game_id, min(suggested_age) FILTER (WHERE total > 0 AND 2 * cumulative >= total) AS age
  FROM (
    SELECT game_id, suggested_age,
           sum(vote_count) OVER (PARTITION BY game_id ORDER BY suggested_age) AS cumulative,
           sum(vote_count) OVER (PARTITION BY game_id) AS total
    FROM baseline_age_poll
  ) GROUP BY game_id
),
language AS (
  SELECT game_id, level FROM (
    SELECT game_id, level, row_number() OVER (
             PARTITION BY game_id ORDER BY vote_count DESC, list_position($7::VARCHAR[], level) DESC) AS n
    FROM baseline_language_poll WHERE vote_count > 0
  ) WHERE n = 1
),
experience AS (
  SELECT game_id,
         max(median_minutes) FILTER (WHERE level = 'first_play') AS first_play,
         max(median_minutes) FILTER (WHERE level = 'learning') AS learning,
         max(median_minutes) FILTER (WHERE level = 'experienced') AS experienced,
         max(median_minutes) FILTER (WHERE level = 'expert') AS expert,
         count(*) FILTER (WHERE total_reports >= $6) AS sufficient_levels
  FROM baseline_experience_playtime GROUP BY game_id
),
base AS (
  SELECT gm.id, gm.status, s.game_id IS NOT NULL AS has_stats,
         s.rating, s.rating_votes, s.rating_stddev, s.rating_distribution, s.weight, s.weight_votes,
         s.owner_count, s.wishlist_count, s.total_plays, s.community_min_playtime, s.community_max_playtime,
         e.experienced AS community_median_playtime,
         coalesce(s.community_suggested_age, age.age) AS community_suggested_age,
         coalesce(s.language_dependence, language.level) AS language_dependence,
         CASE WHEN s.game_id IS NOT NULL THEN coalesce(counts.top, []::INTEGER[]) END AS top_player_counts,
         CASE WHEN s.game_id IS NOT NULL THEN coalesce(counts.recommended, []::INTEGER[]) END AS recommended_player_counts,
         coalesce(e.sufficient_levels = 4 AND e.experienced > 0, false) AS sufficient,
         e.first_play, e.learning, e.experienced, e.expert,
         ${bayesRatingSql('s.rating_votes', 's.rating', 'global.g', '$2')} AS bayes_rating,
         ${ratingConfidenceSql('s.rating_votes', `coalesce(s.rating_stddev, ${histogramStddevSql('s.rating_distribution')})`, 's.rating', 'coalesce(global.g, s.rating)')} AS confidence
  FROM games gm
  LEFT JOIN baseline_stats s ON s.game_id = gm.id
  LEFT JOIN counts ON counts.game_id = gm.id
  LEFT JOIN age ON age.game_id = gm.id
  LEFT JOIN language ON language.game_id = gm.id
  LEFT JOIN experience e ON e.game_id = gm.id
  CROSS JOIN global
),
-- D21: active games with enough votes, by bayes_rating, then votes, then id.
rankable AS (
  SELECT id, bayes_rating, rating_votes FROM base WHERE status = 'active' AND rating_votes >= $3
),
overall AS (
  SELECT id, row_number() OVER (ORDER BY bayes_rating DESC NULLS LAST, rating_votes DESC, id) AS rank FROM rankable
),
by_category AS (
  SELECT game_id,
         '{' || string_agg(to_json(slug)::VARCHAR || ':' || rank, ',' ORDER BY slug) || '}' AS ranks
  FROM (
    SELECT gt.game_id, t.slug, row_number() OVER (
             PARTITION BY t.id ORDER BY r.bayes_rating DESC NULLS LAST, r.rating_votes DESC, r.id) AS rank
    FROM game_terms gt
    JOIN terms t ON t.id = gt.term_id AND t.kind = 'category'
    JOIN rankable r ON r.id = gt.game_id
  ) GROUP BY game_id
)
SELECT b.id,
       b.rating, b.rating_votes, b.rating_stddev, b.rating_distribution,
       CASE WHEN b.has_stats THEN b.confidence END AS rating_confidence,
       b.bayes_rating, b.weight, b.weight_votes,
       o.rank::INTEGER AS rank_overall,
       c.ranks AS rank_by_category,
       b.owner_count, b.wishlist_count, b.total_plays, b.community_min_playtime, b.community_max_playtime,
       b.community_median_playtime, b.community_suggested_age, b.language_dependence,
       b.top_player_counts, b.recommended_player_counts,
       CASE WHEN b.has_stats THEN b.sufficient END AS experience_sufficient_data,
       CASE WHEN b.sufficient THEN b.first_play / b.experienced END AS experience_first_play,
       CASE WHEN b.sufficient THEN b.learning / b.experienced END AS experience_learning,
       CASE WHEN b.sufficient THEN 1.0 END AS experience_experienced,
       CASE WHEN b.sufficient THEN b.expert / b.experienced END AS experience_expert
FROM base b
LEFT JOIN overall o ON o.id = b.id
LEFT JOIN by_category c ON c.game_id = b.id`;

export function deriveParams(options: DeriveOptions): (string | number | string[])[] {
  return [
    options.now,
    options.bayesPriorVotes ?? BAYES_PRIOR_VOTES,
    options.rankMinVotes ?? RANK_MIN_VOTES,
    TOP_PLAYER_COUNT_THRESHOLD,
    RECOMMENDED_PLAYER_COUNT_THRESHOLD,
    options.experienceMinReports ?? EXPERIENCE_MIN_REPORTS,
    [...LANGUAGE_DEPENDENCE_LEVELS],
  ];
}

/** Writes the derived aggregates; games whose values are unchanged are not touched. */
export async function deriveAggregates(db: Queryable, options: DeriveOptions): Promise<void> {
  const set = DERIVED_COLUMNS.map((c) => `${c} = d.${c}`).join(', ');
  const changed = DERIVED_COLUMNS.map((c) =>
    c === 'rank_by_category'
      ? `CAST(games.${c} AS VARCHAR) IS DISTINCT FROM d.${c}`
      : `games.${c} IS DISTINCT FROM d.${c}`,
  ).join(' OR ');
  await db.run(
    `UPDATE games SET ${set}, updated_at = $1::TIMESTAMPTZ FROM (${DERIVED_SQL}) AS d
     WHERE games.id = d.id AND (${changed})`,
    deriveParams(options),
  );
}
