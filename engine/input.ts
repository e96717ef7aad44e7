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
import { GAME_FIELDS, type GameField, type GameFieldValue } from './fields.js';
import type { ListColumn } from './list-column.js';

type FieldOf<S extends GameField['storage']> = Extract<GameField, { storage: S }>;
const fieldsOf = <S extends GameField['storage']>(storage: S): readonly FieldOf<S>[] =>
  GAME_FIELDS.filter((f): f is FieldOf<S> => f.storage === storage);

export type GameNumberColumn = FieldOf<'number'>['name'];
/**
 * Numeric Game columns: Arrow Float64, NaN for null (integers are exact in a double).
 * Reading them needs no validity bitmap, so the engine takes the values zero-copy.
 */
export const GAME_NUMBER_COLUMNS: readonly GameNumberColumn[] = fieldsOf('number').map((f) => f.name);

export type GameStringColumn = FieldOf<'string'>['name'];
/** String Game columns: Arrow Utf8 (nullable). Timestamps are ISO 8601 UTC strings. */
export const GAME_STRING_COLUMNS: readonly GameStringColumn[] = fieldsOf('string').map((f) => f.name);

/** String columns holding one of an enumeration's values, with the values. */
export type GameEnumField = Extract<FieldOf<'string'>, { kind: 'enum' }>;
export type GameEnumColumn = GameEnumField['name'];
export const GAME_ENUM_FIELDS: readonly GameEnumField[] = fieldsOf('string').filter(
  (f): f is GameEnumField => f.kind === 'enum',
);

/** Per-game list and map values, parallel to the games table: one column per list field. */
export type GameListValues = { [F in FieldOf<'list'> as F['name']]: ListColumn<GameFieldValue<F>> };
export interface GameListColumns extends GameListValues {
  /** True when legacy_id was numeric in its source (emitted as a JSON number, D2). */
  legacy_id_numeric: boolean[];
}
/** Every member of GameListColumns, the list fields in registry order. */
export const GAME_LIST_COLUMNS: readonly (keyof GameListColumns)[] = [
  ...fieldsOf('list').map((f) => f.name),
  'legacy_id_numeric',
];

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
