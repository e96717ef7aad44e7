// The community data of each game as plain data (SPEC-NOTES §7, D25–D27): what the loader
// hands the engine (CommunityInput, part of DatasetInput) and what the Dataset answers per
// game (GamePolls, GameExperience). Ratings per player count, the age and language polls,
// and the experience play-time rows are small and per game, so they ride in the Dataset and
// a detail view or `include` answers without the store.

import type { ExperienceLevel, LanguageDependence } from './domain.js';

export interface PlayerCountRating {
  player_count: number;
  average_rating: number;
  rating_count: number;
  rating_stddev: number | null;
}

export interface AgePollVote {
  game_id: string;
  suggested_age: number;
  vote_count: number;
}

export interface LanguagePollVote {
  game_id: string;
  level: LanguageDependence;
  vote_count: number;
}

/** The three community poll kinds of one game (D27), in the contract's shape. */
export interface GamePolls {
  game_id: string;
  /** By player count. */
  player_count_ratings: PlayerCountRating[];
  community_age: {
    community_suggested_age: number | null;
    total_votes: number;
    /** By suggested age. */
    votes: AgePollVote[];
  };
  language_dependence: {
    level: LanguageDependence | null;
    total_votes: number;
    /** In level order (no_text first). */
    votes: LanguagePollVote[];
  };
}

export interface ExperienceRow {
  experience_level: ExperienceLevel;
  median_minutes: number;
  /** p10 of the level's reported durations. */
  min_minutes: number | null;
  /** p90 of the level's reported durations. */
  max_minutes: number | null;
  total_reports: number;
}

/** Experience play-time data of one game (D25). */
export interface GameExperience {
  game_id: string;
  /** Observed rows, in level order; levels without data are absent. */
  rows: ExperienceRow[];
  /** Materialized D25 flag (false when the game has no statistics at all). */
  sufficient_data: boolean;
  /** The game's own materialized multipliers; null unless sufficient_data. */
  multipliers: Record<ExperienceLevel, number> | null;
}

/**
 * Poll and experience rows of every game. Each section is grouped by `game` (rows of the
 * games table, ascending) and ordered within a game as presented: player counts, ages and
 * levels ascending. Integer columns are Int32; nullable numbers are Float64 with NaN for null.
 */
export interface CommunityInput {
  playerCountRatings: {
    game: Uint32Array;
    player_count: Int32Array;
    average_rating: Float64Array;
    rating_count: Int32Array;
    rating_stddev: Float64Array;
  };
  agePolls: { game: Uint32Array; suggested_age: Int32Array; vote_count: Int32Array };
  languagePolls: {
    game: Uint32Array;
    /** Index into LANGUAGE_DEPENDENCE_LEVELS. */
    level: Uint8Array;
    vote_count: Int32Array;
  };
  experience: {
    game: Uint32Array;
    /** Index into EXPERIENCE_LEVELS. */
    level: Uint8Array;
    median_minutes: Int32Array;
    min_minutes: Float64Array;
    max_minutes: Float64Array;
    total_reports: Int32Array;
  };
  /**
   * Rows (ascending) whose experience data the last materialization marked sufficient; the
   * multipliers themselves are the games table's experience columns.
   */
  experienceSufficient: Uint32Array;
}

/** Input for a catalog without community data (every game answers empty polls). */
export function emptyCommunityInput(): CommunityInput {
  return {
    playerCountRatings: {
      game: new Uint32Array(0),
      player_count: new Int32Array(0),
      average_rating: new Float64Array(0),
      rating_count: new Int32Array(0),
      rating_stddev: new Float64Array(0),
    },
    agePolls: { game: new Uint32Array(0), suggested_age: new Int32Array(0), vote_count: new Int32Array(0) },
    languagePolls: { game: new Uint32Array(0), level: new Uint8Array(0), vote_count: new Int32Array(0) },
    experience: {
      game: new Uint32Array(0),
      level: new Uint8Array(0),
      median_minutes: new Int32Array(0),
      min_minutes: new Float64Array(0),
      max_minutes: new Float64Array(0),
      total_reports: new Int32Array(0),
    },
    experienceSufficient: new Uint32Array(0),
  };
}
