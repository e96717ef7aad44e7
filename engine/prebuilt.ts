// What a prepared Dataset built beyond its input, as Arrow tables a column file can carry:
// the permutation of every sort order and range order (typed arrays), the range orders'
// pinned prefixes (roaring's portable bytes), each game's sort name, the id and slug
// lookups' hash tables, and the effective-mode variants. A Dataset built with them
// (DatasetOptions.indexes) sorts nothing at start. Turning the tables back into orders is
// not I/O: the caller reads the bytes, the engine takes views.

import {
  Binary,
  Int32,
  makeData,
  makeVector,
  RecordBatch,
  Schema,
  Table,
  Uint32,
  Uint8,
  type Utf8,
  type Vector,
} from 'apache-arrow';
import { utf8Vector } from './columns.js';
import { NUMBER_PROPERTIES, type NumberProperty } from './effective.js';
import type { GameLookupTables } from './games.js';
import { intListColumnOf, intListVector } from './list-column.js';
import { type Bitmap, frozenBitmapOf, serializeBitmap } from './bitmap.js';
import { AWARD_RESULTS, TAXONOMY_KINDS, type TaxonomyKind } from './domain.js';
import { OrderIndex } from './order.js';
import type { VariantColumns } from './variants.js';
import { utf8Values } from './strings.js';

/** The index parts a prepared Dataset exports, each one Arrow table. */
export const INDEX_PARTS = [
  'order_keys',
  'game_orders',
  'variant_orders',
  'order_pins',
  'game_postings',
  'facet_links',
  'sort_names',
  'game_lookups',
  'variants',
] as const;
export type IndexPart = (typeof INDEX_PARTS)[number];
export type IndexTables = Record<IndexPart, Table>;

/** Which family of orders an order belongs to (each family is keyed on its own). */
export type OrderFamily = 'sort' | 'game_range' | 'variant_range';
const FAMILIES: readonly OrderFamily[] = ['sort', 'game_range', 'variant_range'];

/** An order as built: its key in its family, and the OrderIndex. */
export interface BuiltOrder {
  family: OrderFamily;
  key: string;
  order: OrderIndex;
}

/** The orders and sort names of a prepared Dataset, ready to seed a new one. */
export interface PrebuiltIndexes {
  orders: Record<OrderFamily, Map<string, OrderIndex>>;
  sortNames: string[];
}

const uint32Vector = (values: Uint32Array): Vector =>
  makeVector(makeData({ type: new Uint32(), length: values.length, data: values }));

/**
 * The tables of `orders` (identity orders carry no permutation: only their key and
 * non-null count), the sort names, the lookups, the variants, the postings and the facet
 * links; in steps (pins and postings a few dozen a step), for a server writing its column file
 * while it answers: in one call this held its thread ~95 ms at 150,000 games.
 */
export function* encodeIndexesSteps(
  orders: readonly BuiltOrder[],
  sortNames: Vector<Utf8>,
  sizes: { games: number; variants: number },
  lookups: GameLookupTables,
  variantColumns: VariantColumns,
  postings: GamePostings,
  facetLinks: ReadonlyMap<TaxonomyKind, FacetKindColumns>,
): Generator<void, IndexTables> {
  const games: Record<string, Vector> = {};
  const variants: Record<string, Vector> = {};
  const family = new Uint8Array(orders.length);
  const nonNull = new Uint32Array(orders.length);
  const identity = new Uint8Array(orders.length);
  orders.forEach(({ family: f, key, order }, i) => {
    const expected = f === 'variant_range' ? sizes.variants : sizes.games;
    if (order.size !== expected) throw new RangeError(`order ${f}:${key} has ${order.size} rows, expected ${expected}`);
    family[i] = FAMILIES.indexOf(f);
    nonNull[i] = order.nonNull;
    identity[i] = order.identity ? 1 : 0;
    if (!order.identity) (f === 'variant_range' ? variants : games)[`${f}:${key}`] = uint32Vector(order.perm);
  });
  const orderKeys = new Table({
    key: utf8Vector(orders.map((o) => o.key)),
    family: makeVector(makeData({ type: new Uint8(), length: family.length, data: family })),
    non_null: uint32Vector(nonNull),
    identity: makeVector(makeData({ type: new Uint8(), length: identity.length, data: identity })),
  });
  yield;
  const pins = yield* encodePinsSteps(orders);
  yield;
  const gamePostings = yield* encodePostingsSteps(postings);
  yield;
  return {
    order_keys: orderKeys,
    game_orders: new Table(games),
    variant_orders: new Table(variants),
    order_pins: pins,
    game_postings: gamePostings,
    facet_links: encodeFacetLinks(facetLinks),
    sort_names: new Table({ sort_name: sortNames }),
    game_lookups: encodeLookups(lookups),
    variants: encodeVariants(variantColumns),
  };
}

/** Pinned prefixes serialized between two yields (each a few hundred µs at 150,000 games). */
const PINS_PER_STEP = 16;

/**
 * The pinned prefixes of the orders (range orders' common thresholds, thresholds.ts), one
 * row each: the order's row in order_keys, the order index k, the bitmap's portable bytes.
 * A start takes them as they are: rebuilding ~400 of them took ~12 % of a 150,000-game start.
 */
function* encodePinsSteps(orders: readonly BuiltOrder[]): Generator<void, Table> {
  const order: number[] = [];
  const at: number[] = [];
  const bytes: Uint8Array[] = [];
  for (let i = 0; i < orders.length; i++) {
    for (const [k, bitmap] of orders[i].order.pins) {
      if (bytes.length > 0 && bytes.length % PINS_PER_STEP === 0) yield;
      order.push(i);
      at.push(k);
      bytes.push(serializeBitmap(bitmap));
    }
  }
  return new Table({
    order: uint32Vector(Uint32Array.from(order)),
    k: uint32Vector(Uint32Array.from(at)),
    prefix: binaryVector(bytes),
  });
}

/** One Binary value per element of `bytes`. */
function binaryVector(bytes: readonly Uint8Array[]): Vector {
  const offsets = new Int32Array(bytes.length + 1);
  for (let i = 0; i < bytes.length; i++) offsets[i + 1] = offsets[i] + bytes[i].length;
  const data = new Uint8Array(offsets[bytes.length]);
  for (let i = 0; i < bytes.length; i++) data.set(bytes[i], offsets[i]);
  return makeVector(makeData({ type: new Binary(), length: bytes.length, valueOffsets: offsets, data }));
}

/** The bytes of row i of a Binary column; a RangeError naming `what` when there are none. */
function binaryAt(vector: Vector, i: number, what: string): Uint8Array {
  const bytes: unknown = vector.get(i);
  if (!(bytes instanceof Uint8Array)) throw new RangeError(`${what} is unreadable`);
  return bytes;
}

/**
 * The posting bitmaps of the games table (GameIndexes): per taxonomy term, family, publisher,
 * award and award result, per award × result pair that occurs, and the games with any award.
 */
export interface GamePostings {
  terms: readonly Bitmap[];
  families: readonly Bitmap[];
  publishers: readonly Bitmap[];
  awards: readonly Bitmap[];
  awardResults: readonly Bitmap[];
  awardPairs: ReadonlyMap<number, Bitmap>;
  anyAward: Bitmap;
}

/** How many entities each family has (one posting each), to check a table against. */
export type PostingCounts = Record<'terms' | 'families' | 'publishers' | 'awards', number>;

const DENSE_POSTINGS = ['terms', 'families', 'publishers', 'awards', 'awardResults'] as const;
const PAIRS = DENSE_POSTINGS.length;
const ANY_AWARD = PAIRS + 1;
/** Postings serialized between two yields. */
const POSTINGS_PER_STEP = 512;

/**
 * The postings, one row each: family (DENSE_POSTINGS index, then pairs, then any award), key
 * (the entity's index, the pair's key), roaring's portable bytes. Building them from the links
 * took ~40 ms of a 150,000-game start; reading them back, ~3 ms.
 */
function* encodePostingsSteps(postings: GamePostings): Generator<void, Table> {
  const family: number[] = [];
  const key: number[] = [];
  const bytes: Uint8Array[] = [];
  const add = (f: number, k: number, bitmap: Bitmap) => {
    family.push(f);
    key.push(k);
    bytes.push(serializeBitmap(bitmap));
  };
  for (let f = 0; f < DENSE_POSTINGS.length; f++) {
    const list = postings[DENSE_POSTINGS[f]];
    for (let k = 0; k < list.length; k++) {
      if (bytes.length > 0 && bytes.length % POSTINGS_PER_STEP === 0) yield;
      add(f, k, list[k]);
    }
  }
  for (const [k, bitmap] of postings.awardPairs) add(PAIRS, k, bitmap);
  add(ANY_AWARD, 0, postings.anyAward);
  return new Table({
    family: makeVector(makeData({ type: new Uint8(), length: family.length, data: Uint8Array.from(family) })),
    key: uint32Vector(Uint32Array.from(key)),
    bitmap: binaryVector(bytes),
  });
}

/**
 * The postings back from encodePostingsSteps' table, checked against the Dataset's entity
 * counts and games: every dense family complete, each posting once, every row a game's.
 */
export function decodePostings(table: Table, counts: PostingCounts, games: number): GamePostings {
  const family = typed(column(table, 'family'), Uint8Array);
  const key = typed(column(table, 'key'), Uint32Array);
  const bitmaps = column(table, 'bitmap');
  const sizes = { ...counts, awardResults: AWARD_RESULTS.length };
  const dense = DENSE_POSTINGS.map((name) => new Array<Bitmap | undefined>(sizes[name]));
  const awardPairs = new Map<number, Bitmap>();
  let anyAward: Bitmap | undefined;
  for (let i = 0; i < key.length; i++) {
    const bitmap = frozenBitmapOf(binaryAt(bitmaps, i, `posting ${i}`));
    if (bitmap.size > 0 && bitmap.maximum() >= games) throw new RangeError(`posting ${i} holds a row past ${games}`);
    const f = family[i];
    const k = key[i];
    if (f < PAIRS) {
      const list = dense[f];
      if (k >= list.length || list[k] !== undefined)
        throw new RangeError(`posting ${DENSE_POSTINGS[f]} ${k} is out of place`);
      list[k] = bitmap;
    } else if (f === PAIRS && k < counts.awards * AWARD_RESULTS.length && !awardPairs.has(k)) awardPairs.set(k, bitmap);
    else if (f === ANY_AWARD && k === 0 && anyAward === undefined) anyAward = bitmap;
    else throw new RangeError(`posting ${i} (family ${f}, key ${k}) is out of place`);
  }
  const complete = (list: (Bitmap | undefined)[], name: string): Bitmap[] => {
    if (list.includes(undefined)) throw new RangeError(`the ${name} postings are incomplete`);
    return list as Bitmap[];
  };
  if (anyAward === undefined) throw new RangeError('the postings lack the games with any award');
  const [terms, families, publishers, awards, awardResults] = dense.map((list, f) => complete(list, DENSE_POSTINGS[f]));
  return { terms, families, publishers, awards, awardResults, awardPairs, anyAward };
}

/**
 * A taxonomy kind's link columns of the facet counter (facets.ts): per game row, the local
 * codes (index in the kind's term list, which the catalog gives) of its terms of that kind.
 */
export interface FacetKindColumns {
  offsets: Uint32Array;
  codes: Uint16Array;
  /**
   * Kinds of fewer than 255 terms: per row, its first four (local code + 1) bytes, the first
   * in the low byte, 0 for none. One read per row instead of two offsets and the codes:
   * facets-typical at 150k games 585 → 536 µs (its categories and themes are walked; one
   * run, alternating).
   */
  packed: Uint32Array | null;
  /**
   * With packed: the rows with more than four codes, null when there are none. The walk
   * finds those among its rows by one AND and reads their other codes from `more`, instead
   * of testing every row for them (see walkPacked).
   */
  wide: Bitmap | null;
  /**
   * With wide: per wide row its fifth to eighth codes as packed holds its first four,
   * OVERFLOW (facets.ts) for a row of more than eight (its codes from the fifth on are then
   * read from the CSR).
   */
  more: Uint32Array | null;
}

const PACKED = 1;
const WIDE = 2;
const MORE = 4;

/** The facet links of each kind built, one row per kind, each array as its bytes. */
function encodeFacetLinks(links: ReadonlyMap<TaxonomyKind, FacetKindColumns>): Table {
  const kinds = [...links.keys()];
  const all = [...links.values()];
  const bytesOf = (array: Uint32Array | Uint16Array | null): Uint8Array =>
    array === null ? new Uint8Array(0) : new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const has = all.map((l) => (l.packed ? PACKED : 0) | (l.wide ? WIDE : 0) | (l.more ? MORE : 0));
  return new Table({
    kind: utf8Vector(kinds),
    has: makeVector(makeData({ type: new Uint8(), length: has.length, data: Uint8Array.from(has) })),
    offsets: binaryVector(all.map((l) => bytesOf(l.offsets))),
    codes: binaryVector(all.map((l) => bytesOf(l.codes))),
    packed: binaryVector(all.map((l) => bytesOf(l.packed))),
    wide: binaryVector(all.map((l) => (l.wide ? serializeBitmap(l.wide) : new Uint8Array(0)))),
    more: binaryVector(all.map((l) => bytesOf(l.more))),
  });
}

/**
 * The facet links back from encodeFacetLinks' table, as arrays (views of the bytes when they
 * are aligned); their fit to the games and terms is checked by the facet counter (adoptLinks).
 */
export function decodeFacetLinks(table: Table): Map<TaxonomyKind, FacetKindColumns> {
  const kinds = utf8Values(column(table, 'kind'));
  const has = typed(column(table, 'has'), Uint8Array);
  const out = new Map<TaxonomyKind, FacetKindColumns>();
  for (let i = 0; i < kinds.length; i++) {
    const kind = TAXONOMY_KINDS.find((k) => k === kinds[i]);
    if (kind === undefined) throw new RangeError(`facet links of kind ${kinds[i]}`);
    const part = (name: string): Uint8Array => binaryAt(column(table, name), i, `facet links ${kind} ${name}`);
    out.set(kind, {
      offsets: arrayOf(part('offsets'), Uint32Array),
      codes: arrayOf(part('codes'), Uint16Array),
      packed: has[i] & PACKED ? arrayOf(part('packed'), Uint32Array) : null,
      wide: has[i] & WIDE ? frozenBitmapOf(part('wide')) : null,
      more: has[i] & MORE ? arrayOf(part('more'), Uint32Array) : null,
    });
  }
  return out;
}

/** A typed array over `bytes`: a view when they are aligned for it, else over a copy. */
function arrayOf<T extends Uint16Array | Uint32Array>(
  bytes: Uint8Array,
  type: { readonly BYTES_PER_ELEMENT: number; new (buffer: ArrayBufferLike, offset: number, length: number): T },
): T {
  const size = type.BYTES_PER_ELEMENT;
  if (bytes.byteLength % size !== 0)
    throw new RangeError(`${bytes.byteLength} bytes are not whole ${size}-byte values`);
  const aligned = bytes.byteOffset % size === 0 ? bytes : bytes.slice();
  return new type(aligned.buffer, aligned.byteOffset, aligned.byteLength / size);
}

/** The pins back from encodePins' table onto the decoded orders (by their row in order_keys). */
function decodePins(table: Table, orders: readonly OrderIndex[]): void {
  const order = typed(column(table, 'order'), Uint32Array);
  const at = typed(column(table, 'k'), Uint32Array);
  const prefix = column(table, 'prefix');
  if (order.length !== at.length || prefix.length !== at.length) throw new RangeError('the pins table is ragged');
  for (let i = 0; i < at.length; i++) {
    const owner = orders[order[i]];
    if (owner === undefined) throw new RangeError(`pin ${i} names no order`);
    owner.adoptPin(at[i], frozenBitmapOf(binaryAt(prefix, i, `pin ${i}`)));
  }
}

/** One row per variant: base, tier, expansions and values (numbers NaN when null). */
function encodeVariants(columns: VariantColumns): Table {
  const vectors: Record<string, Vector> = {
    base: uint32Vector(columns.base),
    tier: makeVector(makeData({ type: new Uint8(), length: columns.tier.length, data: columns.tier })),
    expansions: intListVector(columns.expansions),
    top_at: intListVector(columns.top_at),
    recommended_at: intListVector(columns.recommended_at),
  };
  for (const p of NUMBER_PROPERTIES) vectors[p] = makeVector(columns.numbers[p]);
  return new Table(vectors);
}

/** The variants back from `encodeVariants`' table; their fit to the games is checked by Variants.fromColumns. */
export function decodeVariants(table: Table): VariantColumns {
  const numbers = {} as Record<NumberProperty, Float64Array>;
  for (const p of NUMBER_PROPERTIES) numbers[p] = typed(column(table, p), Float64Array);
  return {
    base: typed(column(table, 'base'), Uint32Array),
    tier: typed(column(table, 'tier'), Uint8Array),
    expansions: intListColumnOf(column(table, 'expansions')),
    numbers,
    top_at: intListColumnOf(column(table, 'top_at')),
    recommended_at: intListColumnOf(column(table, 'recommended_at')),
  };
}

const int32Vector = (values: Int32Array): Vector =>
  makeVector(makeData({ type: new Int32(), length: values.length, data: values }));
/** The schema metadata key of GameLookupTables.idsLowered ("1" or "0"). */
const IDS_LOWERED = 'ids_lowered';

/** The lookup tables as one table (both have as many slots), idsLowered in its metadata. */
export function encodeLookups({ bySlug, byId, idsLowered }: GameLookupTables): Table {
  const plain = new Table({ by_slug: int32Vector(bySlug), by_id: int32Vector(byId) });
  const schema = new Schema(plain.schema.fields, new Map([[IDS_LOWERED, idsLowered ? '1' : '0']]));
  return new Table(
    schema,
    plain.batches.map((batch) => new RecordBatch(schema, batch.data)),
  );
}

/**
 * The id and slug lookups' tables back from `encodeLookups`' table. Their fit to the games is
 * checked when the Games take them (StringRows); a table of another shape throws here.
 */
export function decodeLookups(table: Table): GameLookupTables {
  const lowered = table.schema.metadata.get(IDS_LOWERED);
  if (lowered !== '0' && lowered !== '1') throw new RangeError('the lookup tables do not say how ids are keyed');
  return {
    bySlug: typed(column(table, 'by_slug'), Int32Array),
    byId: typed(column(table, 'by_id'), Int32Array),
    idsLowered: lowered === '1',
  };
}

/**
 * Orders and sort names back from the tables `encodeIndexes` wrote, checked against the
 * sizes of the Dataset they are for: a table of another shape throws (the caller rebuilds).
 */
export function decodeIndexes(
  tables: IndexTables,
  sizes: { games: number; variants: number },
  interval: number,
  /** Take the orders' pinned prefixes too (DatasetOptions.rangeThresholds). */
  pins = true,
): PrebuiltIndexes {
  const keys = tables.order_keys;
  const key = utf8Values(column(keys, 'key'));
  const family = typed(column(keys, 'family'), Uint8Array);
  const nonNull = typed(column(keys, 'non_null'), Uint32Array);
  const identity = typed(column(keys, 'identity'), Uint8Array);
  const orders: PrebuiltIndexes['orders'] = { sort: new Map(), game_range: new Map(), variant_range: new Map() };
  const byRow: OrderIndex[] = [];
  for (let i = 0; i < keys.numRows; i++) {
    const f = FAMILIES[family[i]];
    const name = key[i];
    if (f === undefined || name === null) throw new RangeError(`index order ${i} is unreadable`);
    const size = f === 'variant_range' ? sizes.variants : sizes.games;
    if (nonNull[i] > size) throw new RangeError(`order ${f}:${name} counts ${nonNull[i]} valued rows of ${size}`);
    let perm: Uint32Array | null = null;
    if (identity[i] !== 1) {
      const table = f === 'variant_range' ? tables.variant_orders : tables.game_orders;
      perm = typed(column(table, `${f}:${name}`), Uint32Array);
      if (perm.length !== size) throw new RangeError(`order ${f}:${name} has ${perm.length} rows, expected ${size}`);
    }
    const order = new OrderIndex(perm, size, nonNull[i], interval);
    orders[f].set(name, order);
    byRow.push(order);
  }
  if (pins) decodePins(tables.order_pins, byRow);
  const names = utf8Values(column(tables.sort_names, 'sort_name'));
  if (names.length !== sizes.games) throw new RangeError(`${names.length} sort names for ${sizes.games} games`);
  return { orders, sortNames: names.map((n) => n ?? '') };
}

function column(table: Table, name: string): Vector {
  const vector = table.getChild(name);
  if (!vector) throw new RangeError(`index table lacks column ${name}`);
  return vector;
}

/** The values of a one-chunk column of that array type, zero-copy; a copy otherwise. */
function typed<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(
  vector: Vector,
  type: { new (length: number): T; from(values: ArrayLike<number>): T },
): T {
  const values = vector.data.length === 1 ? vector.data[0].values : undefined;
  if (values instanceof type && values.length === vector.length) return values as T;
  if (vector.nullCount > 0) throw new RangeError('index column holds nulls');
  return type.from(vector.toArray() as ArrayLike<number>);
}
