// Migration 3: a baseline may say its source leaves the game out of its ranking (BGG's
// `rank = 0` / "Not Ranked" for re-releases, big boxes and expansions). Such games keep their
// ratings and bayes_rating but get no rank_overall or rank_by_category (docs/materialization.md).

export const SOURCE_UNRANKED: readonly string[] = [
  'ALTER TABLE baseline_stats ADD COLUMN unranked BOOLEAN DEFAULT false',
  'UPDATE baseline_stats SET unranked = false WHERE unranked IS NULL',
];
