// Store → the games table and the per-game lists of a DatasetInput, column by column as the
// Game field registry (engine/fields.ts) lists them: a field stored in `games` is read from
// `games.<name>`, in the form its storage and kind call for. Rows come in the order of the
// load's rows table (loader/load.ts), which also carries each game's legacy id.

import type { Table } from 'apache-arrow';
import {
  arrayListColumn,
  intListColumn,
  emptyNumberArrays,
  enumVectorOfPositions,
  GAME_ENUM_FIELDS,
  GAME_FIELDS,
  GAME_NUMBER_COLUMNS,
  type GameField,
  type GameListColumns,
  type ListColumn,
  type GameStringValues,
  type GameStringColumn,
  makeGamesTableSteps,
} from '../engine/index.js';
import { loadPackedUtf8 } from './packed-utf8.js';
import type { Store } from './store.js';
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

/** List columns: arrays come over as they are; a map is JSON in the store and read as its text. */
const listSelect = (f: ListField): string =>
  f.kind === 'rank-map' ? `CAST(g.${f.name} AS VARCHAR) AS ${f.name}` : `g.${f.name}`;

/** A list column's values as the engine takes them: maps parsed, a missing required list empty. */
function listValues(f: ListField, values: unknown[]): unknown[] {
  if (f.kind === 'rank-map') return values.map((v) => (v === null ? null : JSON.parse(v as string)));
  return f.nullable ? values : values.map((v) => v ?? []);
}

/** The visible games (with their legacy id in r), in row order: every game query shares it. */
const gamesFrom = (rows: string): string => `FROM ${rows} r JOIN games g ON g.id = r.id ORDER BY r.row`;

export async function loadGames(store: Store, rows: string): Promise<{ games: Table; lists: GameListColumns }> {
  // Numbers (enums as positions, timestamps as epoch ms) in one typed-array read, the rest as
  // JS values: statements over the same total order, so their rows line up.
  const numeric = await store.numberColumns(
    `SELECT ${[
      ...GAME_NUMBER_COLUMNS.map((c) => `CAST(g.${c} AS DOUBLE) AS ${c}`),
      ...ENUM_COLUMNS.map((c, i) => `list_position($${i + 1}::VARCHAR[], g.${c}) AS ${c}`),
      ...TIMESTAMP_COLUMNS.map((c) => `CAST(epoch_ms(g.${c}) AS DOUBLE) AS ${c}`),
      'CAST(r.legacy_id_numeric AS INTEGER) AS legacy_id_numeric',
    ].join(', ')}
     ${gamesFrom(rows)}`,
    GAME_ENUM_FIELDS.map((f) => [...f.values]),
  );
  const cols = await store.columns(`SELECT ${LIST_FIELDS.map(listSelect).join(', ')} ${gamesFrom(rows)}`);
  const text = await loadPackedUtf8(store, rows, [...TEXT_SELECT]);
  const length = text.id.length;
  const listLength = cols[LIST_FIELDS[0].name].length;
  if (numeric.length !== length || listLength !== length) {
    throw new Error(`games changed while loading (${numeric.length}, ${listLength} and ${length} rows)`);
  }
  // Each column a slice of its own: a reload runs this on the server's thread (loader/turns.ts).
  await yieldTurn();
  const numbers = emptyNumberArrays(length);
  for (const name of GAME_NUMBER_COLUMNS) numbers[name] = numeric.columns[name];
  const strings = {} as GameStringValues;
  for (const name of TEXT_SELECT.keys()) strings[name] = text[name];
  // Positions straight to the table's dictionary codes: no string per row.
  for (const { name, values } of GAME_ENUM_FIELDS) strings[name] = enumVectorOfPositions(numeric.columns[name], values);
  for (const name of TIMESTAMP_COLUMNS) {
    await yieldTurn();
    strings[name] = isoTimestampVector(numeric.columns[name]);
  }
  const lists = {} as Record<string, ListColumn<unknown>>;
  for (const f of LIST_FIELDS) {
    await yieldTurn();
    // Required integer lists as offsets and values (engine/list-column.ts IntListColumn).
    const values = listValues(f, cols[f.name]);
    lists[f.name] =
      f.kind === 'integer-list' && !f.nullable ? intListColumn(values as number[][]) : arrayListColumn(values);
  }
  await yieldTurn();
  return {
    games: await runInSlices(makeGamesTableSteps(numbers, strings)),
    lists: {
      ...(lists as Omit<GameListColumns, 'legacy_id_numeric'>),
      legacy_id_numeric: Array.from(numeric.columns.legacy_id_numeric, (v) => v === 1),
    },
  };
}
