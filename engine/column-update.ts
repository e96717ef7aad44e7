// New values of some game columns for the rows a Dataset already has, in its row order: what
// a materialization changes (aggregates, trending, updated_at, the community data). A Dataset
// applies one by building a successor that keeps every row where it is and reuses all it
// built from the columns that did not change (link postings, lookups, orders), so the new
// values serve in a fraction of a full build (server/dataset-reload.ts).

import { Float64, makeData, makeVector, Table, type Vector } from 'apache-arrow';
import { gameStringVector, type StringValues } from './columns.js';
import type { CommunityInput } from './community-data.js';
import { EAGER_STRING_COLUMNS } from './games.js';
import type { GameListColumns, GameListValues, GameNumberColumn, GameStringColumn } from './input.js';

export interface GameColumnsUpdate {
  /** Numeric columns: NaN for null. */
  numbers: Partial<Record<GameNumberColumn, Float64Array>>;
  /** String columns (enums as their values, timestamps as ISO strings), or their Utf8 vectors. */
  strings: Partial<Record<GameStringColumn, StringValues>>;
  lists: Partial<GameListValues>;
  /** Replaces the whole community input when present. */
  community?: CommunityInput;
}

/** Columns an update may not touch: they identify rows, and Games takes them over as they were. */
const ROW_IDENTITY: ReadonlySet<string> = new Set(EAGER_STRING_COLUMNS);

export interface UpdatedColumns {
  table: Table;
  lists: GameListColumns;
  /** Columns whose values may differ from the previous ones: every string and list column updated, and each number column that differs. */
  changed: ReadonlySet<string>;
}

/** Bitwise equality, so NaN equals NaN (a null stays null) and -0 differs from 0. */
function sameNumbers(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length * 2);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The games table and list columns with `update` applied. A number column equal to the
 * previous one keeps the previous vector (and counts as unchanged). Throws a RangeError when the update
 * does not fit: a length other than the table's, or a column that identifies rows.
 */
export function applyColumnsUpdate(
  table: Table,
  lists: GameListColumns,
  previousNumbers: Readonly<Record<GameNumberColumn, Float64Array>>,
  update: GameColumnsUpdate,
): UpdatedColumns {
  const length = table.numRows;
  const vectors: Record<string, Vector> = {};
  for (const field of table.schema.fields) {
    const vector = table.getChild(field.name);
    if (vector) vectors[field.name] = vector;
  }
  const changed = new Set<string>();
  const fits = (name: string, n: number): void => {
    if (ROW_IDENTITY.has(name)) throw new RangeError(`column ${name} identifies rows: it cannot be updated in place`);
    if (!(name in vectors) && !(name in lists)) throw new RangeError(`no game column ${name}`);
    if (n !== length) throw new RangeError(`column ${name} has ${n} rows, expected ${length}`);
  };
  for (const [name, values] of Object.entries(update.numbers) as [GameNumberColumn, Float64Array][]) {
    fits(name, values.length);
    if (sameNumbers(values, previousNumbers[name])) continue;
    vectors[name] = makeVector(makeData({ type: new Float64(), length, data: values }));
    changed.add(name);
  }
  for (const [name, values] of Object.entries(update.strings) as [GameStringColumn, StringValues][]) {
    fits(name, values.length);
    // not compared: reading an Arrow string per row costs about what encoding the column does
    vectors[name] = gameStringVector(name, values);
    changed.add(name);
  }
  const nextLists: GameListColumns = { ...lists };
  for (const [name, column] of Object.entries(update.lists) as [keyof GameListValues, { length: number }][]) {
    fits(name, column.length);
    Object.assign(nextLists, { [name]: column });
    changed.add(name);
  }
  return { table: new Table(vectors), lists: nextLists, changed };
}
