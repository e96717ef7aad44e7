// Arrow column plumbing: the games table the loader builds, and zero-copy typed views of it
// for the engine. Numbers are Float64 with NaN for null, so no validity bitmap is needed.
// Enumerated columns are Arrow dictionaries (Uint16 codes into their values), which the
// engine's Dictionary takes as codes, with no string read per row.

import {
  type Data,
  Dictionary as ArrowDictionary,
  Float64,
  Table,
  Type,
  Uint16,
  Utf8,
  makeData,
  makeVector,
  Vector,
} from 'apache-arrow';
import { EnumCoder, NO_CODE } from './dictionary.js';
import {
  GAME_ENUM_FIELDS,
  GAME_NUMBER_COLUMNS,
  GAME_STRING_COLUMNS,
  type GameNumberColumn,
  type GameStringColumn,
} from './input.js';
import { runSteps } from './steps.js';
import { repeatedUtf8Values, utf8Values } from './strings.js';

export type GameNumberArrays = Record<GameNumberColumn, Float64Array>;
export type GameStringArrays = Record<GameStringColumn, (string | null)[]>;
/**
 * A string column's values, or its vector already built: Utf8 (the loader cuts them from
 * DuckDB's bytes), or for an enumerated column its dictionary vector.
 */
export type StringValues = Utf8Values | Vector<EnumType>;
/** A string column's values, or its Utf8 vector. */
export type Utf8Values = readonly (string | null)[] | Vector<Utf8>;
/** The Arrow type of an enumerated column. */
export type EnumType = ArrowDictionary<Utf8, Uint16>;

/** Each enumerated column's known values, by name. */
export const ENUM_VALUES: ReadonlyMap<string, readonly string[]> = new Map(
  GAME_ENUM_FIELDS.map((f) => [f.name, f.values]),
);
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
    vectors[name] = gameStringVector(name, values);
    yield;
  }
  return new Table(vectors);
}

/** A string column of the games table as the table holds it: a dictionary when enumerated, else Utf8. */
export function gameStringVector(name: GameStringColumn, values: StringValues): Vector {
  const known = ENUM_VALUES.get(name);
  if (known !== undefined) return enumVector(values, known);
  if (values instanceof Vector && values.type.typeId !== Type.Utf8)
    throw new RangeError(`column ${name} is ${values.type}, not Utf8`);
  return asUtf8Vector(values as Utf8Values);
}

/**
 * An enumerated column as an Arrow dictionary: Uint16 codes into its values, the known
 * values first in their order, then any other value as first met; a null row holds NO_CODE
 * (and its validity bit is clear). A dictionary vector of that type is taken as it is.
 */
export function enumVector(values: StringValues, known: readonly string[]): Vector<EnumType> {
  if (values instanceof Vector && isEnumType(values.type)) return values as Vector<EnumType>;
  const { codes, values: dictionary } = enumCodes(values, known);
  return enumVectorOfCodes(codes, dictionary);
}

/**
 * An enumerated column from its 1-based positions among `known` (what the loader has from
 * DuckDB's `list_position`; NaN for null or a value not among them), no string made per row.
 */
export function enumVectorOfPositions(positions: Float64Array, known: readonly string[]): Vector<EnumType> {
  const codes = new Uint16Array(positions.length);
  for (let row = 0; row < positions.length; row++) {
    const position = positions[row];
    codes[row] = Number.isInteger(position) && position >= 1 && position <= known.length ? position - 1 : NO_CODE;
  }
  return enumVectorOfCodes(codes, known);
}

/** The dictionary vector over `codes` into `values` (NO_CODE: null, its validity bit clear). */
export function enumVectorOfCodes(codes: Uint16Array, values: readonly string[]): Vector<EnumType> {
  const length = codes.length;
  const validity = new Uint8Array((length + 7) >> 3);
  let nulls = 0;
  for (let row = 0; row < length; row++) {
    if (codes[row] === NO_CODE) nulls++;
    else validity[row >> 3] |= 1 << (row & 7);
  }
  return makeVector(
    makeData({
      type: new ArrowDictionary(new Utf8(), new Uint16()),
      length,
      nullCount: nulls,
      nullBitmap: nulls > 0 ? validity : undefined,
      data: codes,
      dictionary: utf8Vector(values),
    }),
  );
}

const isEnumType = (type: Vector['type']): boolean =>
  type instanceof ArrowDictionary && type.indices.typeId === Type.Int && type.dictionary.typeId === Type.Utf8;

/**
 * The codes of an enumerated column (the engine's Dictionary takes them): from an Arrow
 * dictionary of Utf8 values by one pass over its indices, each checked; from strings or a
 * Utf8 vector by looking each value up. `values` are the known ones first, then any other.
 * Throws a RangeError on an index beyond its dictionary or a column of another type.
 */
export function enumCodes(
  column: StringValues | Vector,
  known: readonly string[],
): { codes: Uint16Array; values: string[] } {
  const coder = new EnumCoder(known);
  const codes = new Uint16Array(column.length).fill(NO_CODE);
  if (!(column instanceof Vector)) {
    for (let row = 0; row < column.length; row++) {
      const value = column[row];
      if (value !== null) codes[row] = coder.code(value);
    }
  } else if (column.type.typeId === Type.Utf8) {
    const strings = repeatedUtf8Values(column);
    for (let row = 0; row < strings.length; row++) {
      const value = strings[row];
      if (value !== null) codes[row] = coder.code(value);
    }
  } else if (isEnumType(column.type)) {
    let at = 0;
    for (const data of column.data as Data<EnumType>[]) {
      codeChunk(data, coder, codes, at);
      at += data.length;
    }
  } else throw new RangeError(`not an enumerated column: ${column.type}`);
  return { codes, values: coder.values };
}

/** One chunk of a dictionary column into `codes` from row `at`: its indices mapped to the coder's codes. */
function codeChunk(data: Data<EnumType>, coder: EnumCoder, codes: Uint16Array, at: number): void {
  const dictionary = data.dictionary;
  if (dictionary === undefined) throw new RangeError('a dictionary column without its dictionary');
  const remap = utf8Values(dictionary).map((value) => (value === null ? NO_CODE : coder.code(value)));
  const indices = data.values as ArrayLike<number>;
  const nulls = data.nullCount > 0 ? data.nullBitmap : undefined;
  for (let i = 0; i < data.length; i++) {
    const bit = data.offset + i;
    if (nulls && (nulls[bit >> 3] & (1 << (bit & 7))) === 0) continue;
    const index = indices[i];
    if (!(index < remap.length)) throw new RangeError(`dictionary index ${index} of ${remap.length} values`);
    codes[at + i] = remap[index];
  }
}

const encoder = new TextEncoder();

/** The values as a Utf8 vector: a vector as it is, an array encoded (utf8Vector). */
export function asUtf8Vector(values: Utf8Values): Vector<Utf8> {
  return values instanceof Vector ? values : utf8Vector(values);
}

/**
 * A Utf8 vector written straight into one buffer: ASCII bytes copied in a loop, anything else
 * through TextEncoder.encodeInto. Arrow's own builder encodes every string into a fresh array
 * and grows its buffers step by step, the largest cost of a 150k-game load.
 */
export function utf8Vector(values: readonly (string | null)[]): Vector<Utf8> {
  return runSteps(utf8VectorSteps(values));
}

/** Values utf8VectorSteps writes between two yields. */
const UTF8_VALUES_PER_STEP = 16_384;

/**
 * utf8Vector in steps, for a caller on a serving thread: the sort names of 150,000 games
 * took ~40 ms in one call when a reload wrote its column file.
 */
export function* utf8VectorSteps(values: readonly (string | null)[]): Generator<void, Vector<Utf8>> {
  const length = values.length;
  const offsets = new Int32Array(length + 1);
  const validity = new Uint8Array((length + 7) >> 3);
  let bytes = new Uint8Array(Math.max(64, length * 16));
  let at = 0;
  let nulls = 0;
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % UTF8_VALUES_PER_STEP === 0) yield;
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
