// What the rest of Ludex may ask of a Dataset. The server and benches program against this
// interface; engine/dataset.ts implements it. Every value here is plain data.

import type { AwardResult, GameType, MatchedField, PersonRole, RelationshipType, TaxonomyKind } from './domain.js';
import type { GameExperience, GamePolls } from './community-data.js';
import type { GameFieldRecord } from './fields.js';
import type { EffectiveValues, FacetDimension, Facets, Filter, Page, RankedQuery } from './query.js';

/**
 * Scalar fields of one game, contract names, null where unknown: one member per JSON field of
 * the registry (fields.ts), typed by its kind. No _links, no embeds.
 */
export type GameRecord = GameFieldRecord;

export interface EntityRef {
  id: string;
  slug: string;
  name: string;
}

export interface CreditRef {
  person_id: string;
  person_slug: string;
  person_name: string;
  role: PersonRole;
}

export interface GameAwardRef {
  award_id: string;
  award_slug: string;
  award_name: string;
  year: number;
  result: AwardResult;
  category: string | null;
}

export interface RelationshipRef {
  source: number;
  target: number;
  type: RelationshipType;
  ordinal: number;
}

/** Related records of one game, in catalog order. */
export interface GameRelated {
  mechanics: EntityRef[];
  categories: EntityRef[];
  themes: EntityRef[];
  families: EntityRef[];
  designers: EntityRef[];
  artists: EntityRef[];
  publishers: EntityRef[];
  /** Every (person, role) pair: designers, artists, then the GameCredit roles. */
  credits: CreditRef[];
  awards: GameAwardRef[];
  alternate_names: { name: string; language: string | null }[];
  /** Rows of the games whose parent_game_id is this game, by year then name. */
  expansions: number[];
  /** Edges where this game is source or target (integrates_with appears from both sides). */
  relationships: RelationshipRef[];
}

/**
 * Fields every linked entity shares. `sort_name` is the `name` sort key (folded like a
 * game's); lists come ordered by (sort_name, id), the order keyset cursors rely on.
 */
export interface EntityBase {
  id: string;
  slug: string;
  name: string;
  sort_name: string;
  description: string | null;
  /** Distinct visible games linked to the entity (see each kind for which links count). */
  game_count: number;
}

/** A taxonomy term; game_count = games tagged with it. */
export interface TermEntity extends EntityBase {
  kind: TaxonomyKind;
  /** Slug of the parent term of the same kind, when the vocabulary has one. */
  parent: string | null;
  /** Other slugs that resolve to this term (synonyms, deprecated slugs). */
  aliases: readonly string[];
}

/**
 * A person. Without a role: game_count counts games credited in any role. In a role view
 * (designers, artists...): game_count counts games credited in that role only.
 */
export interface PersonEntity extends EntityBase {
  /** Games credited per role the person holds (roles without games are absent). */
  roles: Readonly<Partial<Record<PersonRole, number>>>;
}

/** A publisher; game_count = games it published. */
export interface PublisherEntity extends EntityBase {
  country: string | null;
  website: string | null;
}

/** A game family; game_count = games in the family. */
export type FamilyEntity = EntityBase;

/** An award; game_count = distinct games with at least one GameAward of it. */
export interface AwardEntity extends EntityBase {
  organization: string | null;
  website: string | null;
}

/** Kinds of slug a filter may name; the Dataset resolves them to canonical slugs. */
export type ReferenceKind = TaxonomyKind | 'designer' | 'artist' | 'publisher' | 'family' | 'award';

export interface EffectiveResolution {
  combination_source: 'explicit' | 'computed' | 'base_only';
  resolution_tier: 1 | 2 | 3;
  base: EffectiveValues;
  effective: EffectiveValues;
  /** Per requested expansion (row), the modifications it contributes, in evaluation order. */
  individual_effects: {
    expansion: number;
    modifications: { property: string; operation: string; value: number | number[] }[];
  }[];
}

export interface TextHit {
  row: number;
  /** 0..1 by relevance tier; an exact name match scores 1. */
  score: number;
  /** The field the query matched (the best tier's). */
  field: MatchedField;
}

/** Every match of a full-text query, best first (engine/text/text-index.ts). */
export interface TextMatches {
  rows: Uint32Array;
  /** Relevance tier per match, 0 (name, or a creator's full name) .. 5 (description). */
  tiers: Uint8Array;
  /** Index into MATCHED_FIELDS per match. */
  fields: Uint8Array;
  /**
   * Relevance key per match, ascending: tier · games + popularity rank; what a relevance
   * cursor stores. 32 bits are enough below 700 million games, and half the bytes of a
   * float: a broad search ("castle", 40,000 matches) spends much of its time creating these
   * arrays.
   */
  keys: Uint32Array;
}

/**
 * One text search's matches read lazily: their number, the hits of a range of ranks, a row's
 * rank. What a page of a broad search needs, without ranking every match into new arrays.
 * Valid only inside the callback it is handed to (DatasetApi.textRanking): the index reuses
 * its buffers for the next search, and a ranking read after its callback returned throws.
 */
export interface TextRanking {
  /** Number of matches. */
  readonly total: number;
  /** The hits of ranks [start, end), best first (fewer past the last match). */
  hits(start: number, end: number): TextHit[];
  /** The rank of a row among the matches, or -1 when it is not one. */
  rankOf(row: number): number;
}

export interface DatasetApi {
  /** Number of games (rows). */
  readonly size: number;
  /** Row of a game by UUID (any case) or slug; undefined when unknown. */
  row(idOrSlug: string): number | undefined;
  /** Row of a game by its legacy id (exact string comparison). */
  rowByLegacyId(legacyId: string): number | undefined;
  game(row: number): GameRecord;
  related(row: number): GameRelated;
  /** Community polls of a game (D27): ratings per player count, the age and language votes. */
  polls(row: number): GamePolls;
  /** Experience play-time rows of a game and its own multipliers (D25). */
  experience(row: number): GameExperience;
  /** Canonical slug for a slug, alias or (for non-taxonomy kinds) UUID; undefined when unknown. */
  resolve(kind: ReferenceKind, slugOrId: string): string | undefined;
  query(query: RankedQuery): Page;
  /**
   * Ids of every game matching the filter (effective mode included), in row order, without
   * paging: what aggregations over a filtered population (the trend endpoints) start from.
   */
  matchingIds(filter: Filter): string[];
  /** Counts per key for each requested dimension, each ignoring its own filter ("all but own"). */
  facets(filter: Filter, dimensions: readonly FacetDimension[]): Facets;
  /** Three-tier resolution of a base game under a set of its expansions (rows). */
  resolveEffective(base: number, expansions: readonly number[]): EffectiveResolution;
  /** Full-text lookup over names and alternate names, best first (D56). */
  search(text: string, limit: number): TextHit[];
  /** Every full-text hit of `text`, best first. */
  textMatches(text: string): TextMatches;
  /**
   * The full-text hits of `text` (of the given game types only, when given) as `read` reads
   * them: the same matches in the same order as textMatches(), counted but not ranked until
   * asked for. No text search may start while `read` runs.
   */
  textRanking<T>(text: string, types: readonly GameType[] | undefined, read: (ranking: TextRanking) => T): T;
  /** A corrected query that finds games, when `text` finds none (`did_you_mean`). */
  suggest(text: string): string | undefined;
  /**
   * Builds, one part per step, what the first queries of a kind would otherwise build in one
   * go: the full-text index (about a second at 150,000 games) and the people, publisher,
   * family and award lists (a few hundred milliseconds). For a serving thread to run between
   * requests; a query that needs a part before the steps reach it builds the rest of that
   * part at once. Nothing once everything is built.
   */
  warmSteps(): Generator<void, void>;
  /** Terms of one kind, by (sort_name, id). Lists here are built once per Dataset. */
  terms(kind: TaxonomyKind): readonly TermEntity[];
  /** A term by slug, alias or id (any case); an alias answers the canonical term. */
  term(kind: TaxonomyKind, key: string): TermEntity | undefined;
  /** People by (sort_name, id); with a role, only those credited in it (a role view). */
  people(role?: PersonRole): readonly PersonEntity[];
  /** A person by slug or id; with a role, undefined unless credited in that role. */
  person(key: string, role?: PersonRole): PersonEntity | undefined;
  publishers(): readonly PublisherEntity[];
  publisher(key: string): PublisherEntity | undefined;
  families(): readonly FamilyEntity[];
  family(key: string): FamilyEntity | undefined;
  awards(): readonly AwardEntity[];
  award(key: string): AwardEntity | undefined;
}
