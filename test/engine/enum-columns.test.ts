// Enumerated columns of the games table as Arrow dictionaries (engine/columns.ts): what the
// table holds, what survives an IPC round trip (a column file), and how codes are read back
// into the engine's Dictionary, checked against the strings themselves.

import {
  Dictionary as ArrowDictionary,
  Type,
  Uint16,
  Utf8,
  makeData,
  makeVector,
  tableFromIPC,
  tableToIPC,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import {
  emptyNumberArrays,
  enumCodes,
  enumVector,
  enumVectorOfPositions,
  gameStringVector,
  makeGamesTable,
  stringColumn,
  utf8Vector,
} from '../../engine/columns.js';
import { Dictionary, NO_CODE } from '../../engine/dictionary.js';
import { GAME_ENUM_FIELDS, GAME_STRING_COLUMNS, type GameStringColumn } from '../../engine/input.js';

const KNOWN = ['base_game', 'expansion', 'promo'] as const;
const TYPE_VALUES: readonly string[] = GAME_ENUM_FIELDS.find((f) => f.name === 'type')?.values ?? [];

/** Values drawn from the known ones, an unknown one and null, by a fixed pseudo-random walk. */
function column(length: number, seed: number): (string | null)[] {
  const pool = [...KNOWN, 'fan_made', null];
  let x = seed;
  return Array.from({ length }, () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return pool[x % pool.length];
  });
}

/** The strings a Dictionary gives back, row by row. */
const valuesOf = (dictionary: Dictionary, length: number): (string | null)[] =>
  Array.from({ length }, (_, row) => dictionary.value(row));

describe('enumerated columns as Arrow dictionaries', () => {
  it('hold Uint16 codes into the known values first, an unknown value after them, nulls as nulls', () => {
    const values = column(500, 7);
    const vector = enumVector(values, KNOWN);
    expect(vector.type.typeId).toBe(Type.Dictionary);
    const data = vector.data[0];
    expect(data.dictionary?.toArray()).toEqual([...KNOWN, 'fan_made']);
    expect(Array.from({ length: values.length }, (_, row) => vector.get(row) ?? null)).toEqual(values);
    expect(data.nullCount).toBe(values.filter((v) => v === null).length);
    for (let row = 0; row < values.length; row++) if (values[row] === null) expect(data.values[row]).toBe(NO_CODE);
  });

  it('survive an IPC round trip and give the engine the Dictionary the strings give', () => {
    for (const seed of [1, 2, 3]) {
      const values = column(2_000, seed);
      const back = tableFromIPC(tableToIPC(makeGamesTableOf('type', values), 'file'));
      const vector = back.getChild('type');
      if (!vector) throw new Error('no type column');
      // the Games read it with the field's own known values, as the table was written with
      const coded = enumCodes(vector, TYPE_VALUES);
      const fromFile = new Dictionary(coded.codes, coded.values);
      const strings = enumCodes(values, TYPE_VALUES);
      const fromStrings = new Dictionary(strings.codes, strings.values);
      expect(fromFile.values).toEqual(fromStrings.values);
      expect(Array.from(fromFile.codes)).toEqual(Array.from(fromStrings.codes));
      expect(valuesOf(fromFile, values.length)).toEqual(values);
      expect(fromFile.postings.map((p) => p.size)).toEqual(fromStrings.postings.map((p) => p.size));
      expect(stringColumn(back, 'type')).toEqual(values);
    }
  });

  it("are made from the loader's 1-based positions as the strings would make them; no position is null", () => {
    const positions = Float64Array.from([1, 3, Number.NaN, 2, 0, 4, 1.5, 1]);
    const vector = enumVectorOfPositions(positions, KNOWN);
    const expected = ['base_game', 'promo', null, 'expansion', null, null, null, 'base_game'];
    expect(Array.from({ length: positions.length }, (_, row) => vector.get(row) ?? null)).toEqual(expected);
    const fromPositions = enumCodes(vector, KNOWN);
    const fromStrings = enumCodes(expected, KNOWN);
    expect(Array.from(fromPositions.codes)).toEqual(Array.from(fromStrings.codes));
    expect(fromPositions.values).toEqual(fromStrings.values);
    expect(vector.data[0].nullCount).toBe(4);
  });

  it('are read from a dictionary in another order (another writer) into the known-first codes', () => {
    const dictionary = utf8Vector(['promo', 'fan_made', 'base_game']);
    const indices = Uint16Array.from([2, 0, 1, 2, 0]);
    const vector = makeVector(
      makeData({ type: new ArrowDictionary(new Utf8(), new Uint16()), length: 5, data: indices, dictionary }),
    );
    const coded = enumCodes(vector, KNOWN);
    expect(coded.values).toEqual([...KNOWN, 'fan_made']);
    expect(valuesOf(new Dictionary(coded.codes, coded.values), 5)).toEqual([
      'base_game',
      'promo',
      'fan_made',
      'base_game',
      'promo',
    ]);
  });

  it('refuse an index beyond the dictionary, a code beyond the values, and a value given twice', () => {
    const vector = makeVector(
      makeData({
        type: new ArrowDictionary(new Utf8(), new Uint16()),
        length: 2,
        data: Uint16Array.from([0, 3]),
        dictionary: utf8Vector(['base_game', 'promo']),
      }),
    );
    expect(() => enumCodes(vector, KNOWN)).toThrow(/dictionary index 3 of 2 values/);
    expect(() => new Dictionary(Uint16Array.from([0, 4]), KNOWN)).toThrow(RangeError);
    expect(() => new Dictionary(Uint16Array.from([0]), ['promo', 'promo'])).toThrow(/twice/);
    const numbers = makeVector(Float64Array.from([1, 2]));
    expect(() => enumCodes(numbers, KNOWN)).toThrow(/not an enumerated column/);
  });

  it('are what every enumerated field of the games table holds; other string columns stay Utf8', () => {
    const length = 3;
    const strings = Object.fromEntries(GAME_STRING_COLUMNS.map((c) => [c, Array(length).fill(null)])) as Record<
      GameStringColumn,
      (string | null)[]
    >;
    strings.id = ['a', 'b', 'c'];
    for (const f of GAME_ENUM_FIELDS) strings[f.name] = [f.values[0], null, f.values[f.values.length - 1]];
    const table = makeGamesTable(emptyNumberArrays(length), strings);
    for (const name of GAME_STRING_COLUMNS) {
      const isEnum = GAME_ENUM_FIELDS.some((f) => f.name === name);
      expect(table.getChild(name)?.type.typeId, name).toBe(isEnum ? Type.Dictionary : Type.Utf8);
      expect(stringColumn(table, name), name).toEqual(strings[name]);
    }
    // a dictionary vector given for an enumerated column is kept as it is; a Utf8 one is coded
    const type = table.getChild('type');
    if (!type) throw new Error('no type column');
    expect(gameStringVector('type', type)).toBe(type);
    expect(gameStringVector('type', utf8Vector(strings.type)).type.typeId).toBe(Type.Dictionary);
    expect(() => gameStringVector('name', type)).toThrow(/not Utf8/);
  });
});

function makeGamesTableOf(name: GameStringColumn, values: (string | null)[]) {
  const strings = Object.fromEntries(GAME_STRING_COLUMNS.map((c) => [c, Array(values.length).fill(null)])) as Record<
    GameStringColumn,
    (string | null)[]
  >;
  strings.id = values.map((_, i) => `g${i}`);
  strings[name] = values;
  return makeGamesTable(emptyNumberArrays(values.length), strings);
}
