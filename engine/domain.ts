// Enumerations of the /v1 contract (contract.md, SPEC-NOTES §2.3). Pure data: the engine,
// the loader, the catalog validators and the server all read their allowed values here.

export const GAME_TYPES = [
  'base_game',
  'expansion',
  'standalone_expansion',
  'promo',
  'accessory',
  'fan_expansion',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Game.mode values (SPEC-NOTES D3: upstream GameMode). */
export const GAME_MODES = ['cooperative', 'competitive', 'solo', 'team', 'mixed'] as const;
export type GameMode = (typeof GAME_MODES)[number];

/** `mode` filter shorthands that expand to game types (SPEC-NOTES D3). */
export const MODE_TYPE_SHORTHANDS: Readonly<Record<string, readonly GameType[]>> = {
  all: GAME_TYPES,
  playable: ['base_game', 'standalone_expansion'],
  addons: ['expansion', 'promo', 'accessory'],
};

/** Ordered from least to most text-dependent; the order breaks poll ties (D50). */
export const LANGUAGE_DEPENDENCE_LEVELS = [
  'no_text',
  'some_text',
  'moderate_text',
  'extensive_text',
  'unplayable_without_text',
] as const;
export type LanguageDependence = (typeof LANGUAGE_DEPENDENCE_LEVELS)[number];

export const FUNDING_SOURCES = [
  'retail',
  'crowdfunding_a',
  'crowdfunding_b',
  'crowdfunding_c',
  'self_published',
  'other',
] as const;
export type FundingSource = (typeof FUNDING_SOURCES)[number];

export const EXPERIENCE_LEVELS = ['first_play', 'learning', 'experienced', 'expert'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** Global experience multipliers used when a game lacks sufficient data (SPEC-NOTES D25). */
export const DEFAULT_EXPERIENCE_MULTIPLIERS: Readonly<Record<ExperienceLevel, number>> = {
  first_play: 1.5,
  learning: 1.25,
  experienced: 1.0,
  expert: 0.85,
};

export const AWARD_RESULTS = ['nominated', 'shortlisted', 'recommended', 'won'] as const;
export type AwardResult = (typeof AWARD_RESULTS)[number];

/** GameCredit roles of the contract; designer and artist have their own views. */
export const CREDIT_ROLES = [
  'developer',
  'graphic_designer',
  'sculptor',
  'editor',
  'writer',
  'insert_designer',
  'solo_mode_designer',
  'narrator',
  'producer',
] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** Every role a person can hold on a game: the two dedicated views, then the contract enum. */
export const PERSON_ROLES = ['designer', 'artist', ...CREDIT_ROLES] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const RELATIONSHIP_TYPES = [
  'expands',
  'reimplements',
  'contains',
  'requires',
  'recommends',
  'integrates_with',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const TAXONOMY_KINDS = ['mechanic', 'category', 'theme'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** Properties an expansion can modify and an explicit combination can state. */
export const EFFECTIVE_PROPERTIES = [
  'min_players',
  'max_players',
  'min_playtime',
  'max_playtime',
  'weight',
  'min_age',
  'top_at',
  'recommended_at',
] as const;
export type EffectiveProperty = (typeof EFFECTIVE_PROPERTIES)[number];
export const LIST_EFFECTIVE_PROPERTIES = ['top_at', 'recommended_at'] as const;

export const MODIFICATION_OPERATIONS = ['set', 'add', 'multiply'] as const;
export type ModificationOperation = (typeof MODIFICATION_OPERATIONS)[number];

/** Per-count rating thresholds of the reference behaviour (contract: strictly above). */
export const TOP_PLAYER_COUNT_THRESHOLD = 4.0;
export const RECOMMENDED_PLAYER_COUNT_THRESHOLD = 3.0;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which field of a game a full-text query matched (an extension: `matched_field`). */
export const MATCHED_FIELDS = [
  'name',
  'alternate_name',
  'designer',
  'artist',
  'publisher',
  'family',
  'description',
] as const;
export type MatchedField = (typeof MATCHED_FIELDS)[number];
