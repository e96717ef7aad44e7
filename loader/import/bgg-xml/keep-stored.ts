// An XML item merged with the game the store already holds under its BGG id: absence never
// erases (a field the file lacks keeps its stored value: Tigris & Euphrates' 2014 file has
// no statistics), and older numbers never replace newer ones. The XML carries no date of its
// own, so BGG's vote counts, which only grow, date the statistics: stored statistics with
// more rating votes than the file's are newer (Pandemic Legacy: the 2025 dump's 56,606 votes
// against a 2016 capture's 8,969) and stay; the file fills in only what they lack (polls).

import type { CatalogGame } from '../../catalog/records.js';
import type { Skips } from '../skips.js';

export const KEPT_NEWER_STATS = 'kept the stored statistics: more rating votes than the file (newer)';
export const KEPT_ABSENT_FIELDS = 'kept stored fields the file does not have';

/** Stats fields that describe one vote set: dropped when the file brings a different vote count. */
const VOTE_SET_FIELDS = ['rating_distribution', 'rating_stddev', 'bayes_rating', 'rank_overall', 'rank_by_category'];

type Loose = Record<string, unknown>;

export function keepStored(game: CatalogGame, stored: Loose | undefined, skips: Skips, bggId: number): CatalogGame {
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
    if (oldVotes > newVotes) {
      const stats: Loose = { ...fresh, ...old };
      // A weight with its vote count beats one without (the 2021 dataset's).
      if (old.weight_votes === undefined && fresh.weight_votes !== undefined) {
        stats.weight = fresh.weight;
        stats.weight_votes = fresh.weight_votes;
      }
      merged.stats = stats;
      skips.add(KEPT_NEWER_STATS, `id ${bggId}: stored ${oldVotes} votes, file ${newVotes}`);
    } else {
      const base: Loose = { ...old };
      if (oldVotes !== newVotes) for (const f of VOTE_SET_FIELDS) delete base[f];
      merged.stats = { ...base, ...fresh };
    }
  }
  return merged as unknown as CatalogGame;
}

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
