// Every filter the games list and the search body accept, described once: its type, its
// range and, for references, which kind of slug it names. GET parameters and JSON bodies
// are both validated from this table, so the two can never drift apart.

import {
  AWARD_RESULTS,
  EXPERIENCE_LEVELS,
  type Filter,
  FUNDING_SOURCES,
  GAME_MODES,
  GAME_TYPES,
  LANGUAGE_DEPENDENCE_LEVELS,
  MODE_TYPE_SHORTHANDS,
  type ReferenceKind,
} from '../../engine/index.js';

export type FieldSpec =
  | { type: 'int'; min: number; max: number }
  | { type: 'number'; min: number; max: number }
  | { type: 'bool' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'enum-list'; values: readonly string[] }
  | { type: 'ref-list'; ref: ReferenceKind }
  | { type: 'text-list' }
  /** Free text, length in code points after trimming. */
  | { type: 'text'; min: number; max: number };

export type ScalarFilterKey = Exclude<keyof Filter, 'award'>;

const PLAYERS = { type: 'int', min: 1, max: 1000 } as const;
const MINUTES = { type: 'int', min: 0, max: 100_000 } as const;
const AGE = { type: 'int', min: 0, max: 99 } as const;
const YEAR = { type: 'int', min: -5000, max: 2100 } as const;
const VOTES = { type: 'int', min: 0, max: 1_000_000_000 } as const;
const RATING = { type: 'number', min: 1, max: 10 } as const;
const WEIGHT = { type: 'number', min: 1, max: 5 } as const;

/** `mode` accepts the GameMode values and the type shorthands of SPEC-NOTES D3. */
export const MODE_FILTER_VALUES: readonly string[] = [...GAME_MODES, ...Object.keys(MODE_TYPE_SHORTHANDS)];

export const FILTER_FIELDS: Readonly<Record<ScalarFilterKey, FieldSpec>> = {
  q: { type: 'text', min: 2, max: 200 },
  rating_min: RATING,
  rating_max: RATING,
  min_rating_votes: VOTES,
  confidence_min: { type: 'number', min: 0, max: 1 },
  weight_min: WEIGHT,
  weight_max: WEIGHT,
  min_weight_votes: VOTES,
  effective_weight: { type: 'bool' },
  players: PLAYERS,
  players_min: PLAYERS,
  players_max: PLAYERS,
  top_at: PLAYERS,
  recommended_at: PLAYERS,
  playtime_min: MINUTES,
  playtime_max: MINUTES,
  playtime_source: { type: 'enum', values: ['publisher', 'community'] },
  playtime_experience: { type: 'enum', values: EXPERIENCE_LEVELS },
  community_playtime_min: MINUTES,
  community_playtime_max: MINUTES,
  age_min: AGE,
  age_max: AGE,
  age_source: { type: 'enum', values: ['publisher', 'community'] },
  type: { type: 'enum-list', values: GAME_TYPES },
  mode: { type: 'enum-list', values: MODE_FILTER_VALUES },
  mechanics: { type: 'ref-list', ref: 'mechanic' },
  mechanics_all: { type: 'ref-list', ref: 'mechanic' },
  mechanics_not: { type: 'ref-list', ref: 'mechanic' },
  theme: { type: 'ref-list', ref: 'theme' },
  theme_not: { type: 'ref-list', ref: 'theme' },
  designer: { type: 'ref-list', ref: 'designer' },
  artist: { type: 'ref-list', ref: 'artist' },
  publisher: { type: 'ref-list', ref: 'publisher' },
  family: { type: 'ref-list', ref: 'family' },
  category: { type: 'ref-list', ref: 'category' },
  category_not: { type: 'ref-list', ref: 'category' },
  year_min: YEAR,
  year_max: YEAR,
  language_dependence: { type: 'enum-list', values: LANGUAGE_DEPENDENCE_LEVELS },
  funding_source: { type: 'enum-list', values: FUNDING_SOURCES },
  legacy_id: { type: 'text-list' },
  effective: { type: 'bool' },
};

export const AWARD_FIELDS = {
  slug: { type: 'ref-list', ref: 'award' },
  result: { type: 'enum', values: AWARD_RESULTS },
} as const;

/** Alternative spellings (SPEC-NOTES D7 and the contract's GET names) → canonical key. */
export const FILTER_ALIASES: Readonly<Record<string, ScalarFilterKey>> = {
  min_players: 'players_min',
  max_players: 'players_max',
  min_playtime: 'playtime_min',
  max_playtime: 'playtime_max',
  mechanic: 'mechanics',
  themes: 'theme',
  categories: 'category',
  best_at: 'top_at',
  bgg_id: 'legacy_id',
};

/** Bounds that must not cross (SPEC-NOTES D31: min > max is a 400). */
export const RANGE_PAIRS: readonly (readonly [ScalarFilterKey, ScalarFilterKey])[] = [
  ['rating_min', 'rating_max'],
  ['weight_min', 'weight_max'],
  ['players_min', 'players_max'],
  ['playtime_min', 'playtime_max'],
  ['community_playtime_min', 'community_playtime_max'],
  ['age_min', 'age_max'],
  ['year_min', 'year_max'],
];

export const MAX_LIST_ITEMS = 50;
