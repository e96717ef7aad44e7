// Store → the games table and the per-game lists of a DatasetInput, column by column as the
// Game field registry (engine/fields.ts) lists them: a field stored in `games` is read from
// `games.<name>`, in the form its storage and kind call for. Rows come in the order of the
// load's rows table (loader/load.ts), which also carries each game's legacy id and rowid:
// the numbers and the integer lists are scanned and placed at their rows by rowid; the text,
// and the other lists and maps as JSON text, come in one read ordered by row.

import type { Table } from 'apache-arrow';
import {
  IntListColumn,
  jsonListColumn,
  enumVectorOfPositions,
  GAME_ENUM_FIELDS,
  GAME_FIELDS,
  GAME_NUMBER_COLUMNS,
  type GameNumberArrays,
  type GameField,
  type GameListColumns,
  type ListColumn,
  type GameStringValues,
  type GameStringColumn,
  makeGamesTableSteps,
} from '../engine/index.js';
import { loadPackedUtf8 } from './packed-utf8.js';
import { placeAtRows, placeColumn, RowsByRowid } from './row-order.js';
import type { Queryable, Store } from './store.js';
import { isoTimestampVector } from './timestamps.js';
import { runInSlices, yieldTurn } from './turns.js';

type StringField = Extract<GameField, { storage: 'string' }>;
type ListField = Extract<GameField, { storage: 'list' }>;
const STRING_FIELDS = GAME_FIELDS.filter((f): f is StringField => f.storage === 'string');
const LIST_FIELDS = GAME_FIELDS.filter((f): f is ListField => f.storage === 'list');

/**
 * Enumerated string columns travel as their 1-based position in the enumeration, and
 * timestamps as epoch milliseconds: numbers cross into JS far cheaper than strings.
 */
const ENUM_COLUMNS = GAME_ENUM_FIELDS.map((f) => f.name);
const TIMESTAMP_COLUMNS = STRING_FIELDS.filter((f) => f.kind === 'timestamp').map((f) => f.name);

/** How every other string column is selected: dates as ISO dates, the legacy id from the rows table. */
const TEXT_SELECT: ReadonlyMap<GameStringColumn, string> = new Map(
  STRING_FIELDS.filter((f) => f.kind !== 'enum' && f.kind !== 'timestamp').map((f) => [
    f.name,
    f.store === 'external_identifiers' ? `r.${f.name}` : gamesTextSelect(f),
  ]),
);

/** A text column of `games` (as g) as the engine takes it: dates as ISO dates. */
export function gamesTextSelect(f: GameField): string {
  return f.kind === 'date' ? `strftime(g.${f.name}, '%Y-%m-%d')` : `g.${f.name}`;
}

/** A required list of integers (player counts): read as numbers into an IntListColumn. */
export const isIntegerList = (f: GameField): boolean =>
  f.storage === 'list' && f.kind === 'integer-list' && !f.nullable;

/**
 * Every other list or map as JSON text per row, parsed when a row is read
 * (engine/list-column.ts): a page's games, never the whole column. A null one is `null`, or
 * `[]` where a list is required.
 */
export const jsonListSelect = (f: GameField): string =>
  `coalesce(CAST(to_json(g.${f.name}) AS VARCHAR), '${f.nullable ? 'null' : '[]'}')`;

const INTEGER_LIST_FIELDS = LIST_FIELDS.filter((f) => isIntegerList(f));
const JSON_LIST_FIELDS = LIST_FIELDS.filter((f) => !isIntegerList(f));

/**
 * A required list of integers per game (player counts), read as (row, value) pairs: numbers
 * only, kept as offsets and values (IntListColumn), so the postings built from them parse
 * nothing and no array per game is made.
 */
export async function integerListValues(
  store: Queryable,
  rows: string,
  n: number,
  column: string,
): Promise<IntListColumn> {
  const { columns } = await store.numberColumns(
    `SELECT row, value FROM (
       SELECT r.row, unnest(g.${column}) AS value, generate_subscripts(g.${column}, 1) AS position
       FROM ${rows} r JOIN games g ON g.id = r.id)
     ORDER BY row, position`,
  );
  return intListOfPairs(columns.row, columns.value, n);
}

/**
 * (row, value) pairs as the `n` rows' lists, offsets and values: each row's values in the
 * order the pairs hold them (a counting sort on the row).
 */
function intListOfPairs(rows: ArrayLike<number>, value: ArrayLike<number>, n: number): IntListColumn {
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < rows.length; i++) offsets[rows[i] + 1]++;
  for (let r = 0; r < n; r++) offsets[r + 1] += offsets[r];
  const next = offsets.slice(0, n);
  const values = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) values[next[rows[i]]++] = value[i];
  return new IntListColumn(offsets, values);
}

/**
 * A required integer list of every visible game by a scan (no join, no sort, unlike
 * integerListValues): (rowid, value) pairs in the table's order, so a game's values come
 * together and in list order. Undefined when the scan did not come in rowid order; the
 * caller then reads the lists ordered by DuckDB.
 */
async function scannedIntegerLists(
  store: Queryable,
  rowsByRowid: RowsByRowid,
  column: string,
): Promise<IntListColumn | undefined> {
  const { columns } = await store.numberColumns(scanGames([`CAST(unnest(g.${column}) AS DOUBLE) AS value`]));
  const { game_rowid: rowids, value } = columns;
  for (let i = 1; i < rowids.length; i++) if (rowids[i] < rowids[i - 1]) return undefined;
  return intListOfPairs(rowsByRowid.rowsOfEach(rowids), value, rowsByRowid.length);
}

/** 1 as true, anything else as false; a loop, not `Array.from(typed, mapFn)` (V8's slow path). */
function flags(values: Float64Array): boolean[] {
  const out = new Array<boolean>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] === 1;
  return out;
}

/** The games a Dataset shows (SPEC-NOTES D5), as a condition on `games` as g. */
export const VISIBLE_GAMES = `g.status = 'active'`;

/**
 * The visible games scanned in the table's order, each with its rowid: a read's values are
 * placed at their rows in JS (loader/row-order.ts), with no join and no sort in DuckDB.
 */
const scanGames = (select: readonly string[]): string =>
  `SELECT CAST(g.rowid AS DOUBLE) AS game_rowid, ${select.join(', ')} FROM games g WHERE ${VISIBLE_GAMES}`;

export async function loadGames(store: Store, rows: string): Promise<{ games: Table; lists: GameListColumns }> {
  // Numbers (enums as positions, timestamps as epoch ms) in one typed-array read by a scan,
  // placed at their rows below; the text in one ordered read (loader/packed-utf8.ts).
  const visible = await store.numberColumns(
    `SELECT game_rowid, CAST(row AS DOUBLE) AS row, CAST(legacy_id_numeric AS INTEGER) AS legacy_id_numeric FROM ${rows}`,
  );
  const read = await store.numberColumns(
    scanGames([
      ...GAME_NUMBER_COLUMNS.map((c) => `CAST(g.${c} AS DOUBLE) AS ${c}`),
      ...ENUM_COLUMNS.map((c, i) => `list_position($${i + 1}::VARCHAR[], g.${c}) AS ${c}`),
      ...TIMESTAMP_COLUMNS.map((c) => `CAST(epoch_ms(g.${c}) AS DOUBLE) AS ${c}`),
    ]),
    GAME_ENUM_FIELDS.map((f) => [...f.values]),
  );
  // The text and the JSON lists in one packed read: one sort of the rows.
  const text = await loadPackedUtf8(store, rows, [
    ...TEXT_SELECT,
    ...JSON_LIST_FIELDS.map((f) => [f.name, jsonListSelect(f)] as const),
  ]);
  const length = text.id.length;
  if (visible.length !== length || read.length !== length) {
    throw new Error(`games changed while loading (${visible.length}, ${read.length} and ${length} rows)`);
  }
  const lists = {} as Record<string, ListColumn<unknown>>;
  const rowsByRowid = new RowsByRowid(visible.columns.game_rowid, visible.columns.row);
  for (const f of INTEGER_LIST_FIELDS)
    lists[f.name] =
      (await scannedIntegerLists(store, rowsByRowid, f.name)) ?? (await integerListValues(store, rows, length, f.name));
  for (const f of JSON_LIST_FIELDS) lists[f.name] = jsonListColumn(text[f.name]);
  const numeric = placeAtRows(read, rowsByRowid.rowsOf(read.columns.game_rowid), 'game_rowid');
  // Each column a slice of its own: a reload runs this on the server's thread (loader/turns.ts).
  await yieldTurn();
  // the read's arrays as they are (not copied into NaN-filled ones first: ~70 ms at 150k games)
  const numbers = {} as GameNumberArrays;
  for (const name of GAME_NUMBER_COLUMNS) numbers[name] = numeric.columns[name];
  const strings = {} as GameStringValues;
  for (const name of TEXT_SELECT.keys()) strings[name] = text[name];
  // Positions straight to the table's dictionary codes: no string per row.
  for (const { name, values } of GAME_ENUM_FIELDS) strings[name] = enumVectorOfPositions(numeric.columns[name], values);
  for (const name of TIMESTAMP_COLUMNS) {
    await yieldTurn();
    strings[name] = isoTimestampVector(numeric.columns[name]);
  }
  await yieldTurn();
  return {
    games: await runInSlices(makeGamesTableSteps(numbers, strings)),
    lists: {
      ...(lists as Omit<GameListColumns, 'legacy_id_numeric'>),
      legacy_id_numeric: flags(placeColumn(visible.columns.legacy_id_numeric, visible.columns.row)),
    },
  };
}
