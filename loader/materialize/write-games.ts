// Writes the run's results into `games`, touching only rows that differ (D46): a row
// whose aggregates changed gets updated_at = the run time; a row whose trending_score
// alone changed keeps its updated_at. Each row is updated by one statement at most.

import type { Queryable } from '../store.js';
import { STEP1_TABLE } from './step1-merge.js';
import { STEP3_TABLE } from './step3-confidence.js';
import { STEP4_TABLE } from './step4-ranks.js';
import { STEP5_TABLE } from './step5-derived.js';
import { TRENDING_TABLE } from './trending.js';

/** The Game aggregate columns the pipeline owns (trending_score aside). */
export const AGGREGATE_COLUMNS = [
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

const CHANGES_TABLE = 'ludex_changes';

const changed = AGGREGATE_COLUMNS.map((c) =>
  // rank_by_category is JSON in games and text here; compare the text.
  c === 'rank_by_category' ? `CAST(g.${c} AS VARCHAR) IS DISTINCT FROM r.${c}` : `g.${c} IS DISTINCT FROM r.${c}`,
).join(' OR ');

const CHANGES_SQL = `
CREATE OR REPLACE TEMP TABLE ${CHANGES_TABLE} AS
WITH result AS (
  SELECT * FROM ${STEP1_TABLE}
  JOIN ${STEP3_TABLE} USING (id)
  JOIN ${STEP4_TABLE} USING (id)
  JOIN ${STEP5_TABLE} USING (id)
  JOIN ${TRENDING_TABLE} USING (id)
),
compared AS (
  SELECT r.*, (${changed}) AS aggregates_changed,
         g.trending_score IS DISTINCT FROM r.trending_score AS trending_changed
  FROM result r JOIN games g ON g.id = r.id
)
SELECT * FROM compared WHERE aggregates_changed OR trending_changed`;

/** Applies the differences; returns how many games' aggregates changed. */
export async function writeGames(db: Queryable, now: string): Promise<number> {
  await db.run(CHANGES_SQL);
  const set = AGGREGATE_COLUMNS.map((c) => `${c} = c.${c}`).join(', ');
  await db.run(
    `UPDATE games SET ${set}, trending_score = c.trending_score,
       updated_at = CASE WHEN c.aggregates_changed THEN $1::TIMESTAMPTZ ELSE games.updated_at END
     FROM ${CHANGES_TABLE} c WHERE games.id = c.id`,
    [now],
  );
  const [row] = await db.all<{ n: number }>(`SELECT CAST(count(*) FILTER (WHERE aggregates_changed) AS INTEGER) AS n FROM ${CHANGES_TABLE}`);
  return row?.n ?? 0;
}

export const PIPELINE_TABLES = [STEP1_TABLE, STEP3_TABLE, STEP4_TABLE, STEP5_TABLE, TRENDING_TABLE, CHANGES_TABLE];
