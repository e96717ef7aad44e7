// Store → the new values of some game columns for the games a served Dataset holds, in its
// row order, plus the community data: what a materialization run reads for the server just
// before it commits, instead of a load of the whole catalog after (engine
// Dataset.updatedSteps applies it). The Dataset's ids travel as one
// bound string; DuckDB splits them into a TEMP rows table (id → the Dataset's row) that every
// statement joins, so the values come back in the Dataset's order with no sort in JS. Ids are
// unique, so when as many of them are visible games as there are visible games, they are
// exactly the visible games.

import {
  enumVectorOfPositions,
  GAME_FIELDS,
  type GameColumnsUpdate,
  type GameField,
  type GameListValues,
  type GameNumberColumn,
  type GameStringColumn,
  jsonListColumn,
  type ListColumn,
} from '../engine/index.js';
import { loadCommunityInput } from './community.js';
import { gamesTextSelect, integerListValues, isIntegerList, jsonListSelect, VISIBLE_GAMES } from './load-games.js';
import { loadPackedUtf8 } from './packed-utf8.js';
import type { Queryable } from './store.js';
import { checkRows, placeColumn } from './row-order.js';
import { isoTimestampVector } from './timestamps.js';
import { yieldTurn } from './turns.js';

const UNIT_SEPARATOR = '\u001f';
let loads = 0;

const fieldOf = (name: string): GameField => {
  const field = GAME_FIELDS.find((f) => f.name === name);
  if (field === undefined || field.store !== 'games') throw new RangeError(`${name} is not a column of games`);
  return field;
};

/** How a column travels as a number (doubles; enums as positions; timestamps as epoch ms); undefined for text and lists. */
function numberSelect(field: GameField): string | undefined {
  if (field.storage === 'number') return `CAST(g.${field.name} AS DOUBLE)`;
  if (field.storage === 'string' && field.kind === 'enum') return `list_position(?::VARCHAR[], g.${field.name})`;
  if (field.storage === 'string' && field.kind === 'timestamp') return `CAST(epoch_ms(g.${field.name}) AS DOUBLE)`;
  return undefined;
}

/** A TEMP table (of the connection it was made on) of a served Dataset's ids and their rows. */
interface UpdateRows {
  readonly table: string;
  readonly size: number;
}

/**
 * The columns `names` (of the games table) and the community input for the games `ids` (a
 * served Dataset's, in its row order), read through `q`: a materialization run's transaction
 * reads them before it commits, so they are what the commit makes visible. Undefined when the
 * visible games are not exactly those (a game was added, hidden or removed), or an id cannot
 * travel packed: the caller then loads the Dataset whole.
 */
export async function readColumnsUpdate(
  q: Queryable,
  ids: readonly string[],
  names: readonly string[],
): Promise<GameColumnsUpdate | undefined> {
  if (ids.some((id) => id.includes(UNIT_SEPARATOR))) return undefined;
  const rows: UpdateRows = { table: `ludex_update_rows_${process.pid}_${++loads}`, size: ids.length };
  await q.run(
    `CREATE TEMP TABLE ${rows.table} AS
     SELECT unnest(ids) AS id, CAST(unnest(range(len(ids))) AS INTEGER) AS row FROM (SELECT string_split($1, chr(31)) AS ids)`,
    [ids.join(UNIT_SEPARATOR)],
  );
  try {
    const [counts] = await q.all<{ matched: number; visible: number }>(
      `SELECT (SELECT CAST(count(*) AS INTEGER) FROM ${rows.table} r JOIN games g ON g.id = r.id WHERE ${VISIBLE_GAMES}) AS matched,
              (SELECT CAST(count(*) AS INTEGER) FROM games g WHERE ${VISIBLE_GAMES}) AS visible`,
    );
    if (counts.matched !== rows.size || counts.visible !== rows.size) return undefined;
    return await readUpdate(q, rows, names.map(fieldOf));
  } finally {
    await q.run(`DROP TABLE IF EXISTS ${rows.table}`);
  }
}

async function readUpdate(
  store: Queryable,
  { table: rows, size }: UpdateRows,
  fields: readonly GameField[],
): Promise<GameColumnsUpdate> {
  const update: GameColumnsUpdate = { numbers: {}, strings: {}, lists: {} };
  const numeric = fields.flatMap((f) => {
    const sql = numberSelect(f);
    return sql === undefined ? [] : [{ field: f, sql }];
  });
  const enumValues = numeric.flatMap(({ field }) =>
    field.storage === 'string' && field.kind === 'enum' ? [[...field.values]] : [],
  );
  if (numeric.length > 0) {
    // in no order, each value placed at its row (loader/row-order.ts)
    const read = await store.numberColumns(
      `SELECT CAST(r.row AS DOUBLE) AS ludex_row, ${numeric.map(({ field, sql }) => `${sql} AS ${field.name}`).join(', ')}
       FROM ${rows} r JOIN games g ON g.id = r.id`,
      enumValues,
    );
    const at = read.columns.ludex_row;
    checkRows(at, size);
    // A column a turn: this runs on the serving thread, in the run's transaction.
    for (const { field } of numeric) {
      await yieldTurn();
      const values = placeColumn(read.columns[field.name], at);
      if (field.storage === 'number') update.numbers[field.name as GameNumberColumn] = values;
      else if (field.storage === 'string' && field.kind === 'enum') {
        // positions straight to the table's dictionary codes, as the store load does: no string per row
        update.strings[field.name as GameStringColumn] = enumVectorOfPositions(values, field.values);
      } else update.strings[field.name as GameStringColumn] = isoTimestampVector(values);
    }
  }
  const text = fields.filter((f) => f.storage === 'string' && numberSelect(f) === undefined);
  const lists: Record<string, ListColumn<unknown>> = {};
  const integerLists = fields.filter(isIntegerList);
  for (const f of integerLists) lists[f.name] = await integerListValues(store, rows, size, f.name);
  // Other lists and maps as JSON text per row, parsed when a row is read (engine/list-column.ts):
  // a page's games, never the whole column. A null one is `null`, or `[]` where a list is required.
  // The text and the JSON in one packed read: one sort of the rows.
  const jsonLists = fields.filter((f) => f.storage === 'list' && !isIntegerList(f));
  const packed = await loadPackedUtf8(store, rows, [
    ...text.map((f) => [f.name, gamesTextSelect(f)] as const),
    ...jsonLists.map((f) => [f.name, jsonListSelect(f)] as const),
  ]);
  for (const f of text) update.strings[f.name as GameStringColumn] = packed[f.name];
  for (const f of jsonLists) lists[f.name] = jsonListColumn(packed[f.name]);
  update.lists = lists as Partial<GameListValues>;
  update.community = await loadCommunityInput(store, rows);
  return update;
}
