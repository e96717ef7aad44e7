// The Game field registry: one entry per Game field. Everything that lists Game fields
// derives from it, once at module load, instead of keeping a list of its own:
//   - the engine: its columns (input.ts GAME_*_COLUMNS, GameListColumns), so the games Arrow
//     table (columns.ts) and the replica's games file; GameRecord and Dataset.game()
//     (field-readers.ts, records.ts), members in JSON order;
//   - the server: the Game JSON (present/game-json.ts) and its `stats` embed (embeds.ts), the
//     zod schemas of both (schemas/responses/game-fields.ts) and so the OpenAPI document,
//     the CSV export columns (export/csv.ts), the JSONL export (the Game JSON);
//   - the loader: the store → Dataset load (load-games.ts reads `games.<name>` by storage and
//     kind) and the column file's lists part (columns/dataset-parts.ts).
//
// Adding a Game field takes:
//   1. One entry here, after the last one of its storage: `json` the next free position (the
//      JSON and the CSV only grow at the end, SPEC-NOTES D1), `stats` only if the stats embed
//      carries it, no `json` if it is engine-only (like trending_score). The replica files
//      gain its column, so a writer and its replicas upgrade together.
//   2. Its migration: a new loader/schema/NNN-*.ts adding the column to `games` (applied
//      migrations are history; nothing can derive them).
//   3. Its source, which no list can write. A catalog field: the catalog format (loader/catalog:
//      records.ts validates it, tables.ts and resolve-game.ts write it, read-games.ts exports
//      it) and the importers that know it (loader/import/, the demo catalog). An aggregate:
//      the materialization step that computes it (snapshots/steps/, AGGREGATE_COLUMNS).
//   4. Its documentation (docs/api.md; docs/export.md: a new CSV column is a schema_version
//      change). Filtering or sorting by it is a feature of its own (engine/filter.ts, sort.ts,
//      server/schemas/), not part of adding the field.

import { FUNDING_SOURCES, GAME_MODES, GAME_TYPES, LANGUAGE_DEPENDENCE_LEVELS } from './domain.js';

/** What a field's value is, on the wire and in GameRecord. */
export type GameFieldKind =
  /** A UUID string. */
  | 'uuid'
  | 'string'
  /** ISO 8601 date, `YYYY-MM-DD`. */
  | 'date'
  /** ISO 8601 UTC timestamp. */
  | 'timestamp'
  /** One of the field's `values`. */
  | 'enum'
  | 'integer'
  /** An integer ≥ 0. */
  | 'count'
  | 'number'
  /** A number of minutes ≥ 0. */
  | 'minutes'
  | 'number-list'
  | 'integer-list'
  /** Category slug → rank (an integer). */
  | 'rank-map'
  /** A string, or a number when the source id was numeric (D2). */
  | 'legacy-id';

/** Where the engine keeps a field's values (input.ts). */
export type GameFieldStorage =
  /** A Float64 column of the games table, NaN for null. */
  | 'number'
  /** A Utf8 column of the games table. */
  | 'string'
  /** An array per game in GameListColumns (lists and maps). */
  | 'list'
  /** Computed at build time from other fields (sort_name from name). */
  | 'derived';

/** Where the store keeps it: a column of `games`, or rows elsewhere the load joins. */
export type GameFieldStore = 'games' | 'external_identifiers' | null;

export interface GameFieldSpec {
  readonly name: string;
  readonly kind: GameFieldKind;
  /** The allowed values of an enum. */
  readonly values?: readonly string[];
  readonly nullable: boolean;
  readonly storage: GameFieldStorage;
  readonly store: GameFieldStore;
  /**
   * Position in the Game JSON (so in GameRecord, the Game schema, both exports); absent: the
   * field is engine-only and never emitted.
   */
  readonly json?: number;
  /** Position in the `stats` embed (D28); absent: not part of it. */
  readonly stats?: number;
  /** What the OpenAPI document says about it. */
  readonly doc?: string;
}

/**
 * Every Game field, grouped by storage. Within a storage the order is the column order of
 * the games table and of the replica files: append, never reorder (the files would change).
 */
export const GAME_FIELDS = [
  // Float64 columns
  { name: 'year_published', kind: 'integer', nullable: true, storage: 'number', store: 'games', json: 4 },
  { name: 'min_players', kind: 'integer', nullable: true, storage: 'number', store: 'games', json: 6 },
  { name: 'max_players', kind: 'integer', nullable: true, storage: 'number', store: 'games', json: 7 },
  { name: 'min_playtime', kind: 'minutes', nullable: true, storage: 'number', store: 'games', json: 8 },
  { name: 'max_playtime', kind: 'minutes', nullable: true, storage: 'number', store: 'games', json: 9 },
  { name: 'community_min_playtime', kind: 'minutes', nullable: true, storage: 'number', store: 'games', json: 10 },
  { name: 'community_max_playtime', kind: 'minutes', nullable: true, storage: 'number', store: 'games', json: 11 },
  { name: 'community_median_playtime', kind: 'minutes', nullable: true, storage: 'number', store: 'games', json: 35 },
  { name: 'min_age', kind: 'integer', nullable: true, storage: 'number', store: 'games', json: 12 },
  { name: 'community_suggested_age', kind: 'number', nullable: true, storage: 'number', store: 'games', json: 13 },
  { name: 'weight', kind: 'number', nullable: true, storage: 'number', store: 'games', json: 14, stats: 6, doc: '1–5' },
  { name: 'weight_votes', kind: 'count', nullable: true, storage: 'number', store: 'games', json: 15, stats: 7 },
  {
    name: 'rating',
    kind: 'number',
    nullable: true,
    storage: 'number',
    store: 'games',
    json: 16,
    stats: 0,
    doc: '1–10',
  },
  { name: 'rating_votes', kind: 'count', nullable: true, storage: 'number', store: 'games', json: 17, stats: 1 },
  { name: 'rating_stddev', kind: 'number', nullable: true, storage: 'number', store: 'games', json: 20, stats: 4 },
  {
    name: 'rating_confidence',
    kind: 'number',
    nullable: true,
    storage: 'number',
    store: 'games',
    json: 18,
    stats: 5,
    doc: '0–1',
  },
  { name: 'bayes_rating', kind: 'number', nullable: true, storage: 'number', store: 'games', json: 33, stats: 2 },
  { name: 'rank_overall', kind: 'integer', nullable: true, storage: 'number', store: 'games', json: 21, stats: 8 },
  { name: 'owner_count', kind: 'count', nullable: true, storage: 'number', store: 'games', json: 23, stats: 10 },
  { name: 'wishlist_count', kind: 'count', nullable: true, storage: 'number', store: 'games', json: 24, stats: 11 },
  { name: 'total_plays', kind: 'count', nullable: true, storage: 'number', store: 'games', json: 25, stats: 12 },
  // Engine-only: the trending sort key (never emitted).
  { name: 'trending_score', kind: 'number', nullable: true, storage: 'number', store: 'games' },
  // Engine-only: game-specific experience multipliers, null without sufficient data (D25).
  { name: 'experience_first_play', kind: 'number', nullable: true, storage: 'number', store: 'games' },
  { name: 'experience_learning', kind: 'number', nullable: true, storage: 'number', store: 'games' },
  { name: 'experience_experienced', kind: 'number', nullable: true, storage: 'number', store: 'games' },
  { name: 'experience_expert', kind: 'number', nullable: true, storage: 'number', store: 'games' },
  // Utf8 columns
  { name: 'id', kind: 'uuid', nullable: false, storage: 'string', store: 'games', json: 0, doc: 'UUID' },
  { name: 'slug', kind: 'string', nullable: false, storage: 'string', store: 'games', json: 1 },
  { name: 'name', kind: 'string', nullable: false, storage: 'string', store: 'games', json: 2 },
  { name: 'type', kind: 'enum', values: GAME_TYPES, nullable: false, storage: 'string', store: 'games', json: 3 },
  { name: 'mode', kind: 'enum', values: GAME_MODES, nullable: true, storage: 'string', store: 'games', json: 27 },
  {
    name: 'language_dependence',
    kind: 'enum',
    values: LANGUAGE_DEPENDENCE_LEVELS,
    nullable: true,
    storage: 'string',
    store: 'games',
    json: 26,
  },
  {
    name: 'funding_source',
    kind: 'enum',
    values: FUNDING_SOURCES,
    nullable: true,
    storage: 'string',
    store: 'games',
    json: 30,
  },
  // The lowest `legacy` external identifier (loader/load.ts); legacy_id_numeric says its JSON type.
  { name: 'legacy_id', kind: 'legacy-id', nullable: true, storage: 'string', store: 'external_identifiers', json: 31 },
  {
    name: 'parent_game_id',
    kind: 'uuid',
    nullable: true,
    storage: 'string',
    store: 'games',
    json: 5,
    doc: 'UUID of the base game of an expansion',
  },
  {
    name: 'release_date',
    kind: 'date',
    nullable: true,
    storage: 'string',
    store: 'games',
    json: 36,
    doc: 'ISO 8601 date',
  },
  { name: 'description', kind: 'string', nullable: true, storage: 'string', store: 'games', json: 37 },
  {
    name: 'created_at',
    kind: 'timestamp',
    nullable: false,
    storage: 'string',
    store: 'games',
    json: 38,
    doc: 'ISO 8601 timestamp',
  },
  {
    name: 'updated_at',
    kind: 'timestamp',
    nullable: false,
    storage: 'string',
    store: 'games',
    json: 32,
    stats: 13,
    doc: 'ISO 8601 timestamp',
  },
  { name: 'image_url', kind: 'string', nullable: true, storage: 'string', store: 'games', json: 39, doc: 'URL' },
  { name: 'thumbnail_url', kind: 'string', nullable: true, storage: 'string', store: 'games', json: 40, doc: 'URL' },
  // Per-game lists and maps
  {
    name: 'rating_distribution',
    kind: 'number-list',
    nullable: true,
    storage: 'list',
    store: 'games',
    json: 19,
    stats: 3,
  },
  { name: 'rank_by_category', kind: 'rank-map', nullable: true, storage: 'list', store: 'games', json: 22, stats: 9 },
  { name: 'top_player_counts', kind: 'integer-list', nullable: false, storage: 'list', store: 'games', json: 28 },
  {
    name: 'recommended_player_counts',
    kind: 'integer-list',
    nullable: false,
    storage: 'list',
    store: 'games',
    json: 29,
  },
  // Derived
  {
    name: 'sort_name',
    kind: 'string',
    nullable: false,
    storage: 'derived',
    store: null,
    json: 34,
    doc: 'The `name` sort key: lowercased, leading article dropped, diacritics folded',
  },
] as const satisfies readonly GameFieldSpec[];

export type GameField = (typeof GAME_FIELDS)[number];
export type GameFieldName = GameField['name'];
/** The fields a Game's JSON carries. */
export type GameJsonField = Extract<GameField, { json: number }>;
export type GameStatsField = Extract<GameField, { stats: number }>;

interface KindValues {
  uuid: string;
  string: string;
  date: string;
  timestamp: string;
  enum: string;
  integer: number;
  count: number;
  number: number;
  minutes: number;
  'number-list': number[];
  'integer-list': number[];
  'rank-map': Record<string, number>;
  'legacy-id': string | number;
}

/** The TypeScript type of a field's value: an enum's own values, null when nullable. */
export type GameFieldValue<F extends GameFieldSpec> =
  | (F extends { values: readonly (infer V)[] } ? V : KindValues[F['kind']])
  | (F['nullable'] extends true ? null : never);

/** Scalar fields of one game, contract names, null where unknown: one member per JSON field. */
export type GameFieldRecord = { [F in GameJsonField as F['name']]: GameFieldValue<F> };

/** `position` of every field that has one, in that order; the positions must be 0, 1, 2... */
function byPosition<F extends GameField>(position: (field: GameField) => number | undefined, what: string): F[] {
  const out: F[] = [];
  for (const field of GAME_FIELDS) {
    const at = position(field);
    if (at === undefined) continue;
    // A gap or a shared position would silently reorder a response: fail at load instead.
    if (out[at] !== undefined) throw new Error(`${what} position ${at} is taken twice`);
    out[at] = field as F;
  }
  for (let at = 0; at < out.length; at++)
    if (out[at] === undefined) throw new Error(`${what} position ${at} is unused`);
  return out;
}

/** The fields of a Game's JSON, in JSON order (also the CSV's and GameRecord's). */
export const GAME_JSON_FIELDS: readonly GameJsonField[] = byPosition<GameJsonField>(
  (f) => ('json' in f ? f.json : undefined),
  'json',
);

/** The fields of the `stats` embed (D28), in its order. */
export const GAME_STATS_FIELDS: readonly GameStatsField[] = byPosition<GameStatsField>(
  (f) => ('stats' in f ? f.stats : undefined),
  'stats',
);
