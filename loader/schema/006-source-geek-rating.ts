// Migration 6: a baseline may carry its source's own geek rating and ranks (BGG's dump:
// bayesaverage, rank, the per-domain ranks). Materialization serves them as they are while a
// game has no local votes, and folds local votes into them (docs/materialization.md).

export const SOURCE_GEEK_RATING: readonly string[] = [
  'ALTER TABLE baseline_stats ADD COLUMN source_bayes_rating DOUBLE',
  'ALTER TABLE baseline_stats ADD COLUMN source_rank INTEGER',
  'ALTER TABLE baseline_stats ADD COLUMN source_rank_by_category VARCHAR',
];
