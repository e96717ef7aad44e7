// The prior fitted to BGG's geek rating (docs/import-bgg-csv.md: K = 2,480 dummy votes of
// 5.5, ranked from 30 votes), stored with a BGG dump import so that materialization folds
// local votes into BGG's geek rating, and ranks games without one, as BGG does — no
// environment variable needed.

import { z } from 'zod';
import { getSetting, setSetting } from '../settings.js';
import type { Queryable } from '../store.js';

export const BGG_PRIOR_SETTING = 'bayes_prior';

export interface StoredPrior {
  /** K: dummy votes. */
  votes: number;
  /** Their value (the prior mean). */
  mean: number;
  /** Rating votes a game needs to be ranked. */
  minVotes: number;
}

/** Fitted on the 2025-12-10 dump (bench/fit-bayes-prior.ts): 94 of BGG's top 100 in place with the prior alone. */
export const BGG_FITTED_PRIOR: StoredPrior = { votes: 2480, mean: 5.5, minVotes: 30 };

const priorSchema = z.strictObject({
  votes: z.number().min(0),
  mean: z.number().min(1).max(10),
  minVotes: z.number().int().min(1),
});

export async function storePrior(db: Queryable, prior: StoredPrior = BGG_FITTED_PRIOR): Promise<void> {
  await setSetting(db, BGG_PRIOR_SETTING, JSON.stringify(prior));
}

/** The prior a BGG import stored, if any (a value that does not parse counts as none). */
export async function storedPrior(db: Queryable): Promise<StoredPrior | undefined> {
  const text = await getSetting(db, BGG_PRIOR_SETTING);
  if (text === undefined) return undefined;
  try {
    const parsed = priorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
