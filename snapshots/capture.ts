// Step 6: one GameSnapshot per active game for the run's period (SPEC-NOTES D47), upserted
// on (game_id, snapshot_date) so every run of a period overwrites that period's rows.
// Every active game gets a row, rated or not — the contract asks for one row per game, and
// a row of nulls tells history readers "in the catalog, no signal yet", which a missing row
// cannot. play_count_period = total_plays − the previous period's total_plays; null when
// either is unknown, or when the count went down (a corrected source, not negative plays).

import type { Queryable } from '../loader/store.js';

// $1 this period's date, $2 the previous period's date.
const SNAPSHOT_SQL = `
INSERT INTO game_snapshots (game_id, snapshot_date, rating, rating_count, bayes_rating, rating_confidence, weight,
                            weight_votes, rank_overall, rank_by_category, owner_count, total_plays, play_count_period)
SELECT g.id, $1::DATE, g.rating, g.rating_votes, g.bayes_rating, g.rating_confidence, g.weight,
       g.weight_votes, g.rank_overall, g.rank_by_category, g.owner_count, g.total_plays,
       CASE WHEN g.total_plays >= p.total_plays THEN g.total_plays - p.total_plays END
FROM games g
LEFT JOIN game_snapshots p ON p.game_id = g.id AND p.snapshot_date = $2::DATE
WHERE g.status = 'active'
ON CONFLICT (game_id, snapshot_date) DO UPDATE SET
  rating = excluded.rating, rating_count = excluded.rating_count, bayes_rating = excluded.bayes_rating,
  rating_confidence = excluded.rating_confidence, weight = excluded.weight, weight_votes = excluded.weight_votes,
  rank_overall = excluded.rank_overall, rank_by_category = excluded.rank_by_category,
  owner_count = excluded.owner_count, total_plays = excluded.total_plays, play_count_period = excluded.play_count_period`;

/** Writes this period's snapshots from the (just refreshed) games; returns how many. */
export async function writeSnapshots(db: Queryable, period: string, previousPeriod: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM games WHERE status = 'active'`);
  await db.run(SNAPSHOT_SQL, [period, previousPeriod]);
  return row?.n ?? 0;
}
