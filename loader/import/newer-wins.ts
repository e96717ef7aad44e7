// Newer wins, for a game's statistics: a source's vote set (rating, votes, their spread)
// replaces the stored one only when the source is not older. Two things date a vote set:
// its source's as-of date (stored with it as stats.as_of) and BGG's vote count, which only
// grows — so a source dated later that has fewer votes than the store (an XML capture of
// 2016 whose file was copied today) is still the older one. docs/import-bgg-folder.md.

import { isOlder } from './as-of.js';

type Loose = Record<string, unknown>;

export const KEPT_LATER_DATE = 'kept the stored statistics: their source is dated later than the file';
export const KEPT_MORE_VOTES = 'kept the stored statistics: more rating votes than the file (newer)';

/**
 * Why the stored statistics are newer than a source dated `asOf` with `votes` rating votes
 * (undefined: the source is not older, its vote set may replace them).
 */
export function storedIsNewer(stored: Loose | undefined, asOf: string, votes: number | undefined): string | undefined {
  if (!stored) return undefined;
  const storedAsOf = typeof stored.as_of === 'string' ? stored.as_of : undefined;
  if (isOlder(asOf, storedAsOf)) return KEPT_LATER_DATE;
  const storedVotes = typeof stored.rating_votes === 'number' ? stored.rating_votes : 0;
  if (storedVotes > (votes ?? 0)) return KEPT_MORE_VOTES;
  return undefined;
}
