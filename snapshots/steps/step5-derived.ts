// Step 5: fields derived from the merged community rows of step 1 (baseline ⊕ raw,
// step1-community.ts): top / recommended player counts (merged average per-count rating
// strictly above 4.0 / 3.0, §8.5) and the experience multipliers (D25: all four merged
// levels with enough reports and a positive experienced median; multiplier = merged
// median[level] / merged median[experienced]). A game with neither baseline stats nor
// community rows has no derived values (null), as before any vote.

import type { Queryable } from '../../loader/store.js';
import { COMMUNITY_TABLES } from './step1-community.js';
import { STEP1_TABLE } from './step1-merge.js';

export const STEP5_TABLE = 'ludex_step5';

// $1 top threshold, $2 recommended threshold, $3 reports each level needs.
const STEP5_SQL = `
CREATE OR REPLACE TEMP TABLE ${STEP5_TABLE} AS
WITH
counts AS (
  SELECT game_id,
         list(player_count ORDER BY player_count) FILTER (WHERE average_rating > $1) AS top,
         list(player_count ORDER BY player_count) FILTER (WHERE average_rating > $2) AS recommended
  FROM ${COMMUNITY_TABLES.player_count_ratings} GROUP BY game_id
),
experience AS (
  SELECT game_id,
         max(median_minutes) FILTER (WHERE level = 'first_play') AS first_play,
         max(median_minutes) FILTER (WHERE level = 'learning') AS learning,
         max(median_minutes) FILTER (WHERE level = 'experienced') AS experienced,
         max(median_minutes) FILTER (WHERE level = 'expert') AS expert,
         count(*) FILTER (WHERE total_reports >= $3) AS sufficient_levels
  FROM ${COMMUNITY_TABLES.experience_playtime} GROUP BY game_id
),
joined AS (
  SELECT s.id, s.has_stats OR c.game_id IS NOT NULL OR e.game_id IS NOT NULL AS has_stats, c.top, c.recommended,
         coalesce(e.sufficient_levels = 4 AND e.experienced > 0, false) AS sufficient,
         e.first_play, e.learning, e.experienced, e.expert
  FROM ${STEP1_TABLE} s
  LEFT JOIN counts c ON c.game_id = s.id
  LEFT JOIN experience e ON e.game_id = s.id
)
SELECT id,
       CASE WHEN has_stats THEN coalesce(top, []::INTEGER[]) END AS top_player_counts,
       CASE WHEN has_stats THEN coalesce(recommended, []::INTEGER[]) END AS recommended_player_counts,
       CASE WHEN has_stats THEN sufficient END AS experience_sufficient_data,
       CASE WHEN sufficient THEN first_play / experienced END AS experience_first_play,
       CASE WHEN sufficient THEN learning / experienced END AS experience_learning,
       CASE WHEN sufficient THEN 1.0 END AS experience_experienced,
       CASE WHEN sufficient THEN expert / experienced END AS experience_expert
FROM joined`;

export async function computeDerived(
  db: Queryable,
  thresholds: { top: number; recommended: number; experienceMinReports: number },
): Promise<void> {
  await db.run(STEP5_SQL, [thresholds.top, thresholds.recommended, thresholds.experienceMinReports]);
}
