// Step 3: rating_confidence (SPEC-NOTES §8.4, D22) from the merged count, mean and
// population stddev and the global mean. Null when the game has no rating data at all or
// its stddev is unknown; 0 when it has no votes.

import { ratingConfidenceSql } from '../stats.js';
import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';

export const STEP3_TABLE = 'ludex_step3';

export async function computeConfidence(db: Queryable, globalMean: number | null): Promise<void> {
  // Without any rated game there is no G; the game's own mean stands in (no deviation penalty).
  await db.run(
    `CREATE OR REPLACE TEMP TABLE ${STEP3_TABLE} AS
     SELECT id, CASE WHEN rating_votes IS NOT NULL THEN
              ${ratingConfidenceSql('rating_votes', 'rating_stddev', 'rating', 'coalesce($1::DOUBLE, rating)')}
            END AS rating_confidence
     FROM ${STEP1_TABLE}`,
    [globalMean],
  );
}
