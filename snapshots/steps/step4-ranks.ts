// Step 4: bayes_rating (D20) with K = BAYES_PRIOR_VOTES and prior mean BAYES_PRIOR_MEAN or
// G, then one global ordering (D21): active games with at least RANK_MIN_VOTES votes by
// bayes_rating desc, rating_votes desc, id asc; rank_by_category the same per category. A
// game whose baseline source leaves it unranked (baseline_stats.unranked, BGG's "Not Ranked")
// keeps its bayes_rating but gets no rank.

import { bayesRatingSql } from '../stats.js';
import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';

export const STEP4_TABLE = 'ludex_step4';

// $1 prior mean, $2 K, $3 minimum votes to be ranked.
const STEP4_SQL = `
CREATE OR REPLACE TEMP TABLE ${STEP4_TABLE} AS
WITH
bayes AS MATERIALIZED (
  SELECT id, status, unranked, rating_votes, ${bayesRatingSql('rating_votes', 'rating', '$1::DOUBLE', '$2::DOUBLE')} AS bayes_rating
  FROM ${STEP1_TABLE}
),
rankable AS MATERIALIZED (
  SELECT id, bayes_rating, rating_votes FROM bayes WHERE status = 'active' AND NOT unranked AND rating_votes >= greatest($3::INTEGER, 1)
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
SELECT b.id, b.bayes_rating, CAST(o.rank AS INTEGER) AS rank_overall, c.ranks AS rank_by_category
FROM bayes b
LEFT JOIN overall o ON o.id = b.id
LEFT JOIN by_category c ON c.game_id = b.id`;

export async function computeRanks(
  db: Queryable,
  priorMean: number | null,
  priorVotes: number,
  rankMinVotes: number,
): Promise<void> {
  await db.run(STEP4_SQL, [priorMean, priorVotes, rankMinVotes]);
}
