// The games table as the engine reads it: zero-copy Float64 columns, the few strings every
// query needs as JS strings (id, slug, name, parent), small-domain strings as dictionary
// codes, and the long tail (description, timestamps) read from Arrow only for a page's rows.

import type { Table, Vector } from 'apache-arrow';
import { enumCodes, numberColumn } from './columns.js';
import { Dictionary } from './dictionary.js';
import { DEFAULT_EXPERIENCE_MULTIPLIERS, EXPERIENCE_LEVELS, UUID_PATTERN, type ExperienceLevel } from './domain.js';
import {
  GAME_ENUM_FIELDS,
  GAME_NUMBER_COLUMNS,
  GAME_STRING_COLUMNS,
  type GameEnumColumn,
  type GameListColumns,
  type GameNumberColumn,
  type GameStringColumn,
} from './input.js';
import { sortName } from './normalize.js';
import { utf8Column } from './strings.js';
import { takeArray } from './take.js';
import { StringRows } from './string-rows.js';
import { runSteps } from './steps.js';

export type GameNumbers = Readonly<Record<GameNumberColumn, Float64Array>>;

/** The id and slug lookups' tables (StringRows.table), as a column file carries them. */
export interface GameLookupTables {
  bySlug: Int32Array;
  byId: Int32Array;
  /** Whether the id lookup is keyed by the lower-cased ids (some id has capitals). */
  idsLowered: boolean;
}

/** The games an update starts from and the columns it changed (column-update.ts). */
export interface PreviousGames {
  games: Games;
  changed: ReadonlySet<string>;
}

/** The strings a Games decodes from its table up front, when they are at hand already decoded. */
export interface DecodedGameStrings {
  ids: string[];
  slugs: string[];
  names: string[];
  parentIds: (string | null)[];
  releaseDates: (string | null)[];
}

/** Rows whose parent is looked up between two yields of parentRowsSteps (a few ms). */
const PARENT_ROWS_PER_STEP = 16_384;

const EXPERIENCE_COLUMNS = {
  first_play: 'experience_first_play',
  learning: 'experience_learning',
  experienced: 'experience_experienced',
  expert: 'experience_expert',
} as const satisfies Record<ExperienceLevel, GameNumberColumn>;

/**
 * String columns every query may need, decoded to JS strings at build time (and taken over
 * from the previous games by an update, which therefore may not change them).
 */
export const EAGER_STRING_COLUMNS = ['id', 'slug', 'name', 'parent_game_id', 'release_date'] as const;
type EagerStringColumn = (typeof EAGER_STRING_COLUMNS)[number];

/**
 * String columns read lazily from Arrow (one value per page row, never the whole column):
 * the long tail (description, timestamps, legacy_id), and any new string field by default.
 */
type LazyStringColumn = Exclude<GameStringColumn, EagerStringColumn | GameEnumColumn>;

const isEager = (name: GameStringColumn): name is EagerStringColumn =>
  (EAGER_STRING_COLUMNS as readonly string[]).includes(name);
const ENUM_COLUMNS: ReadonlySet<string> = new Set(GAME_ENUM_FIELDS.map((f) => f.name));
const isEnum = (name: GameStringColumn): name is GameEnumColumn => ENUM_COLUMNS.has(name);

export class Games {
  readonly size: number;
  readonly numbers: GameNumbers;
  readonly ids: string[];
  readonly slugs: string[];
  readonly names: string[];
  readonly parentIds: (string | null)[];
  readonly releaseDates: (string | null)[];
  /** One dictionary per enumerated column, its known values first (input.ts). */
  readonly enums: Readonly<Record<GameEnumColumn, Dictionary>>;
  readonly types: Dictionary;
  readonly modes: Dictionary;
  readonly languages: Dictionary;
  readonly fundings: Dictionary;
  readonly lists: GameListColumns;
  private readonly lazy: Record<LazyStringColumn, Vector>;
  private bySlug: StringRows | undefined;
  /** Rows by lower-cased id (ids are unique, so the first row is the only one). */
  private byId: StringRows | undefined;
  /** Whether byId is keyed by lower-cased copies of the ids (else by the ids themselves). */
  private idsLowered = false;
  private legacyCache: Map<string, number[]> | undefined;
  private sortNameCache: string[] | undefined;
  private parentRowCache: Int32Array | undefined;
  private readonly multipliers = new Map<ExperienceLevel, Float64Array>();

  /**
   * `indexRows` false: the id and slug lookups are left to indexRowSteps() (Games.build).
   * `previous`: the games of the Dataset this one updates (the same rows, column-update.ts):
   * its decoded strings, lookups and unchanged dictionaries are taken over.
   */
  constructor(
    table: Table,
    lists: GameListColumns,
    indexRows = true,
    previous?: PreviousGames,
    decoded?: DecodedGameStrings,
  ) {
    this.size = table.numRows;
    const numbers = {} as Record<GameNumberColumn, Float64Array>;
    for (const name of GAME_NUMBER_COLUMNS) numbers[name] = numberColumn(table, name);
    this.numbers = numbers;
    const old = previous?.games;
    if (old !== undefined && old.size !== this.size) throw new RangeError(`${this.size} rows updating ${old.size}`);
    const strings = old ?? decoded;
    this.ids = strings?.ids ?? utf8Column(table, 'id').map((id) => id ?? '');
    this.slugs = strings?.slugs ?? utf8Column(table, 'slug').map((slug) => slug ?? '');
    this.names = strings?.names ?? utf8Column(table, 'name').map((name) => name ?? '');
    this.parentIds = strings?.parentIds ?? utf8Column(table, 'parent_game_id');
    this.releaseDates = strings?.releaseDates ?? utf8Column(table, 'release_date');
    if (decoded !== undefined && decoded.ids.length !== this.size)
      throw new RangeError(`${decoded.ids.length} decoded ids for ${this.size} games`);
    if (old !== undefined) {
      this.bySlug = old.bySlug;
      this.byId = old.byId;
      this.idsLowered = old.idsLowered;
      this.sortNameCache = old.sortNameCache;
      this.parentRowCache = old.parentRowCache;
      if (!previous?.changed.has('legacy_id')) this.legacyCache = old.legacyCache;
    }
    const enums = {} as Record<GameEnumColumn, Dictionary>;
    for (const { name, values } of GAME_ENUM_FIELDS) {
      if (old !== undefined && !previous?.changed.has(name)) enums[name] = old.enums[name];
      else {
        const coded = enumCodes(child(table, name), values);
        enums[name] = new Dictionary(coded.codes, coded.values);
      }
    }
    this.enums = enums;
    this.types = enums.type;
    this.modes = enums.mode;
    this.languages = enums.language_dependence;
    this.fundings = enums.funding_source;
    this.lists = lists;
    const lazy = {} as Record<LazyStringColumn, Vector>;
    for (const name of GAME_STRING_COLUMNS) if (!isEager(name) && !isEnum(name)) lazy[name] = child(table, name);
    this.lazy = lazy;
    if (indexRows && old === undefined) for (const _ of this.indexRowSteps());
  }

  /**
   * The games built in steps: the columns, then the id and slug lookups (taken from `lookups`
   * when given: the tables a Games over the same table exported, lookupTables()).
   */
  static *build(
    table: Table,
    lists: GameListColumns,
    lookups?: GameLookupTables,
    decoded?: DecodedGameStrings,
  ): Generator<void, Games> {
    const games = new Games(table, lists, false, undefined, decoded);
    yield;
    yield* games.indexRowSteps(lookups);
    return games;
  }

  /** Builds the id and slug lookups, one per step (a few milliseconds each at 150,000 games). */
  private *indexRowSteps(lookups?: GameLookupTables): Generator<void, void> {
    this.bySlug =
      lookups !== undefined ? new StringRows(this.slugs, lookups.bySlug) : yield* StringRows.buildSteps(this.slugs);
    yield;
    if (lookups !== undefined) {
      this.idsLowered = lookups.idsLowered;
      this.byId = new StringRows(this.idsLowered ? this.ids.map((id) => id.toLowerCase()) : this.ids, lookups.byId);
    } else {
      const lowered = this.ids.map((id) => id.toLowerCase());
      this.idsLowered = !lowered.every((id, row) => id === this.ids[row]);
      yield;
      this.byId = yield* StringRows.buildSteps(this.idsLowered ? lowered : this.ids);
    }
    yield;
  }

  /** The decoded strings with `rows[i]` as row i (a Games over the same games reordered takes them). */
  *stringsInOrderSteps(rows: Uint32Array): Generator<void, DecodedGameStrings> {
    // a column a step: the five at once, with the collection their arrays bring, held a
    // reload's thread ~95 ms at 150,000 games
    const ids = takeArray(this.ids, rows);
    yield;
    const slugs = takeArray(this.slugs, rows);
    yield;
    const names = takeArray(this.names, rows);
    yield;
    const parentIds = takeArray(this.parentIds, rows);
    yield;
    return { ids, slugs, names, parentIds, releaseDates: takeArray(this.releaseDates, rows) };
  }

  /** The id and slug lookups' tables, for a column file (Games.build takes them back). */
  lookupTables(): GameLookupTables {
    const { bySlug, byId } = this.lookups();
    return { bySlug: bySlug.table, byId: byId.table, idsLowered: this.idsLowered };
  }

  /** Row by UUID (any case) or slug. */
  row(idOrSlug: string): number | undefined {
    if (UUID_PATTERN.test(idOrSlug)) {
      const row = this.rowById(idOrSlug);
      if (row !== undefined) return row;
    }
    return this.lookups().bySlug.get(idOrSlug) ?? this.rowById(idOrSlug);
  }

  private lookups(): { bySlug: StringRows; byId: StringRows } {
    if (!this.bySlug || !this.byId) throw new Error('Games: the id and slug lookups are not built yet');
    return { bySlug: this.bySlug, byId: this.byId };
  }

  /** Row by id only (any case). */
  rowById(id: string): number | undefined {
    const { byId } = this.lookups();
    return byId.get(id) ?? byId.get(id.toLowerCase());
  }

  /** Per row, the row of its parent game (-1 when none or unknown); built on first use. */
  get parentRows(): Int32Array {
    return this.parentRowCache ?? runSteps(this.parentRowsSteps());
  }

  /**
   * parentRows built PARENT_ROWS_PER_STEP rows a step (an id lookup each: 150,000 of them in
   * the expansion model's step made most of a 63 ms stall of a reload), unless built already.
   */
  *parentRowsSteps(): Generator<void, Int32Array> {
    const out = new Int32Array(this.size).fill(-1);
    for (let row = 0; row < this.size; row++) {
      if (this.parentRowCache) return this.parentRowCache;
      const parent = this.parentIds[row];
      if (parent !== null) out[row] = this.rowById(parent) ?? -1;
      if (row % PARENT_ROWS_PER_STEP === PARENT_ROWS_PER_STEP - 1) yield;
    }
    this.parentRowCache ??= out;
    return this.parentRowCache;
  }

  /** Rows by legacy id (exact string); built on first use. */
  legacyRows(legacyId: string): readonly number[] {
    if (!this.legacyCache) {
      const map = new Map<string, number[]>();
      const vector = this.lazy.legacy_id;
      for (let row = 0; row < this.size; row++) {
        const value = vector.get(row) as string | null;
        if (value === null) continue;
        const rows = map.get(value);
        if (rows) rows.push(row);
        else map.set(value, [row]);
      }
      this.legacyCache = map;
    }
    return this.legacyCache.get(legacyId) ?? [];
  }

  /**
   * Reads one string column by row, wherever it is kept (an eager array, a dictionary or the
   * Arrow vector): chosen once per column, so records pay no lookup per row.
   */
  stringReader(column: GameStringColumn): (row: number) => string | null {
    if (isEager(column)) {
      const values: readonly (string | null)[] = this.eager[column];
      return (row) => values[row];
    }
    if (isEnum(column)) {
      const dictionary = this.enums[column];
      return (row) => dictionary.value(row);
    }
    const vector = this.lazy[column];
    return (row) => (vector.get(row) as string | null) ?? null;
  }

  private get eager(): Record<EagerStringColumn, readonly (string | null)[]> {
    return {
      id: this.ids,
      slug: this.slugs,
      name: this.names,
      parent_game_id: this.parentIds,
      release_date: this.releaseDates,
    };
  }

  /** Takes the sort names computed elsewhere (a column file's), one per row. */
  seedSortNames(names: string[]): void {
    if (names.length !== this.size) throw new RangeError(`${names.length} sort names for ${this.size} games`);
    this.sortNameCache = names;
  }

  /** `sortName(name)` per row, computed once on first use. */
  get sortNames(): string[] {
    if (!this.sortNameCache) this.sortNameCache = this.names.map(sortName);
    return this.sortNameCache;
  }

  /** Null-safe number (NaN -> null). */
  number(column: GameNumberColumn, row: number): number | null {
    const value = this.numbers[column][row];
    return Number.isNaN(value) ? null : value;
  }

  /**
   * Per row, the play-time multiplier of `level`: the game's own when all four experience
   * columns are known (sufficient data, D25), else the global default.
   */
  multiplier(level: ExperienceLevel): Float64Array {
    let out = this.multipliers.get(level);
    if (out) return out;
    const own = this.numbers[EXPERIENCE_COLUMNS[level]];
    const all = EXPERIENCE_LEVELS.map((l) => this.numbers[EXPERIENCE_COLUMNS[l]]);
    const fallback = DEFAULT_EXPERIENCE_MULTIPLIERS[level];
    out = new Float64Array(this.size);
    for (let row = 0; row < out.length; row++) {
      let sufficient = true;
      for (const column of all) if (Number.isNaN(column[row])) sufficient = false;
      out[row] = sufficient ? own[row] : fallback;
    }
    this.multipliers.set(level, out);
    return out;
  }
}

function child(table: Table, name: GameStringColumn): Vector {
  const vector = table.getChild(name);
  if (!vector) throw new RangeError(`games table has no column ${name}`);
  return vector;
}
