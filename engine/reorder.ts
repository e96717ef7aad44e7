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
import { takeListColumn } from './list-column.js';
import { takeArray, takeFloat64, takeTyped, takeUtf8, type TypedArray } from './take.js';

const NO_ROW = 0xffffffff;

/**
 * `input` with `rows[i]` (a row of `input`) as row i; `rows` must name every row once.
 * A step per games column, list column and section, so a server's event loop gets turns.
 */
export function* reorderedInputSteps(input: DatasetInput, rows: Uint32Array): Generator<void, DatasetInput> {
  const rowOf = newRows(rows, input.games.numRows);
  const remap = (old: Uint32Array): Uint32Array => {
    const out = new Uint32Array(old.length);
    for (let i = 0; i < old.length; i++) out[i] = rowOf[old[i]];
    return out;
  };
  const vectors: Record<string, Vector> = {};
  for (const field of input.games.schema.fields) {
    const vector = input.games.getChild(field.name);
    if (vector === null) throw new RangeError(`games table has no column ${field.name}`);
    vectors[field.name] = takeColumn(field.name, vector, rows);
    yield;
  }
  const lists = {} as Record<keyof GameListColumns, unknown>;
  for (const name of GAME_LIST_COLUMNS) {
    lists[name] =
      name === 'legacy_id_numeric'
        ? takeArray(input.lists.legacy_id_numeric, rows)
        : takeListColumn<unknown>(input.lists[name], rows);
    yield;
  }

  const byGame = <S extends { game: Uint32Array }>(section: S): S => groupedByGame(section, rowOf);
  const gameTerms = byGame(input.gameTerms);
  yield;
  const gameFamilies = byGame(input.gameFamilies);
  const gamePublishers = byGame(input.gamePublishers);
  yield;
  const gameCredits = byGame(input.gameCredits);
  yield;
  const gameAwards = byGame(input.gameAwards);
  yield;
  const alternateNames = byGame(input.alternateNames);
  yield;
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
  const modificationsAt = stableOrderBy(
    Uint32Array.from(input.modifications, (m) => rowOf[m.expansion]),
    rows.length,
  );
  const modifications = Array.from(modificationsAt, (i) => {
    const m = input.modifications[i];
    return { ...m, expansion: rowOf[m.expansion], base: rowOf[m.base] };
  });
  const combinationsAt = stableOrderBy(
    Uint32Array.from(input.combinations, (c) => rowOf[c.base]),
    rows.length,
  );
  const combinations = Array.from(combinationsAt, (i) => {
    const c = input.combinations[i];
    return { ...c, base: rowOf[c.base], expansions: c.expansions.map((row) => rowOf[row]).sort((a, b) => a - b) };
  });
  yield;
  const { community: c } = input;
  const playerCountRatings = byGame(c.playerCountRatings);
  yield;
  const agePolls = byGame(c.agePolls);
  const languagePolls = byGame(c.languagePolls);
  yield;
  const community: CommunityInput = {
    playerCountRatings,
    agePolls,
    languagePolls,
    experience: byGame(c.experience),
    experienceSufficient: Uint32Array.from(c.experienceSufficient, (row) => rowOf[row]).sort(),
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
function takeColumn(name: string, vector: Vector, rows: Uint32Array): Vector {
  const known = ENUM_VALUES.get(name);
  if (known !== undefined) {
    const { codes, values } = enumCodes(vector, known);
    return enumVectorOfCodes(takeTyped(codes, rows), values);
  }
  if (vector.type.typeId === Type.Float) return takeFloat64(vector, rows);
  if (vector.type.typeId === Type.Utf8) return takeUtf8(vector as Vector<Utf8>, rows);
  throw new RangeError(`games column ${name} is ${vector.type}, which cannot be reordered`);
}

/**
 * A per-game section (parallel columns with a `game` row each, grouped by game) with its
 * games renumbered by `rowOf` and its entries grouped by the new rows, each game's entries
 * in their order.
 */
function groupedByGame<S extends { game: Uint32Array }>(section: S, rowOf: Uint32Array): S {
  const game = Uint32Array.from(section.game, (row) => rowOf[row]);
  const at = stableOrderBy(game, rowOf.length);
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(section) as [string, TypedArray | readonly unknown[]][])
    out[key] =
      key === 'game' ? takeTyped(game, at) : ArrayBuffer.isView(values) ? takeTyped(values, at) : takeArray(values, at);
  return out as S;
}
