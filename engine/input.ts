// What the loader hands the engine: plain columnar data, no store handles. The Dataset is
// built from this (engine/dataset.ts); a replica could build it from an Arrow IPC file.
//
// `games` is an Arrow table with one row per visible game. Row i of the table is game row i
// everywhere else in this input (links name games by that row index).

import type { Table } from 'apache-arrow';
import type { CommunityInput } from './community-data.js';
import type {
  AwardResult,
  EffectiveProperty,
  ModificationOperation,
  PersonRole,
  RelationshipType,
  TaxonomyKind,
} from './domain.js';

/**
 * Numeric Game columns: Arrow Float64, NaN for null (integers are exact in a double).
 * Reading them needs no validity bitmap, so the engine takes the values zero-copy.
 */
export const GAME_NUMBER_COLUMNS = [
  'year_published',
  'min_players',
  'max_players',
  'min_playtime',
  'max_playtime',
  'community_min_playtime',
  'community_max_playtime',
  'community_median_playtime',
  'min_age',
  'community_suggested_age',
  'weight',
  'weight_votes',
  'rating',
  'rating_votes',
  'rating_stddev',
  'rating_confidence',
  'bayes_rating',
  'rank_overall',
  'owner_count',
  'wishlist_count',
  'total_plays',
  'trending_score',
  /** Game-specific experience multipliers; NaN when the game lacks sufficient data (D25). */
  'experience_first_play',
  'experience_learning',
  'experience_experienced',
  'experience_expert',
] as const;
export type GameNumberColumn = (typeof GAME_NUMBER_COLUMNS)[number];

/** String Game columns: Arrow Utf8 (nullable). Timestamps are ISO 8601 UTC strings. */
export const GAME_STRING_COLUMNS = [
  'id',
  'slug',
  'name',
  'type',
  'mode',
  'language_dependence',
  'funding_source',
  'legacy_id',
  'parent_game_id',
  'release_date',
  'description',
  'created_at',
  'updated_at',
] as const;
export type GameStringColumn = (typeof GAME_STRING_COLUMNS)[number];

/** Per-game list and map values, parallel to the games table. */
export interface GameListColumns {
  rating_distribution: (number[] | null)[];
  rank_by_category: (Record<string, number> | null)[];
  top_player_counts: number[][];
  recommended_player_counts: number[][];
  /** True when legacy_id was numeric in its source (emitted as a JSON number, D2). */
  legacy_id_numeric: boolean[];
}

export interface TermInput {
  id: string;
  kind: TaxonomyKind;
  slug: string;
  name: string;
  description: string | null;
  parent_slug: string | null;
  aliases: string[];
}

export interface PersonInput {
  id: string;
  slug: string;
  name: string;
  description: string | null;
}

export interface PublisherInput extends PersonInput {
  country: string | null;
  website: string | null;
}

export type FamilyInput = PersonInput;

export interface AwardInput extends PersonInput {
  organization: string | null;
  website: string | null;
}

/** game row → entity index pairs, in catalog order per game. */
export interface LinkInput {
  game: Uint32Array;
  target: Uint32Array;
}

export interface PropertyModificationInput {
  id: string;
  /** Row of the expansion game. */
  expansion: number;
  /** Row of the base game the expansion modifies. */
  base: number;
  property: EffectiveProperty;
  operation: ModificationOperation;
  value: number | number[];
}

export interface ExpansionCombinationInput {
  id: string;
  base: number;
  /** Rows of the expansions in the set (order irrelevant). */
  expansions: number[];
  min_players: number | null;
  max_players: number | null;
  min_playtime: number | null;
  max_playtime: number | null;
  weight: number | null;
  min_age: number | null;
  top_at: number[] | null;
  recommended_at: number[] | null;
}

export interface DatasetInput {
  games: Table;
  lists: GameListColumns;
  terms: TermInput[];
  people: PersonInput[];
  publishers: PublisherInput[];
  families: FamilyInput[];
  awards: AwardInput[];
  /** target = index into `terms` (any kind). */
  gameTerms: LinkInput;
  /** target = index into `families`. */
  gameFamilies: LinkInput;
  /** target = index into `publishers`. */
  gamePublishers: LinkInput;
  /** target = index into `people`; one entry per (game, person, role). */
  gameCredits: LinkInput & { role: PersonRole[] };
  gameAwards: {
    game: Uint32Array;
    /** Index into `awards`. */
    award: Uint32Array;
    year: Int32Array;
    result: AwardResult[];
    category: (string | null)[];
  };
  alternateNames: { game: Uint32Array; name: string[]; language: (string | null)[] };
  relationships: { source: Uint32Array; target: Uint32Array; type: RelationshipType[]; ordinal: Int32Array };
  modifications: PropertyModificationInput[];
  combinations: ExpansionCombinationInput[];
  /** Poll and experience rows per game (community-data.ts). */
  community: CommunityInput;
}
