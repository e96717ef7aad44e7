// Migration 2: baseline statistics may carry ratings without weight (BGG's CSV dumps) or
// weight without ratings; the catalog validates that each value comes with its vote count.

export const OPTIONAL_BASELINE_PAIRS: readonly string[] = [
  'ALTER TABLE baseline_stats ALTER COLUMN rating DROP NOT NULL',
  'ALTER TABLE baseline_stats ALTER COLUMN rating_votes DROP NOT NULL',
  'ALTER TABLE baseline_stats ALTER COLUMN weight DROP NOT NULL',
  'ALTER TABLE baseline_stats ALTER COLUMN weight_votes DROP NOT NULL',
];
