// The `trending` sort key (SPEC-NOTES D40): rating and weight votes received in the
// TRENDING_WINDOW_DAYS before the run, plus the total_plays increase since the previous
// period's snapshot. The engine sorts by this one number with ties by id, so D40's tie
// break by bayes_rating is folded in as a fraction: activity is a whole number and
// bayes_rating / 16 lies in [0, 0.625], so it orders only games of equal activity.
// trending_score is not part of the Game JSON and never moves updated_at.

import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';
import { STEP4_TABLE } from './step4-ranks.js';

export const TRENDING_TABLE = 'ludex_trending';
/** Divides bayes_rating (≤ 10) into a fraction below 1; a power of two, so exact. */
export const TRENDING_TIE_DIVISOR = 16;

// $1 run time, $2 window in days, $3 previous period's snapshot date.
const TRENDING_SQL = `
CREATE OR REPLACE TEMP TABLE ${TRENDING_TABLE} AS
WITH
recent AS (
  SELECT game_id, count(*) AS n FROM (
    SELECT game_id FROM rating_votes
    WHERE created_at > $1::TIMESTAMPTZ - to_days($2::INTEGER) AND created_at <= $1::TIMESTAMPTZ
    UNION ALL
    SELECT game_id FROM weight_votes
    WHERE created_at > $1::TIMESTAMPTZ - to_days($2::INTEGER) AND created_at <= $1::TIMESTAMPTZ
  ) GROUP BY game_id
),
previous AS (
  SELECT game_id, total_plays FROM game_snapshots WHERE snapshot_date = $3::DATE
)
SELECT s.id,
       coalesce(r.n, 0) + coalesce(greatest(s.total_plays - p.total_plays, 0), 0)
         + coalesce(b.bayes_rating, 0) / ${TRENDING_TIE_DIVISOR}.0 AS trending_score
FROM ${STEP1_TABLE} s
JOIN ${STEP4_TABLE} b ON b.id = s.id
LEFT JOIN recent r ON r.game_id = s.id
LEFT JOIN previous p ON p.game_id = s.id`;

export async function computeTrending(
  db: Queryable,
  now: string,
  windowDays: number,
  previousSnapshotDate: string,
): Promise<void> {
  await db.run(TRENDING_SQL, [now, windowDays, previousSnapshotDate]);
}
