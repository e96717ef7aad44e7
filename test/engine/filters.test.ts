// Filter semantics by hand, for the rules that are easy to get subtly wrong: D6 player
// bounds, nulls never passing, `_not` on games without links, awards matching on one
// GameAward, and the experience multiplier falling back to the defaults.

import { describe, expect, it } from 'vitest';
import type { Filter } from '../../engine/query.js';
import { handCatalog } from './hand-catalog.js';

const { dataset } = handCatalog({
  games: [
    {
      min_players: 1,
      max_players: 4,
      mechanics: ['mech-1'],
      awards: [
        { slug: 'award-0', result: 'won' },
        { slug: 'award-1', result: 'nominated' },
      ],
    },
    { min_players: 2, max_players: 2, mechanics: ['mech-2'] },
    { min_players: 3, max_players: null },
    {
      max_playtime: 60,
      experience: { first_play: 1.8, learning: 1.3, experienced: 1, expert: 0.9 },
      type: 'expansion',
    },
    { max_playtime: 60, experience: { first_play: 1.8, learning: null, experienced: 1, expert: 0.9 } },
  ],
});
const rows = (filter: Filter): number[] =>
  dataset.query({ filter, sort: 'bayes_rating', order: 'desc', limit: 100 }).rows.sort((a, b) => a - b);

describe('filters', () => {
  it('reads players as inside [min, max], players_min as min ≥ v and players_max as max ≤ v', () => {
    expect(rows({ players: 2 })).toEqual([0, 1]);
    expect(rows({ players_min: 2 })).toEqual([1, 2]);
    expect(rows({ players_max: 2 })).toEqual([1]);
    expect(rows({ players: 3 })).toEqual([0]); // game 2 has no max: null never passes
  });

  it('lets games without links pass exclusions, and none pass inclusions', () => {
    expect(rows({ mechanics_not: ['mech-1'] })).toEqual([1, 2, 3, 4]);
    expect(rows({ mechanics: ['mech-1', 'mech-2'] })).toEqual([0, 1]);
    expect(rows({ mechanics_all: ['mech-1', 'mech-2'] })).toEqual([]);
    expect(rows({ mechanics: ['no-such'] })).toEqual([]);
  });

  it('matches an award only when one GameAward has both the slug and the result', () => {
    expect(rows({ award: { slug: 'award-0', result: 'won' } })).toEqual([0]);
    expect(rows({ award: { slug: 'award-0', result: 'nominated' } })).toEqual([]);
    expect(rows({ award: { result: 'nominated' } })).toEqual([0]);
    expect(rows({ award: {} })).toEqual([0]);
  });

  it("uses the game's multipliers only when all four are known, else the defaults", () => {
    // first_play: game 3 -> 60 × 1.8 = 108; game 4 (incomplete) -> 60 × 1.5 = 90.
    expect(rows({ playtime_max: 100, playtime_experience: 'first_play' })).toEqual([4]);
    expect(rows({ playtime_max: 108, playtime_experience: 'first_play' })).toEqual([3, 4]);
    expect(rows({ playtime_max: 60 })).toEqual([3, 4]);
  });

  it('treats empty lists as inactive and ANDs across dimensions', () => {
    expect(rows({ mechanics: [], type: [] })).toEqual([0, 1, 2, 3, 4]);
    expect(rows({ type: ['base_game'], players: 2 })).toEqual([0, 1]);
    expect(rows({ type: ['expansion'], players: 2 })).toEqual([]);
  });

  it('counts facets ignoring the dimension’s own filters', () => {
    const facets = dataset.facets({ mechanics: ['mech-1'], players: 2 }, ['mechanics', 'players', 'type']);
    expect(facets.mechanics).toEqual({ 'mech-1': 1, 'mech-2': 1 });
    expect(facets.players).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1 });
    expect(facets.type).toEqual({ base_game: 1 });
  });
});

describe('an empty catalog', () => {
  it('answers every call without rows', () => {
    const empty = handCatalog({ games: [] }).dataset;
    empty.prepare();
    expect(empty.size).toBe(0);
    const page = empty.query({
      filter: { players: 2, effective: true },
      sort: 'name',
      order: 'asc',
      limit: 10,
      after: { value: 'a', id: 'b' },
    });
    expect(page).toEqual({ rows: [], matchedVia: [], total: 0, hasNext: false, hasPrev: false });
    expect(empty.facets({}, ['mechanics', 'players', 'type'])).toEqual({ mechanics: {}, players: {}, type: {} });
    expect(empty.resolve('mechanic', 'mech-1')).toBe('mech-1');
    expect(empty.search('catan', 5)).toEqual([]);
  });
});
