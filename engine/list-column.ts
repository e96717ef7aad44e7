// Per-game list and map values (GameListColumns), read by row. A load from the store holds
// them as arrays; a start from the column file keeps each column's JSON text as Arrow Utf8
// bytes and parses a row when it is read. Why: parsing every row at start cost ~100 ms at
// 150,000 games and left ~19 MB of small arrays and objects on the heap, while reads are
// few (a page's games, the player-count postings at build time).

import { type Data, Field, Int32, List, Type, type Utf8, type Vector, makeData, makeVector } from 'apache-arrow';
import { takeArray, takeUtf8Steps } from './take.js';

/** One value per game row. A value read is the caller's to keep but not to change. */
export interface ListColumn<T> {
  readonly length: number;
  get(row: number): T;
}

class ArrayListColumn<T> implements ListColumn<T> {
  constructor(readonly values: readonly T[]) {}

  get length(): number {
    return this.values.length;
  }

  get(row: number): T {
    return this.values[row];
  }
}

/** A column over values already in memory. */
export function arrayListColumn<T>(values: readonly T[]): ListColumn<T> {
  return new ArrayListColumn(values);
}

const decoder = new TextDecoder();

class JsonListColumn<T> implements ListColumn<T> {
  readonly length: number;
  private readonly chunks: readonly Data<Utf8>[];
  /** Row where each chunk starts, and the total at the end. */
  private readonly starts: Uint32Array;

  constructor(readonly vector: Vector) {
    if (vector.type.typeId !== Type.Utf8) throw new RangeError(`not a Utf8 column: ${vector.type}`);
    this.chunks = vector.data as Data<Utf8>[];
    this.starts = new Uint32Array(this.chunks.length + 1);
    this.chunks.forEach((chunk, i) => {
      this.starts[i + 1] = this.starts[i] + chunk.length;
    });
    this.length = vector.length;
  }

  get(row: number): T {
    let c = 0;
    while (row >= this.starts[c + 1]) c++;
    const chunk = this.chunks[c];
    const i = row - this.starts[c];
    const offsets = chunk.valueOffsets;
    return JSON.parse(decoder.decode(chunk.values.subarray(offsets[i], offsets[i + 1]))) as T;
  }
}

/**
 * An integer-list column (top and recommended player counts) as one offsets array and one
 * values array (CSR): row r holds values[offsets[r] .. offsets[r + 1]). Why: the column file
 * carries it as those two arrays (an Arrow List<Int32>, zero-copy), so a start parses no JSON
 * and keeps no 150,000 small arrays; the player-count postings count straight over it.
 */
export class IntListColumn implements ListColumn<number[]> {
  readonly length: number;

  constructor(
    readonly offsets: Int32Array,
    readonly values: Int32Array,
  ) {
    this.length = offsets.length - 1;
    if (this.length < 0 || offsets[0] !== 0 || offsets[this.length] > values.length)
      throw new RangeError('integer lists: offsets do not fit the values');
    for (let row = 0; row < this.length; row++)
      if (offsets[row + 1] < offsets[row]) throw new RangeError('integer lists: offsets decrease');
  }

  /** A fresh array of the row's values. */
  get(row: number): number[] {
    const start = this.offsets[row];
    const end = this.offsets[row + 1];
    const out = new Array<number>(end - start);
    for (let i = start; i < end; i++) out[i - start] = this.values[i];
    return out;
  }
}

/** The CSR form of integer lists held as arrays (a load from the store). */
export function intListColumn(lists: readonly (readonly number[])[]): IntListColumn {
  const offsets = new Int32Array(lists.length + 1);
  for (let row = 0; row < lists.length; row++) offsets[row + 1] = offsets[row] + lists[row].length;
  const values = new Int32Array(offsets[lists.length]);
  for (let row = 0; row < lists.length; row++) values.set(lists[row], offsets[row]);
  return new IntListColumn(offsets, values);
}

/** Integer lists as an Arrow List<Int32> vector over the same two arrays (no copy). */
export function intListVector({ offsets, values, length }: IntListColumn): Vector {
  const items = values.subarray(0, offsets[length]);
  const child = makeData({ type: new Int32(), length: items.length, data: items });
  return makeVector(
    makeData({ type: new List(new Field('item', new Int32(), false)), length, valueOffsets: offsets, child }),
  );
}

/**
 * An Arrow List<Int32> vector without nulls as integer lists: views of its two arrays when it
 * is one chunk (what tableFromIPC gives for a file of one batch), else a copy. Throws when it
 * is not such a vector.
 */
export function intListColumnOf(vector: Vector): IntListColumn {
  if (vector.type.typeId !== Type.List) throw new RangeError(`not a list column: ${vector.type}`);
  if (vector.nullCount > 0) throw new RangeError('an integer list column holds nulls');
  const chunks = vector.data as Data<List<Int32>>[];
  const only = chunks.length === 1 ? chunks[0] : undefined;
  const child = only?.children[0];
  if (only && child && only.offset === 0 && child.offset === 0 && child.values instanceof Int32Array)
    return new IntListColumn(only.valueOffsets.subarray(0, only.length + 1), child.values);
  const rows: number[][] = [];
  for (let row = 0; row < vector.length; row++) rows.push(Array.from(vector.get(row) ?? [], Number));
  return intListColumn(rows);
}

/** A column over JSON text, one non-null Utf8 value per row, parsed on each read. */
export function jsonListColumn<T>(vector: Vector): ListColumn<T> {
  return new JsonListColumn<T>(vector);
}

/**
 * The column's rows in the order `at` (`at[i]` is the source row of row i), in the column's
 * own form: integer lists as offsets and values, JSON text as text (nothing parsed), arrays
 * as arrays.
 */
export function* takeListColumnSteps<T>(column: ListColumn<T>, at: Uint32Array): Generator<void, ListColumn<T>> {
  if (column instanceof IntListColumn) {
    const offsets = new Int32Array(at.length + 1);
    for (let i = 0; i < at.length; i++) offsets[i + 1] = offsets[i] + column.offsets[at[i] + 1] - column.offsets[at[i]];
    const values = new Int32Array(offsets[at.length]);
    for (let i = 0; i < at.length; i++)
      values.set(column.values.subarray(column.offsets[at[i]], column.offsets[at[i] + 1]), offsets[i]);
    return new IntListColumn(offsets, values) as unknown as ListColumn<T>;
  }
  if (column instanceof JsonListColumn)
    return new JsonListColumn<T>(yield* takeUtf8Steps(column.vector as Vector<Utf8>, at));
  if (column instanceof ArrayListColumn) return new ArrayListColumn(takeArray(column.values as readonly T[], at));
  return new ArrayListColumn(Array.from(at, (row) => column.get(row)));
}
