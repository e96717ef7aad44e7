// A load reads the games table in its own order (a plain scan: no join to the rows table, no
// sort) and places each game's values at its row in JS. At 150,000 games the numbers read
// 430–530 ms joined and sorted in DuckDB, 220–300 ms scanned (EXPLAIN ANALYZE: the join on
// the UUID text ids 72 ms, the sort 166 ms); placing them costs JS tens of milliseconds.

import type { NumberColumns } from './store.js';

/** Where each game of a scan of `games` goes: its row, by the game's DuckDB rowid. */
export class RowsByRowid {
  private readonly rowOf: Int32Array;
  readonly length: number;

  /** `rowids[i]` and `rows[i]`: a visible game's rowid in `games` and its row (0…length-1). */
  constructor(rowids: Float64Array, rows: Float64Array) {
    checkRows(rows, rows.length);
    let max = -1;
    for (let i = 0; i < rowids.length; i++) {
      const rowid = rowids[i];
      if (!(rowid >= 0 && Number.isInteger(rowid))) throw new RangeError(`games rowid ${rowid} is not an index`);
      if (rowid > max) max = rowid;
    }
    this.rowOf = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < rowids.length; i++) this.rowOf[rowids[i]] = rows[i];
    this.length = rows.length;
  }

  /** The row of each game a scan read, by its rowid; throws unless they are every row once. */
  rowsOf(rowids: Float64Array): Int32Array {
    const rows = this.rowsOfEach(rowids);
    checkRows(rows, this.length);
    return rows;
  }

  /** The row of each value of a scan that reads any number per game (unnested lists); throws for a rowid it does not know. */
  rowsOfEach(rowids: Float64Array): Int32Array {
    const rows = new Int32Array(rowids.length);
    for (let i = 0; i < rowids.length; i++) {
      const row = this.rowOf[rowids[i]] ?? -1;
      if (row < 0) throw new RangeError(`games rowid ${rowids[i]} is not a visible game`);
      rows[i] = row;
    }
    return rows;
  }
}

/** Throws unless `rows` holds 0…length-1, each once. */
export function checkRows(rows: ArrayLike<number>, length: number): void {
  if (rows.length !== length) throw new RangeError(`${rows.length} games read where ${length} were expected`);
  const seen = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const row = rows[i];
    if (!(row >= 0 && row < length) || seen[row] === 1) throw new RangeError(`row ${row} is not one of ${length}`);
    seen[row] = 1;
  }
}

/** Every column of `read` but `skip`, each value placed at `rows[i]` (checked by checkRows). */
export function placeAtRows({ length, columns }: NumberColumns, rows: ArrayLike<number>, skip: string): NumberColumns {
  const placed: Record<string, Float64Array> = {};
  for (const [name, values] of Object.entries(columns)) if (name !== skip) placed[name] = placeColumn(values, rows);
  return { length, columns: placed };
}

/** One column's values, each placed at `rows[i]` (checked by checkRows). */
export function placeColumn(values: Float64Array, rows: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[rows[i]] = values[i];
  return out;
}
