// The plain query the engine answers. The server builds it from validated GET parameters or
// a SearchRequest body; the oracle (test/oracle.ts) answers the same object row by row.
// Field names are the contract's SearchRequest names, so an echo of the filter
// (`meta.filters_applied`) and the cursor payload need no mapping.

import type {
  AwardResult,
  EffectiveProperty,
  ExperienceLevel,
  FundingSource,
  GameMode,
  GameType,
  LanguageDependence,
} from './domain.js';

/**
 * Every filter dimension of the contract. An absent key (or an empty list) is an inactive
 * filter. Slugs are canonical (aliases already resolved by the caller). A game whose
 * filtered field is null never passes that filter.
 */
export interface Filter {
  /**
   * Full text (engine/text/text-index.ts): games whose name, alternate names, people,
   * families or description match; with sort 'relevance' the page comes best first.
   */
  q?: string;
  // 1. rating and confidence
  rating_min?: number;
  rating_max?: number;
  min_rating_votes?: number;
  confidence_min?: number;
  // 2. weight
  weight_min?: number;
  weight_max?: number;
  min_weight_votes?: number;
  /** false: weight filters read the base game even in effective mode (default true). */
  effective_weight?: boolean;
  // 3. player count: players ∈ [min_players, max_players]; players_min ≤ min_players;
  //    max_players ≤ players_max (SPEC-NOTES D6); top_at/recommended_at ∈ derived lists
  players?: number;
  players_min?: number;
  players_max?: number;
  top_at?: number;
  recommended_at?: number;
  // 4. play time: playtime_min ≤ min time, max time ≤ playtime_max, of the chosen source,
  //    each multiplied by the experience multiplier when playtime_experience is set
  playtime_min?: number;
  playtime_max?: number;
  playtime_source?: 'publisher' | 'community';
  playtime_experience?: ExperienceLevel;
  community_playtime_min?: number;
  community_playtime_max?: number;
  // 5. age: age_min ≤ age ≤ age_max, age = min_age or community_suggested_age
  age_min?: number;
  age_max?: number;
  age_source?: 'publisher' | 'community';
  // 6. type and mechanics
  type?: GameType[];
  mode?: GameMode[];
  mechanics?: string[];
  mechanics_all?: string[];
  mechanics_not?: string[];
  // 7. theme
  theme?: string[];
  theme_not?: string[];
  // 8. metadata
  designer?: string[];
  artist?: string[];
  publisher?: string[];
  family?: string[];
  category?: string[];
  category_not?: string[];
  year_min?: number;
  year_max?: number;
  language_dependence?: LanguageDependence[];
  funding_source?: FundingSource[];
  legacy_id?: string[];
  /** Has a GameAward with this award slug and/or result. */
  award?: { slug?: string; result?: AwardResult };
  /** Match any known expansion set (SPEC-NOTES D11–D17). */
  effective?: boolean;
}

export const SORT_KEYS = [
  'bayes_rating',
  'trending',
  'rating',
  'rating_votes',
  'confidence',
  'weight',
  'name',
  'year_published',
  'playtime',
  'community_playtime_median',
  'rank',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** Relevance to the filter's `q` (best first in `desc`), then the precomputed orders. */
export const RELEVANCE = 'relevance';
export type QuerySort = SortKey | typeof RELEVANCE;
export type SortOrder = 'asc' | 'desc';

/**
 * A keyset position: the sort value of a row and its id. Rows are ordered by
 * (value in the requested order, nulls last in both orders, id ascending).
 */
export interface Position {
  value: number | string | null;
  id: string;
}

export interface Query {
  filter: Filter;
  sort: SortKey;
  order: SortOrder;
  /** 1..100 (validated by the caller). */
  limit: number;
  /** Rows strictly after this position (forward paging). */
  after?: Position;
  /** Rows strictly before this position (backward paging); exclusive with `after`. */
  before?: Position;
}

/** A query that may also sort by relevance to filter.q ('relevance' needs filter.q). */
export type RankedQuery = Omit<Query, 'sort'> & { sort: QuerySort };

/** Resolved effective values of one game under one expansion set. */
export interface EffectiveValues {
  min_players: number | null;
  max_players: number | null;
  min_playtime: number | null;
  max_playtime: number | null;
  weight: number | null;
  min_age: number | null;
  top_at: number[];
  recommended_at: number[];
}
export type EffectiveValueKey = EffectiveProperty;

export interface MatchedVia {
  type: 'expansion_combination';
  expansions: { slug: string; name: string }[];
  effective_properties: EffectiveValues;
  resolution_tier: 1 | 2 | 3;
}

export interface Page {
  /** Row indexes of the page, in result order. */
  rows: number[];
  /** Parallel to rows; null when the base game matched or effective mode is off. */
  matchedVia: (MatchedVia | null)[];
  /** Exact number of matching games across all pages. */
  total: number;
  /** A further page exists after the last row. */
  hasNext: boolean;
  /** An earlier page exists before the first row. */
  hasPrev: boolean;
  /** Keyset position (sort value, id) of the first row: where a `prev` cursor starts; undefined when empty. */
  first: Position | undefined;
  /** Keyset position of the last row: where a `next` cursor starts; undefined when empty. */
  last: Position | undefined;
}

export const FACET_DIMENSIONS = ['mechanics', 'categories', 'themes', 'type', 'players'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];
/** Per dimension, key (slug, type or player count) to number of matching games. */
export type Facets = Partial<Record<FacetDimension, Record<string, number>>>;
