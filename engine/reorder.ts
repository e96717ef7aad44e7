// A DatasetInput with its rows in another order, made in memory: what a load from the store
// gives once a materialization has moved games out of the default order, without reading the
// store again (server/dataset-reload.ts). Every part comes out as the store load orders it
// (loader/load.ts): per-game sections grouped by the new row, each game's entries in their
// previous order; relationships by (source, target); the property modifications by
// expansion and the combinations by base game, each keeping its previous order within a
// game; a combination's expansion rows ascending; the sufficient-experience rows ascending.

import { Table, Type, type Utf8, type Vector } from 'apache-arrow';
import { ENUM_VALUES, enumCodes, enumVectorOfCodes } from './columns.js';
import type { CommunityInput } from './community-data.js';
import { GAME_LIST_COLUMNS, type DatasetInput, type GameListColumns } from './input.js';
import { takeListColumnSteps } from './list-column.js';
import { takeArray, takeFloat64, takeTyped, takeUtf8Steps, type TypedArray } from './take.js';

const NO_ROW = 0xffffffff;

/**
 * `input` with `rows[i]` (a row of `input`) as row i; `rows` must name every row once.
 * A step per games column, list column and section, so a server's event loop gets turns.
 */
export function* reorderedInputSteps(input: DatasetInput, rows: Uint32Array): Generator<void, DatasetInput> {
  const rowOf = newRows(rows, input.games.numRows);
  const remap = (old: ArrayLike<number>): Uint32Array => renumbered(old, rowOf);
  const vectors: Record<string, Vector> = {};
  for (const field of input.games.schema.fields) {
    const vector = input.games.getChild(field.name);
    if (vector === null) throw new RangeError(`games table has no column ${field.name}`);
    vectors[field.name] = yield* takeColumnSteps(field.name, vector, rows);
    yield;
  }
  const lists = {} as Record<keyof GameListColumns, unknown>;
  for (const name of GAME_LIST_COLUMNS) {
    lists[name] =
      name === 'legacy_id_numeric'
        ? takeArray(input.lists.legacy_id_numeric, rows)
        : yield* takeListColumnSteps<unknown>(input.lists[name], rows);
    yield;
  }

  const byGame = <S extends { game: Uint32Array }>(section: S): Generator<void, S> =>
    groupedByGameSteps(section, rowOf);
  const gameTerms = yield* byGame(input.gameTerms);
  const gameFamilies = yield* byGame(input.gameFamilies);
  const gamePublishers = yield* byGame(input.gamePublishers);
  const gameCredits = yield* byGame(input.gameCredits);
  const gameAwards = yield* byGame(input.gameAwards);
  const alternateNames = yield* byGame(input.alternateNames);
  // By (source, target): ordered by target first, then stably by source.
  const { relationships: r } = input;
  const source = remap(r.source);
  const target = remap(r.target);
  const byTarget = stableOrderBy(target, rows.length);
  const relationshipsAt = takeTyped(byTarget, stableOrderBy(takeTyped(source, byTarget), rows.length));
  const relationships = {
    source: takeTyped(source, relationshipsAt),
    target: takeTyped(target, relationshipsAt),
    type: takeArray(r.type, relationshipsAt),
    ordinal: takeTyped(r.ordinal, relationshipsAt),
  };
  yield;
  const modificationsAt = stableOrderBy(remap(input.modifications.map((m) => m.expansion)), rows.length);
  const modifications = Array.from(modificationsAt, (i) => {
    const m = input.modifications[i];
    return { ...m, expansion: rowOf[m.expansion], base: rowOf[m.base] };
  });
  const combinationsAt = stableOrderBy(remap(input.combinations.map((c) => c.base)), rows.length);
  const combinations = Array.from(combinationsAt, (i) => {
    const c = input.combinations[i];
    return { ...c, base: rowOf[c.base], expansions: c.expansions.map((row) => rowOf[row]).sort((a, b) => a - b) };
  });
  yield;
  const { community: c } = input;
  const playerCountRatings = yield* byGame(c.playerCountRatings);
  const agePolls = yield* byGame(c.agePolls);
  const languagePolls = yield* byGame(c.languagePolls);
  const experience = yield* byGame(c.experience);
  const community: CommunityInput = {
    playerCountRatings,
    agePolls,
    languagePolls,
    experience,
    experienceSufficient: remap(c.experienceSufficient).sort(),
  };
  return {
    ...input,
    games: new Table(vectors),
    lists: lists as unknown as GameListColumns,
    gameTerms,
    gameFamilies,
    gamePublishers,
    gameCredits,
    gameAwards,
    alternateNames,
    relationships,
    modifications,
    combinations,
    community,
  };
}

/** The new row of each row (the inverse of `rows`); throws unless `rows` is a permutation of 0..n-1. */
function newRows(rows: Uint32Array, n: number): Uint32Array {
  if (rows.length !== n) throw new RangeError(`a new order of ${rows.length} rows for ${n} games`);
  const rowOf = new Uint32Array(n).fill(NO_ROW);
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (row >= n || rowOf[row] !== NO_ROW) throw new RangeError('the new order does not name every row once');
    rowOf[row] = i;
  }
  return rowOf;
}

/** Positions of `keys` sorted by key, equal keys in their order (a counting sort over 0..n-1). */
function stableOrderBy(keys: Uint32Array, n: number): Uint32Array {
  const starts = new Uint32Array(n + 1);
  for (let i = 0; i < keys.length; i++) starts[keys[i] + 1]++;
  for (let k = 0; k < n; k++) starts[k + 1] += starts[k];
  const out = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[starts[keys[i]]++] = i;
  return out;
}

/** A games column's rows in the order `rows`: numbers, Utf8 and enumerated columns. */
function* takeColumnSteps(name: string, vector: Vector, rows: Uint32Array): Generator<void, Vector> {
  const known = ENUM_VALUES.get(name);
  if (known !== undefined) {
    const { codes, values } = enumCodes(vector, known);
    return enumVectorOfCodes(takeTyped(codes, rows), values);
  }
  if (vector.type.typeId === Type.Float) return takeFloat64(vector, rows);
  if (vector.type.typeId === Type.Utf8) return yield* takeUtf8Steps(vector as Vector<Utf8>, rows);
  throw new RangeError(`games column ${name} is ${vector.type}, which cannot be reordered`);
}

/**
 * A per-game section (parallel columns with a `game` row each, grouped by game) with its
 * games renumbered by `rowOf` and its entries grouped by the new rows, each game's entries
 * in their order. A step per column: the links of a 150,000-game catalog (825,000 term
 * links) are tens of milliseconds a column.
 */
function* groupedByGameSteps<S extends { game: Uint32Array }>(section: S, rowOf: Uint32Array): Generator<void, S> {
  const game = renumbered(section.game, rowOf);
  // a step each: for the 825,000 term links of 150,000 games, ~35 and ~45 ms
  yield;
  const at = stableOrderBy(game, rowOf.length);
  yield;
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(section) as [string, TypedArray | readonly unknown[]][]) {
    out[key] =
      key === 'game' ? takeTyped(game, at) : ArrayBuffer.isView(values) ? takeTyped(values, at) : takeArray(values, at);
    yield;
  }
  return out as S;
}

/**
 * rowOf[rows[i]] for every i. A loop, not `Uint32Array.from(rows, mapFn)`: V8 runs the
 * mapping form through its generic iterator path, about 250 ns an element (825,000 term
 * links: ~200 ms against ~8 ms).
 */
function renumbered(rows: ArrayLike<number>, rowOf: Uint32Array): Uint32Array {
  const out = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = rowOf[rows[i]];
  return out;
}
