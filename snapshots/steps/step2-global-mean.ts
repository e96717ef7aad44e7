// Step 2: the global mean rating G (SPEC-NOTES D20) = the mean of the fresh per-game means
// of active games with votes. Summed in game id order, one value after another, so the
// same inputs always give the identical double (a parallel SUM may add in any order).

import type { Queryable } from '../../loader/store.js';
import { STEP1_TABLE } from './step1-merge.js';

export async function globalMeanRating(db: Queryable): Promise<number | null> {
  const [row] = await db.all<{ g: number | null }>(
    `SELECT list_sum(list(rating ORDER BY id)) / count(*) AS g
     FROM ${STEP1_TABLE} WHERE status = 'active' AND rating_votes > 0`,
  );
  return row?.g ?? null;
}
