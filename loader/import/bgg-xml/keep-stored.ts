// An XML item merged with the game the store already holds under its BGG id: absence never
// erases (a field the file lacks keeps its stored value: Tigris & Euphrates' 2014 file has
// no statistics), and older numbers never replace newer ones (newer-wins.ts: the file's
// as-of date, `--as-of` or its modification time, and BGG's vote counts, which only grow:
// Pandemic Legacy keeps the 2025 dump's 56,606 votes over a 2016 capture's 8,969). BGG's
// geek rating and ranks come from a whole ranking (the dump), which a capture of one game
// is not: they stay whatever the file's votes.

import type { CatalogGame } from '../../catalog/records.js';
import { storedIsNewer } from '../newer-wins.js';
import type { Skips } from '../skips.js';

export { KEPT_LATER_DATE, KEPT_MORE_VOTES as KEPT_NEWER_STATS } from '../newer-wins.js';
export const KEPT_ABSENT_FIELDS = 'kept stored fields the file does not have';

/** Stats fields that describe one vote set: dropped when the file brings a different vote count. */
const VOTE_SET_FIELDS = ['rating_distribution', 'rating_stddev'];

type Loose = Record<string, unknown>;

export function keepStored(
  game: CatalogGame,
  stored: Loose | undefined,
  skips: Skips,
  bggId: number,
  asOf: string,
): CatalogGame {
  if (!stored) return game;
  const merged: Loose = { ...game };
  const kept: string[] = [];
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'stats' || merged[key] !== undefined || value === undefined || value === null) continue;
    if (key === 'parent' && merged.type === 'base_game') continue; // the file says it is a base game now
    merged[key] = value;
    if (key !== 'id') kept.push(key); // the stored game's own id is bookkeeping, not data
  }
  if (kept.length > 0) skips.add(KEPT_ABSENT_FIELDS, `id ${bggId}: ${kept.join(', ')}`);
  const old = isObject(stored.stats) ? stored.stats : undefined;
  const fresh = isObject(merged.stats) ? merged.stats : undefined;
  if (old && !fresh) {
    merged.stats = old;
  } else if (old && fresh) {
    const oldVotes = typeof old.rating_votes === 'number' ? old.rating_votes : 0;
    const newVotes = typeof fresh.rating_votes === 'number' ? fresh.rating_votes : 0;
    const newer = storedIsNewer(old, asOf, typeof fresh.rating_votes === 'number' ? fresh.rating_votes : undefined);
    if (newer) {
      const stats: Loose = { ...fresh, ...old };
      // A weight with its vote count beats one without (the 2021 dataset's).
      if (old.weight_votes === undefined && fresh.weight_votes !== undefined) {
        stats.weight = fresh.weight;
        stats.weight_votes = fresh.weight_votes;
      }
      delete stats.as_of;
      if (old.as_of !== undefined) stats.as_of = old.as_of;
      merged.stats = stats;
      skips.add(
        newer,
        `id ${bggId}: stored ${oldVotes} votes${old.as_of ? ` of ${old.as_of}` : ''}, file ${newVotes} of ${asOf}`,
      );
    } else {
      const base: Loose = { ...old };
      if (oldVotes !== newVotes) for (const f of VOTE_SET_FIELDS) delete base[f];
      const stats: Loose = { ...base, ...fresh };
      // The dump ranks it: BGG's "Not Ranked" in an older capture does not unrank it.
      if (stats.rank_overall !== undefined) delete stats.unranked;
      delete stats.as_of;
      stats.as_of = asOf;
      merged.stats = stats;
    }
  }
  return merged as unknown as CatalogGame;
}

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
