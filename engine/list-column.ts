// Per-game list and map values (GameListColumns), read by row. A load from the store holds
// them as arrays; a start from the column file keeps each column's JSON text as Arrow Utf8
// bytes and parses a row when it is read. Why: parsing every row at start cost ~100 ms at
// 150,000 games and left ~19 MB of small arrays and objects on the heap, while reads are
// few (a page's games, the player-count postings at build time).

import { type Data, Type, type Utf8, type Vector } from 'apache-arrow';

/** One value per game row. A value read is the caller's to keep but not to change. */
export interface ListColumn<T> {
  readonly length: number;
  get(row: number): T;
}

class ArrayListColumn<T> implements ListColumn<T> {
  constructor(private readonly values: readonly T[]) {}

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

  constructor(vector: Vector) {
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

/** A column over JSON text, one non-null Utf8 value per row, parsed on each read. */
export function jsonListColumn<T>(vector: Vector): ListColumn<T> {
  return new JsonListColumn<T>(vector);
}
