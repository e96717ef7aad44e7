// Writes the run's results into `games`, touching only rows that differ (D46): a row
// whose aggregates changed gets updated_at = the run time; a row whose trending_score
// alone changed keeps its updated_at. Each row is written by one statement at most.

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
const REWRITE_TABLE = 'ludex_rewrite';

/** List columns: DuckDB updates these by deleting and re-inserting the row, slowly. */
const LIST_COLUMNS: readonly string[] = ['rating_distribution', 'top_player_counts', 'recommended_player_counts'];

const distinct = (c: string) =>
  // rank_by_category is JSON in games and text here; compare the text.
  c === 'rank_by_category' ? `CAST(g.${c} AS VARCHAR) IS DISTINCT FROM r.${c}` : `g.${c} IS DISTINCT FROM r.${c}`;

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
  SELECT r.*, (${AGGREGATE_COLUMNS.map(distinct).join(' OR ')}) AS aggregates_changed,
         (${LIST_COLUMNS.map(distinct).join(' OR ')}) AS lists_changed,
         g.trending_score IS DISTINCT FROM r.trending_score AS trending_changed
  FROM result r JOIN games g ON g.id = r.id
)
SELECT * FROM compared WHERE aggregates_changed OR trending_changed`;

const NEW_VALUES = [...AGGREGATE_COLUMNS, 'trending_score'].map((col) => `c.${col} AS ${col}`).join(', ');
const UPDATED_AT = 'CASE WHEN c.aggregates_changed THEN $1::TIMESTAMPTZ ELSE games.updated_at END';

/**
 * Applies the differences; returns how many games' aggregates changed. Rows whose list
 * columns change are replaced whole (DELETE + INSERT of the full row, several times faster
 * than DuckDB's own list UPDATE); the rest are updated in place.
 */
export async function writeGames(db: Queryable, now: string): Promise<number> {
  await db.run(CHANGES_SQL);
  await db.run(
    `CREATE OR REPLACE TEMP TABLE ${REWRITE_TABLE} AS
     SELECT games.* REPLACE (${NEW_VALUES}, ${UPDATED_AT} AS updated_at)
     FROM games JOIN ${CHANGES_TABLE} c ON c.id = games.id WHERE c.lists_changed`,
    [now],
  );
  await db.run(`DELETE FROM games WHERE id IN (SELECT id FROM ${REWRITE_TABLE})`);
  await db.run(`INSERT INTO games SELECT * FROM ${REWRITE_TABLE}`);
  const scalars = [...AGGREGATE_COLUMNS.filter((col) => !LIST_COLUMNS.includes(col)), 'trending_score'];
  await db.run(
    `UPDATE games SET ${scalars.map((col) => `${col} = c.${col}`).join(', ')}, updated_at = ${UPDATED_AT}
     FROM ${CHANGES_TABLE} c WHERE games.id = c.id AND NOT c.lists_changed`,
    [now],
  );
  const [row] = await db.all<{ n: number }>(`SELECT CAST(count(*) FILTER (WHERE aggregates_changed) AS INTEGER) AS n FROM ${CHANGES_TABLE}`);
  return row?.n ?? 0;
}

export const PIPELINE_TABLES = [STEP1_TABLE, STEP3_TABLE, STEP4_TABLE, STEP5_TABLE, TRENDING_TABLE, CHANGES_TABLE, REWRITE_TABLE];
