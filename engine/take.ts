// Rows of an Arrow column or a typed array taken in a given order (`at[i]` is the source row of
// row i): how an input is put in another row order in memory (reorder.ts). Arrow JS has no
// `take`; these write the new buffers directly, with no JS value made per row.

import { type Data, Float64, Utf8, makeData, makeVector, type Vector } from 'apache-arrow';

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** values[at[i]] for every i, in an array of the same type. */
export function takeTyped<T extends TypedArray>(values: T, at: ArrayLike<number>): T {
  const out = new (values.constructor as new (length: number) => T)(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

/** values[at[i]] for every i. */
export function takeArray<T>(values: readonly T[], at: ArrayLike<number>): T[] {
  const out = new Array<T>(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

/**
 * Where each row of a vector lives: its chunk and its index there. One chunk (what a load or
 * an update builds) needs no table: the row is the index.
 */
class RowLocator {
  private readonly chunkOfRow: Uint32Array | undefined;
  private readonly indexOfRow: Uint32Array | undefined;

  constructor(chunks: readonly Data[], length: number) {
    if (chunks.length <= 1) return;
    const chunkOfRow = new Uint32Array(length);
    const indexOfRow = new Uint32Array(length);
    let row = 0;
    chunks.forEach((chunk, c) => {
      for (let i = 0; i < chunk.length; i++, row++) {
        chunkOfRow[row] = c;
        indexOfRow[row] = i;
      }
    });
    this.chunkOfRow = chunkOfRow;
    this.indexOfRow = indexOfRow;
  }

  chunk(row: number): number {
    return this.chunkOfRow === undefined ? 0 : this.chunkOfRow[row];
  }

  index(row: number): number {
    return this.indexOfRow === undefined ? row : this.indexOfRow[row];
  }
}

const isValid = (data: Data, i: number): boolean => {
  if (data.nullCount === 0 || !data.nullBitmap) return true;
  const bit = data.offset + i;
  return (data.nullBitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
};

/** A made column's null count and validity bits (none kept when no value is null). */
const nullsOf = (nulls: number, validity: Uint8Array) => ({
  nullCount: nulls,
  nullBitmap: nulls > 0 ? validity : undefined,
});

/** A Float64 column's rows in the order `at`, nulls kept. */
export function takeFloat64(vector: Vector, at: ArrayLike<number>): Vector {
  const chunks = vector.data as Data<Float64>[];
  const locate = new RowLocator(chunks, vector.length);
  const values = new Float64Array(at.length);
  const validity = new Uint8Array((at.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < at.length; i++) {
    const data = chunks[locate.chunk(at[i])];
    const j = locate.index(at[i]);
    if (!isValid(data, j)) {
      nulls++;
      continue;
    }
    validity[i >> 3] |= 1 << (i & 7);
    values[i] = data.values[j];
  }
  return makeVector(makeData({ type: new Float64(), length: at.length, ...nullsOf(nulls, validity), data: values }));
}

/** A Utf8 column's rows in the order `at`: offsets and bytes copied, no string decoded. */
export function takeUtf8(vector: Vector<Utf8>, at: ArrayLike<number>): Vector<Utf8> {
  const chunks = vector.data as Data<Utf8>[];
  const locate = new RowLocator(chunks, vector.length);
  const offsets = new Int32Array(at.length + 1);
  const validity = new Uint8Array((at.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < at.length; i++) {
    const data = chunks[locate.chunk(at[i])];
    const j = locate.index(at[i]);
    let size = 0;
    if (isValid(data, j)) {
      validity[i >> 3] |= 1 << (i & 7);
      size = data.valueOffsets[j + 1] - data.valueOffsets[j];
    } else nulls++;
    offsets[i + 1] = offsets[i] + size;
  }
  const bytes = new Uint8Array(offsets[at.length]);
  for (let i = 0; i < at.length; i++) {
    if (offsets[i + 1] === offsets[i]) continue;
    const data = chunks[locate.chunk(at[i])];
    const j = locate.index(at[i]);
    bytes.set(data.values.subarray(data.valueOffsets[j], data.valueOffsets[j + 1]), offsets[i]);
  }
  return makeVector(
    makeData({ type: new Utf8(), length: at.length, ...nullsOf(nulls, validity), valueOffsets: offsets, data: bytes }),
  );
}
