// Arrow column plumbing: the games table the loader builds, and zero-copy typed views of it
// for the engine. Numbers are Float64 with NaN for null, so no validity bitmap is needed.

import { Float64, Table, Utf8, makeData, makeVector, Vector } from 'apache-arrow';
import { GAME_NUMBER_COLUMNS, GAME_STRING_COLUMNS, type GameNumberColumn, type GameStringColumn } from './input.js';

export type GameNumberArrays = Record<GameNumberColumn, Float64Array>;
export type GameStringArrays = Record<GameStringColumn, (string | null)[]>;
/** A string column's values, or its Utf8 vector already built (the loader cuts them from DuckDB's bytes). */
export type StringValues = readonly (string | null)[] | Vector<Utf8>;
/** String columns as the games table takes them. */
export type GameStringValues = Record<GameStringColumn, StringValues>;

/** Builds the games table from one typed array per numeric column and one list (or vector) per string column. */
export function makeGamesTable(numbers: GameNumberArrays, strings: GameStringValues): Table {
  const steps = makeGamesTableSteps(numbers, strings);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** makeGamesTable one string column per step (each a copy of the column's bytes, a given vector as it is). */
export function* makeGamesTableSteps(numbers: GameNumberArrays, strings: GameStringValues): Generator<void, Table> {
  const length = strings.id.length;
  const vectors: Record<string, Vector> = {};
  for (const name of GAME_NUMBER_COLUMNS) {
    const values = numbers[name];
    if (values.length !== length) throw new RangeError(`column ${name} has ${values.length} rows, expected ${length}`);
    vectors[name] = makeVector(makeData({ type: new Float64(), length, data: values }));
  }
  for (const name of GAME_STRING_COLUMNS) {
    const values = strings[name];
    if (values.length !== length) throw new RangeError(`column ${name} has ${values.length} rows, expected ${length}`);
    vectors[name] = asUtf8Vector(values);
    yield;
  }
  return new Table(vectors);
}

const encoder = new TextEncoder();

/** The values as a Utf8 vector: a vector as it is, an array encoded (utf8Vector). */
export function asUtf8Vector(values: StringValues): Vector<Utf8> {
  return values instanceof Vector ? values : utf8Vector(values);
}

/**
 * A Utf8 vector written straight into one buffer: ASCII bytes copied in a loop, anything else
 * through TextEncoder.encodeInto. Arrow's own builder encodes every string into a fresh array
 * and grows its buffers step by step, the largest cost of a 150k-game load.
 */
export function utf8Vector(values: readonly (string | null)[]): Vector<Utf8> {
  const length = values.length;
  const offsets = new Int32Array(length + 1);
  const validity = new Uint8Array((length + 7) >> 3);
  let bytes = new Uint8Array(Math.max(64, length * 16));
  let at = 0;
  let nulls = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (value === null) {
      nulls++;
      offsets[i + 1] = at;
      continue;
    }
    validity[i >> 3] |= 1 << (i & 7);
    const n = value.length;
    if (at + n * 3 > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + n * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    let j = 0;
    for (; j < n; j++) {
      const code = value.charCodeAt(j);
      if (code >= 0x80) break;
      bytes[at + j] = code;
    }
    at += j === n ? n : j + encoder.encodeInto(value.slice(j), bytes.subarray(at + j)).written;
    offsets[i + 1] = at;
  }
  // a copy of the used part: the working buffer is oversized and would stay alive behind a view
  return utf8VectorOfParts({ offsets, validity, nulls, bytes: bytes.slice(0, at) });
}

/** The parts of a Utf8 column written by hand: its value offsets, validity bits, null count and bytes. */
export interface Utf8Parts {
  /** length + 1 offsets into `bytes`. */
  offsets: Int32Array;
  /** One bit per value, set when valid; not kept when there are no nulls. */
  validity: Uint8Array;
  nulls: number;
  bytes: Uint8Array;
}

/** A Utf8 vector over those parts, as they are (no copy). */
export function utf8VectorOfParts({ offsets, validity, nulls, bytes }: Utf8Parts): Vector<Utf8> {
  return makeVector(
    makeData({
      type: new Utf8(),
      length: offsets.length - 1,
      nullCount: nulls,
      nullBitmap: nulls > 0 ? validity : undefined,
      valueOffsets: offsets,
      data: bytes,
    }),
  );
}

/** The values of a Float64 column; zero-copy when the column is a single chunk. */
export function numberColumn(table: Table, name: GameNumberColumn): Float64Array {
  const vector = table.getChild(name);
  if (!vector) throw new RangeError(`games table has no column ${name}`);
  if (vector.data.length === 1) return vector.data[0].values as Float64Array;
  return Float64Array.from(vector.toArray() as ArrayLike<number>);
}

/** The values of a Utf8 column as JS strings (null stays null). */
export function stringColumn(table: Table, name: GameStringColumn): (string | null)[] {
  const vector = table.getChild(name);
  if (!vector) throw new RangeError(`games table has no column ${name}`);
  const out = new Array<string | null>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = (vector.get(i) as string | null) ?? null;
  return out;
}

/** Empty numeric columns of the given length, all null (NaN). */
export function emptyNumberArrays(length: number): GameNumberArrays {
  const out = {} as GameNumberArrays;
  for (const name of GAME_NUMBER_COLUMNS) out[name] = new Float64Array(length).fill(Number.NaN);
  return out;
}
