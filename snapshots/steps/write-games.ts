// Writes the run's results into `games`, touching only rows that differ (D46): a row
// whose aggregates changed gets updated_at = the run time; a row whose trending_score
// alone changed keeps its updated_at. Each row is written by one statement at most.

import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';
import { STEP3_TABLE } from './step3-confidence.js';
import { STEP4_TABLE } from './step4-ranks.js';
import { STEP5_TABLE } from './step5-derived.js';
import { TRENDING_TABLE } from './trending.js';
import { COMMUNITY_CHANGED_TABLE } from './write-community.js';
import { COMMUNITY_TABLES, PLAYS_TABLE } from './step1-community.js';

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

/** List columns: DuckDB updates these by deleting and re-inserting the whole row. */
const LIST_COLUMNS: readonly string[] = ['rating_distribution', 'top_player_counts', 'recommended_player_counts'];

const distinct = (c: string) =>
  // rank_by_category is JSON in games and text here; compare the text.
  c === 'rank_by_category' ? `CAST(g.${c} AS VARCHAR) IS DISTINCT FROM r.${c}` : `g.${c} IS DISTINCT FROM r.${c}`;

const RESULT_VIEW = 'ludex_result';

/** The run's values per game: a view over the step tables, so no wide copy of them is staged. */
const RESULT_SQL = `
CREATE OR REPLACE TEMP VIEW ${RESULT_VIEW} AS
SELECT * FROM ${STEP1_TABLE}
JOIN ${STEP3_TABLE} USING (id)
JOIN ${STEP4_TABLE} USING (id)
JOIN ${STEP5_TABLE} USING (id)
JOIN ${TRENDING_TABLE} USING (id)`;

/** A Game field differs, or the game's community rows were rewritten (write-community.ts). */
const AGGREGATES_DIFFER = [
  ...AGGREGATE_COLUMNS.map(distinct),
  `r.id IN (SELECT id FROM ${COMMUNITY_CHANGED_TABLE})`,
].join(' OR ');

/** Only the ids of the games that differ and what differs: three narrow columns. */
const CHANGES_SQL = `
CREATE OR REPLACE TEMP TABLE ${CHANGES_TABLE} AS
SELECT r.id, (${AGGREGATES_DIFFER}) AS aggregates_changed,
       (${LIST_COLUMNS.map(distinct).join(' OR ')}) AS lists_changed
FROM ${RESULT_VIEW} r JOIN games g ON g.id = r.id
WHERE (${AGGREGATES_DIFFER}) OR g.trending_score IS DISTINCT FROM r.trending_score`;

const UPDATED_AT = 'CASE WHEN c.aggregates_changed THEN $1::TIMESTAMPTZ ELSE games.updated_at END';
const SCALAR_COLUMNS = [...AGGREGATE_COLUMNS.filter((col) => !LIST_COLUMNS.includes(col)), 'trending_score'];

/** UPDATE of `columns` for the changed games whose list columns do (or do not) change. */
const updateSql = (columns: readonly string[], listsChanged: boolean) => `
UPDATE games SET ${columns.map((col) => `${col} = c.${col}`).join(', ')}, updated_at = ${UPDATED_AT}
FROM (SELECT r.*, ch.aggregates_changed FROM ${CHANGES_TABLE} ch JOIN ${RESULT_VIEW} r ON r.id = ch.id
      WHERE ${listsChanged ? '' : 'NOT '}ch.lists_changed) c
WHERE games.id = c.id`;

/** How many games the last writeGames of this transaction changed in any way (trending included). */
export async function gamesChangedCount(db: Queryable): Promise<number> {
  const [row] = await db.all<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${CHANGES_TABLE}`);
  return row?.n ?? 0;
}

/**
 * Applies the differences; returns how many games' aggregates changed. Updates in place,
 * reading the new values straight from the step tables: the rows whose list columns change
 * get every column (DuckDB rewrites such a row whole anyway), the rest only the scalars.
 * Staging full copies of the changed rows (to DELETE and re-INSERT them) was faster but
 * held ~250 MB on a first import of 172k games, until the transaction ended.
 */
export async function writeGames(db: Queryable, now: string): Promise<number> {
  await db.run(RESULT_SQL);
  try {
    await db.run(CHANGES_SQL);
    await db.run(updateSql([...LIST_COLUMNS, ...SCALAR_COLUMNS], true), [now]);
    await db.run(updateSql(SCALAR_COLUMNS, false), [now]);
    const [row] = await db.all<{ n: number }>(
      `SELECT CAST(count(*) FILTER (WHERE aggregates_changed) AS INTEGER) AS n FROM ${CHANGES_TABLE}`,
    );
    return row?.n ?? 0;
  } finally {
    await db.run(`DROP VIEW IF EXISTS ${RESULT_VIEW}`);
  }
}

export const PIPELINE_TABLES = [
  ...Object.values(COMMUNITY_TABLES),
  PLAYS_TABLE,
  STEP1_TABLE,
  STEP3_TABLE,
  STEP4_TABLE,
  STEP5_TABLE,
  TRENDING_TABLE,
  COMMUNITY_CHANGED_TABLE,
  CHANGES_TABLE,
];
