// The games the bgg-polls tests seed a store with. Ids are fixed, so two stores seeded alike
// hold the same rows (the narrow-write test compares them table by table).

import { game, stats } from '../loader/catalog-helpers.js';

export const pollGameId = (n: number): string => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/**
 * Catan states a suggested age of 6 from an old one-vote poll; Carcassonne has a big stored
 * player-count poll; Seven Wonders and Agricola have no statistics.
 */
export function pollGames(): Record<string, unknown>[] {
  return [
    game('catan', {
      id: pollGameId(1),
      legacy_id: 13,
      stats: stats(7.1, 100, { community_suggested_age: 6, age_poll: [{ suggested_age: 6, vote_count: 1 }] }),
    }),
    game('carcassonne', {
      id: pollGameId(2),
      legacy_id: 822,
      stats: stats(7.4, 200, {
        player_count_ratings: [{ player_count: 2, average_rating: 4.5, rating_count: 100 }],
        language_poll: [{ level: 'no_text', vote_count: 7 }],
      }),
    }),
    game('seven-wonders', { id: pollGameId(3), legacy_id: 68448 }),
    game('agricola', { id: pollGameId(4), legacy_id: 31260 }),
  ];
}
