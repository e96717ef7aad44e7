// A game's polls and experience data from the Dataset: rows grouped by game and found by
// binary search (neighbouring games never leak into each other), games without any answer
// empty lists, and the own multipliers only when the materialized flag and all four agree.

import { describe, expect, it } from 'vitest';
import { emptyCommunityInput, type CommunityInput } from '../../engine/community-data.js';
import { buildDataset } from '../../engine/dataset.js';
import { blankGame, TEST_VOCABULARY, toInput } from './random-catalog.js';

const OWN = { first_play: 1.5, learning: 1.2, experienced: 1, expert: 0.8 };
const games = [
  blankGame(0, { community_suggested_age: 12, language_dependence: 'some_text', experience: OWN }),
  blankGame(1),
  blankGame(2, { experience: OWN }),
  blankGame(3, { experience: { ...OWN, expert: null } }),
];
const community: CommunityInput = {
  ...emptyCommunityInput(),
  playerCountRatings: {
    game: Uint32Array.of(0, 0, 2),
    player_count: Int32Array.of(1, 2, 4),
    average_rating: Float64Array.of(3.5, 4.25, 2),
    rating_count: Int32Array.of(10, 20, 3),
    rating_stddev: Float64Array.of(0.5, Number.NaN, 1),
  },
  agePolls: {
    game: Uint32Array.of(0, 0, 3),
    suggested_age: Int32Array.of(10, 12, 8),
    vote_count: Int32Array.of(4, 6, 1),
  },
  languagePolls: { game: Uint32Array.of(0, 0), level: Uint8Array.of(0, 1), vote_count: Int32Array.of(2, 5) },
  experience: {
    game: Uint32Array.of(0, 2, 2),
    level: Uint8Array.of(2, 0, 3),
    median_minutes: Int32Array.of(90, 150, 70),
    min_minutes: Float64Array.of(60, Number.NaN, 50),
    max_minutes: Float64Array.of(120, 200, Number.NaN),
    total_reports: Int32Array.of(40, 3, 2),
  },
  // Game 2 has all four multipliers but no flag; game 3 the flag but not all four.
  experienceSufficient: Uint32Array.of(0, 3),
};
const { input } = toInput({ games, modifications: [], combinations: [], expands: [] }, TEST_VOCABULARY());
const dataset = buildDataset({ ...input, community });
const id = (row: number) => games[row].id;

describe('polls', () => {
  it('answers a game’s three poll kinds, totals summed, in the contract’s shape', () => {
    expect(dataset.polls(0)).toEqual({
      game_id: id(0),
      player_count_ratings: [
        { player_count: 1, average_rating: 3.5, rating_count: 10, rating_stddev: 0.5 },
        { player_count: 2, average_rating: 4.25, rating_count: 20, rating_stddev: null },
      ],
      community_age: {
        community_suggested_age: 12,
        total_votes: 10,
        votes: [
          { game_id: id(0), suggested_age: 10, vote_count: 4 },
          { game_id: id(0), suggested_age: 12, vote_count: 6 },
        ],
      },
      language_dependence: {
        level: 'some_text',
        total_votes: 7,
        votes: [
          { game_id: id(0), level: 'no_text', vote_count: 2 },
          { game_id: id(0), level: 'some_text', vote_count: 5 },
        ],
      },
    });
  });

  it('answers empty polls for a game without rows, and only its own rows for the others', () => {
    expect(dataset.polls(1)).toEqual({
      game_id: id(1),
      player_count_ratings: [],
      community_age: { community_suggested_age: null, total_votes: 0, votes: [] },
      language_dependence: { level: null, total_votes: 0, votes: [] },
    });
    expect(dataset.polls(2).player_count_ratings.map((r) => r.player_count)).toEqual([4]);
    expect(dataset.polls(3).community_age.votes).toEqual([{ game_id: id(3), suggested_age: 8, vote_count: 1 }]);
  });
});

describe('experience', () => {
  it('answers the observed rows in level order and the own multipliers of a flagged game', () => {
    expect(dataset.experience(0)).toEqual({
      game_id: id(0),
      rows: [
        { experience_level: 'experienced', median_minutes: 90, min_minutes: 60, max_minutes: 120, total_reports: 40 },
      ],
      sufficient_data: true,
      multipliers: OWN,
    });
    expect(Object.keys(dataset.experience(0).multipliers ?? {})).toEqual([
      'first_play',
      'learning',
      'experienced',
      'expert',
    ]);
  });

  it('has no own multipliers without the flag or without all four', () => {
    expect(dataset.experience(2)).toEqual({
      game_id: id(2),
      rows: [
        { experience_level: 'first_play', median_minutes: 150, min_minutes: null, max_minutes: 200, total_reports: 3 },
        { experience_level: 'expert', median_minutes: 70, min_minutes: 50, max_minutes: null, total_reports: 2 },
      ],
      sufficient_data: false,
      multipliers: null,
    });
    expect(dataset.experience(3)).toMatchObject({ rows: [], sufficient_data: false, multipliers: null });
    expect(dataset.experience(1)).toEqual({ game_id: id(1), rows: [], sufficient_data: false, multipliers: null });
  });
});
