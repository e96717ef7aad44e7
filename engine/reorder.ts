// A DatasetInput with its rows in another order, made in memory: what a load from the store
// gives once a materialization has moved games out of the default order, without reading the
// store again (server/dataset-reload.ts). Every part comes out as the store load orders it
// (loader/load.ts): per-game sections grouped by the new row, each game's entries in their
// previous order; relationships by (source, target); the property modifications by
// expansion and the combinations by base game, each keeping its previous order within a
// game; a combination's expansion rows ascending; the sufficient-experience rows ascending.

import { Table, Type, type Utf8, type Vector } from 'apache-arrow';
import { enumCodes, enumVectorOfCodes } from './columns.js';
import type { CommunityInput } from './community-data.js';
import { GAME_ENUM_FIELDS, GAME_LIST_COLUMNS, type DatasetInput, type GameListColumns } from './input.js';
import { takeListColumn } from './list-column.js';
import { takeArray, takeFloat64, takeTyped, takeUtf8, type TypedArray } from './take.js';

const NO_ROW = 0xffffffff;
const ENUM_VALUES: ReadonlyMap<string, readonly string[]> = new Map(GAME_ENUM_FIELDS.map((f) => [f.name, f.values]));

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

  /** Positions of a section's entries in the new order: grouped by new row, stable within one. */
  const grouped = (games: Uint32Array): Uint32Array => stableOrderBy(remap(games), rows.length);
  const link = <L extends { game: Uint32Array; target: Uint32Array }>(
    section: L,
    extra: (at: Uint32Array) => Omit<L, 'game' | 'target'>,
  ): L => {
    const at = grouped(section.game);
    return { game: remap(takeTyped(section.game, at)), target: takeTyped(section.target, at), ...extra(at) } as L;
  };
  const gameTerms = link(input.gameTerms, () => ({}));
  yield;
  const gameFamilies = link(input.gameFamilies, () => ({}));
  const gamePublishers = link(input.gamePublishers, () => ({}));
  yield;
  const gameCredits = link(input.gameCredits, (at) => ({ role: takeArray(input.gameCredits.role, at) }));
  yield;
  const awardsAt = grouped(input.gameAwards.game);
  const gameAwards = {
    game: remap(takeTyped(input.gameAwards.game, awardsAt)),
    award: takeTyped(input.gameAwards.award, awardsAt),
    year: takeTyped(input.gameAwards.year, awardsAt),
    result: takeArray(input.gameAwards.result, awardsAt),
    category: takeArray(input.gameAwards.category, awardsAt),
  };
  yield;
  const namesAt = grouped(input.alternateNames.game);
  const alternateNames = {
    game: remap(takeTyped(input.alternateNames.game, namesAt)),
    name: takeArray(input.alternateNames.name, namesAt),
    language: takeArray(input.alternateNames.language, namesAt),
  };
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
  const community = yield* reorderedCommunitySteps(input.community, rowOf, rows.length);
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

/** The community sections grouped by the new rows (each game's entries kept in their order), a step each. */
function* reorderedCommunitySteps(
  community: CommunityInput,
  rowOf: Uint32Array,
  n: number,
): Generator<void, CommunityInput> {
  const section = <S extends { game: Uint32Array }>(s: S): S => {
    const game = Uint32Array.from(s.game, (row) => rowOf[row]);
    const at = stableOrderBy(game, n);
    const out: Record<string, TypedArray> = {};
    for (const [key, values] of Object.entries(s) as [string, TypedArray][])
      out[key] = key === 'game' ? takeTyped(game, at) : takeTyped(values, at);
    return out as unknown as S;
  };
  const playerCountRatings = section(community.playerCountRatings);
  yield;
  const agePolls = section(community.agePolls);
  const languagePolls = section(community.languagePolls);
  yield;
  const experience = section(community.experience);
  const experienceSufficient = Uint32Array.from(community.experienceSufficient, (row) => rowOf[row]).sort();
  return { playerCountRatings, agePolls, languagePolls, experience, experienceSufficient };
}
