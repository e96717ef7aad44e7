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
import { frozenBitmapOf, serializeBitmap } from './bitmap.js';
import { OrderIndex } from './order.js';
import { runSteps } from './steps.js';
import type { VariantColumns } from './variants.js';
import { utf8Values } from './strings.js';

/** The index parts a prepared Dataset exports, each one Arrow table. */
export const INDEX_PARTS = [
  'order_keys',
  'game_orders',
  'variant_orders',
  'order_pins',
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
 * non-null count) and of the sort names.
 */
export function encodeIndexes(
  orders: readonly BuiltOrder[],
  sortNames: Vector<Utf8>,
  sizes: { games: number; variants: number },
  lookups: GameLookupTables,
  variantColumns: VariantColumns,
): IndexTables {
  return runSteps(encodeIndexesSteps(orders, sortNames, sizes, lookups, variantColumns));
}

/**
 * encodeIndexes in steps (the pins a few dozen bitmaps a step), for a server writing its
 * column file while it answers: in one call they held its thread ~95 ms at 150,000 games.
 */
export function* encodeIndexesSteps(
  orders: readonly BuiltOrder[],
  sortNames: Vector<Utf8>,
  sizes: { games: number; variants: number },
  lookups: GameLookupTables,
  variantColumns: VariantColumns,
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
  return {
    order_keys: orderKeys,
    game_orders: new Table(games),
    variant_orders: new Table(variants),
    order_pins: pins,
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
  const offsets = new Int32Array(bytes.length + 1);
  for (let i = 0; i < bytes.length; i++) offsets[i + 1] = offsets[i] + bytes[i].length;
  const data = new Uint8Array(offsets[bytes.length]);
  for (let i = 0; i < bytes.length; i++) data.set(bytes[i], offsets[i]);
  return new Table({
    order: uint32Vector(Uint32Array.from(order)),
    k: uint32Vector(Uint32Array.from(at)),
    prefix: makeVector(makeData({ type: new Binary(), length: bytes.length, valueOffsets: offsets, data })),
  });
}

/** The pins back from encodePins' table onto the decoded orders (by their row in order_keys). */
function decodePins(table: Table, orders: readonly OrderIndex[]): void {
  const order = typed(column(table, 'order'), Uint32Array);
  const at = typed(column(table, 'k'), Uint32Array);
  const prefix = column(table, 'prefix');
  if (order.length !== at.length || prefix.length !== at.length) throw new RangeError('the pins table is ragged');
  for (let i = 0; i < at.length; i++) {
    const owner = orders[order[i]];
    const bytes: unknown = prefix.get(i);
    if (owner === undefined || !(bytes instanceof Uint8Array)) throw new RangeError(`pin ${i} is unreadable`);
    owner.adoptPin(at[i], frozenBitmapOf(bytes));
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
