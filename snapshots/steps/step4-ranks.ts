// Step 4: bayes_rating (D20) with K = BAYES_PRIOR_VOTES and prior mean BAYES_PRIOR_MEAN or
// G, then one global ordering (D21): active games with at least RANK_MIN_VOTES votes by
// bayes_rating desc, rating_votes desc, id asc; rank_by_category the same per category. A
// game whose baseline source leaves it unranked (baseline_stats.unranked, BGG's "Not Ranked")
// keeps its bayes_rating but gets no rank.
//
// A baseline with its source's own geek rating (BGG's bayesaverage: source_bayes_rating)
// serves it exactly while the game has no local votes; local votes fold into it as into a
// prior-blended average of the baseline's n votes: ((n + K)·bayes_source + Σ local) /
// (n + K + local count), K the prior stored with the import. The source's rank breaks ties
// of equal geek ratings (the dump rounds them), and its per-category ranks are served while
// the game has no local votes. A store with a BGG dump uses the prior fitted to BGG's geek
// rating that the import stored (store_settings `bayes_prior`, written by loader/import/prior.ts),
// whatever the environment says.

import { bayesRatingSql } from '../stats.js';
import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';

export const STEP4_TABLE = 'ludex_step4';

// $1 prior mean, $2 K, $3 minimum votes to be ranked.
const STEP4_SQL = `
CREATE OR REPLACE TEMP TABLE ${STEP4_TABLE} AS
WITH
merged AS MATERIALIZED (
  SELECT m.id, m.status, m.unranked, m.rating_votes, m.rating,
         s.source_bayes_rating AS src, s.source_rank, s.source_rank_by_category,
         coalesce(s.rating_votes, 0) AS nb,
         m.rating_votes - coalesce(s.rating_votes, 0) AS nr,
         m.rating * m.rating_votes - coalesce(s.rating_votes, 0) * coalesce(s.rating, 0) AS sr
  FROM ${STEP1_TABLE} m LEFT JOIN baseline_stats s ON s.game_id = m.id
),
bayes AS MATERIALIZED (
  SELECT id, status, unranked, rating_votes, source_rank,
         CASE WHEN src IS NOT NULL AND coalesce(nr, 0) > 0 THEN NULL ELSE source_rank_by_category END AS source_ranks,
         CASE
           WHEN src IS NOT NULL AND coalesce(nr, 0) <= 0 THEN src
           WHEN src IS NOT NULL THEN ((nb + $2::DOUBLE) * src + sr) / (nb + $2::DOUBLE + nr)
           ELSE ${bayesRatingSql('rating_votes', 'rating', '$1::DOUBLE', '$2::DOUBLE')}
         END AS bayes_rating
  FROM merged
),
rankable AS MATERIALIZED (
  SELECT id, bayes_rating, rating_votes, source_rank FROM bayes
  WHERE status = 'active' AND NOT unranked AND rating_votes >= greatest($3::INTEGER, 1)
),
overall AS (
  SELECT id, row_number() OVER (
           ORDER BY bayes_rating DESC NULLS LAST, source_rank NULLS LAST, rating_votes DESC, id) AS rank
  FROM rankable
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
SELECT b.id, b.bayes_rating, CAST(o.rank AS INTEGER) AS rank_overall,
       CASE WHEN o.rank IS NULL THEN NULL ELSE coalesce(b.source_ranks, c.ranks) END AS rank_by_category
FROM bayes b
LEFT JOIN overall o ON o.id = b.id
LEFT JOIN by_category c ON c.game_id = b.id`;

export async function computeRanks(
  db: Queryable,
  priorMean: number | null,
  priorVotes: number,
  rankMinVotes: number,
): Promise<void> {
  const stored = await storedPrior(db);
  await db.run(
    STEP4_SQL,
    stored ? [stored.mean, stored.votes, stored.minVotes] : [priorMean, priorVotes, rankMinVotes],
  );
}

/** The prior a BGG import stored in store_settings (`bayes_prior`), when it is complete. */
async function storedPrior(db: Queryable): Promise<{ votes: number; mean: number; minVotes: number } | undefined> {
  const [row] = await db.all<{ votes: number | null; mean: number | null; min_votes: number | null }>(
    `SELECT TRY_CAST(json_extract_string(value, '$.votes') AS DOUBLE) AS votes,
            TRY_CAST(json_extract_string(value, '$.mean') AS DOUBLE) AS mean,
            TRY_CAST(json_extract_string(value, '$.minVotes') AS INTEGER) AS min_votes
     FROM store_settings WHERE key = $1 AND json_valid(value)`,
    ['bayes_prior'],
  );
  if (!row || row.votes === null || row.mean === null || row.min_votes === null) return undefined;
  return { votes: Number(row.votes), mean: Number(row.mean), minVotes: Number(row.min_votes) };
}
