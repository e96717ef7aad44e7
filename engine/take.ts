// Rows of an Arrow column or a typed array taken in a given order (`at[i]` is the source row of
// row i): how an input is put in another row order in memory (reorder.ts). Arrow JS has no
// `take`; these write the new buffers directly, with no JS value made per row.

import { type Data, Float64, Utf8, makeData, makeVector, type Vector } from 'apache-arrow';

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/**
 * values[at[i]] for every i, in an array of the same type. A loop of its own per element
 * type: one loop over all five types makes V8's element access megamorphic, about 5× slower
 * (825,000 term links: ~50 ms a column against ~10 ms).
 */
export function takeTyped<T extends TypedArray>(values: T, at: ArrayLike<number>): T {
  if (values instanceof Uint32Array) return takeUint32(values, at) as T;
  if (values instanceof Int32Array) return takeInt32(values, at) as T;
  if (values instanceof Float64Array) return takeFloat64Array(values, at) as T;
  if (values instanceof Uint16Array) return takeUint16(values, at) as T;
  return takeUint8(values as Uint8Array, at) as T;
}

function takeUint32(values: Uint32Array, at: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

function takeInt32(values: Int32Array, at: ArrayLike<number>): Int32Array {
  const out = new Int32Array(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

function takeFloat64Array(values: Float64Array, at: ArrayLike<number>): Float64Array {
  const out = new Float64Array(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

function takeUint16(values: Uint16Array, at: ArrayLike<number>): Uint16Array {
  const out = new Uint16Array(at.length);
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

function takeUint8(values: Uint8Array, at: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(at.length);
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

/** Values up to this many bytes are copied byte by byte (takeUtf8Steps). */
const SHORT_VALUE = 64;

/** Rows of a Utf8 column sized or copied between two yields of takeUtf8Steps. */
const UTF8_ROWS_PER_STEP = 4096;
/** Bytes copied between two yields at most (descriptions run to kilobytes a row). */
const UTF8_BYTES_PER_STEP = 4 << 20;

/**
 * A Utf8 column's rows in the order `at`: offsets and bytes copied, no string decoded; in
 * steps of UTF8_ROWS_PER_STEP rows or UTF8_BYTES_PER_STEP bytes, for a reorder on a serving
 * thread (a text column of 150,000 games, its JSON lists, held the thread 60 ms or more in
 * one call).
 */
export function* takeUtf8Steps(vector: Vector<Utf8>, at: ArrayLike<number>): Generator<void, Vector<Utf8>> {
  const chunks = vector.data as Data<Utf8>[];
  const locate = new RowLocator(chunks, vector.length);
  const offsets = new Int32Array(at.length + 1);
  const validity = new Uint8Array((at.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < at.length; i++) {
    if (i > 0 && i % UTF8_ROWS_PER_STEP === 0) yield;
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
  let stepStart = 0;
  for (let i = 0; i < at.length; i++) {
    if (i % UTF8_ROWS_PER_STEP === 0 || offsets[i] - stepStart >= UTF8_BYTES_PER_STEP) {
      stepStart = offsets[i];
      yield;
    }
    let to = offsets[i];
    if (offsets[i + 1] === to) continue;
    const data = chunks[locate.chunk(at[i])];
    const j = locate.index(at[i]);
    const { values, valueOffsets } = data;
    const start = valueOffsets[j];
    const end = valueOffsets[j + 1];
    // Short values byte by byte: a subarray per value costs more than copying a few bytes.
    if (end - start <= SHORT_VALUE) for (let k = start; k < end; k++) bytes[to++] = values[k];
    else bytes.set(values.subarray(start, end), to);
  }
  return makeVector(
    makeData({ type: new Utf8(), length: at.length, ...nullsOf(nulls, validity), valueOffsets: offsets, data: bytes }),
  );
}
