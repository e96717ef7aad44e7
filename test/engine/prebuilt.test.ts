// A Dataset built from another's exported orders (what a column file carries, through Arrow
// IPC bytes as a file read hands them over) must answer as the oracle does, exactly like one
// that built its orders itself; tables that do not fit the input are refused.

import { makeVector, Table, tableFromIPC, tableToIPC, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitmapOf } from '../../engine/bitmap.js';
import { buildDataset, type Dataset, type DatasetOptions } from '../../engine/dataset.js';
import { decodeIndexes, INDEX_PARTS, type IndexTables } from '../../engine/prebuilt.js';
import { FACET_DIMENSIONS, type RankedQuery, SORT_KEYS } from '../../engine/query.js';
import { oracleFacets, oracleQuery, type OracleCatalog } from '../oracle.js';
import { queryArbitrary } from './query-arbitraries.js';
import { randomCatalog } from './random-catalog.js';

const CATALOGS = [
  { seed: 31, bayesOrder: true },
  { seed: 32, bayesOrder: false, games: 150 },
  { seed: 33, bayesOrder: true, games: 40 },
];
const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 30);
const MAX_PAGES = 20;

/** The tables through Arrow IPC bytes, as a column file stores them. */
function throughIpc(tables: IndexTables): IndexTables {
  return Object.fromEntries(
    INDEX_PARTS.map((part) => [part, tableFromIPC(Uint8Array.from(tableToIPC(tables[part], 'file')))]),
  ) as IndexTables;
}

/** A prepared Dataset and one built from its exported orders, with the same options. */
function pair(catalog: ReturnType<typeof randomCatalog>, options: DatasetOptions): [Dataset, Dataset] {
  const built = buildDataset(catalog.input, options);
  built.prepare();
  const seeded = buildDataset(catalog.input, { ...options, indexes: throughIpc(built.indexTables()) });
  return [built, seeded];
}

function walk(datasets: readonly Dataset[], oracle: OracleCatalog, query: RankedQuery): void {
  let expected = oracleQuery(oracle, query);
  for (const d of datasets) expect(d.query(query)).toEqual(expected);
  for (let i = 0; expected.hasNext && i < MAX_PAGES; i++) {
    const next = { ...query, after: expected.last };
    expected = oracleQuery(oracle, next);
    for (const d of datasets) expect(d.query(next)).toEqual(expected);
  }
}

describe.each(CATALOGS)('a Dataset from prebuilt orders, catalog seed $seed', (spec) => {
  const catalog = randomCatalog(spec.seed, { bayesOrder: spec.bayesOrder, games: spec.games });
  const datasets = [
    ...pair(catalog, {}),
    ...pair(catalog, { pageStrategy: 'walk', checkpointInterval: 4, facetCutover: 0 }),
  ];

  it('exports every sort order of both directions and the sort names', () => {
    const [built] = datasets;
    const keys = built.indexTables().order_keys;
    const names = keys.getChild('key')?.toArray() as string[];
    for (const key of SORT_KEYS) {
      expect(names).toContain(`${key}:asc`);
      expect(names).toContain(`${key}:desc`);
    }
    expect(built.indexTables().sort_names.numRows).toBe(built.size);
  });

  it('answers every page of random queries as the oracle does', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), (query) => walk(datasets, catalog.oracle, query)),
      { numRuns: RUNS },
    );
  });

  it('counts facets as the oracle does', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), ({ filter }) => {
        const expected = oracleFacets(catalog.oracle, filter, FACET_DIMENSIONS);
        for (const d of datasets) expect(d.facets(filter, FACET_DIMENSIONS)).toEqual(expected);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('reads the same records and sort values', () => {
    const [built, seeded] = datasets;
    for (let row = 0; row < built.size; row++) {
      expect(seeded.game(row)).toEqual(built.game(row));
      for (const key of SORT_KEYS) expect(seeded.sortValue(row, key)).toEqual(built.sortValue(row, key));
    }
  });
});

describe('prebuilt orders are used as given', () => {
  it('a name order reversed in the tables reverses the first page by name', () => {
    const catalog = randomCatalog(43, { games: 50 });
    const built = buildDataset(catalog.input);
    built.prepare();
    const tables = built.indexTables();
    const perm = tables.game_orders.getChild('sort:name:asc')?.toArray() as Uint32Array;
    const reversed = Uint32Array.from(perm).reverse();
    const columns: Record<string, Vector> = {};
    for (const { name } of tables.game_orders.schema.fields) {
      const vector = tables.game_orders.getChild(name);
      if (vector) columns[name] = name === 'sort:name:asc' ? makeVector(reversed) : vector;
    }
    const seeded = buildDataset(catalog.input, { indexes: { ...tables, game_orders: new Table(columns) } });
    const query = { filter: {}, sort: 'name', order: 'asc', limit: 5 } as const;
    expect(seeded.query(query).rows).toEqual([...reversed.subarray(0, 5)]);
    expect(built.query(query).rows).toEqual([...perm.subarray(0, 5)]);
    expect(seeded.query(query).rows).not.toEqual(built.query(query).rows);
  });
});

describe("the range orders' pinned prefixes", () => {
  const catalog = randomCatalog(44, { games: 120 });
  const built = buildDataset(catalog.input, { checkpointInterval: 8 });
  built.prepare();
  const tables = throughIpc(built.indexTables());
  // one row per effective-mode variant in the variants part
  const sizes = { games: built.size, variants: tables.variants.numRows };

  it('travel in the tables: every pin decodes to the prefix it stands for', () => {
    expect(tables.order_pins.numRows).toBeGreaterThan(0);
    const decoded = decodeIndexes(tables, sizes, 8);
    let pins = 0;
    for (const family of ['game_range', 'variant_range'] as const) {
      for (const order of decoded.orders[family].values()) {
        for (const [k, bitmap] of order.pins) {
          expect(bitmap.size).toBe(k);
          expect([...bitmap]).toEqual([...order.prefix(k)]);
          pins++;
        }
      }
    }
    expect(pins).toBe(tables.order_pins.numRows);
  });

  it('are taken as they are, and left out when range thresholds are off', () => {
    const decoded = decodeIndexes(tables, sizes, 8, false);
    for (const order of decoded.orders.game_range.values()) expect(order.pins.size).toBe(0);
    const seeded = buildDataset(catalog.input, { checkpointInterval: 8, indexes: tables });
    seeded.prepare();
    expect(tableToIPC(seeded.indexTables().order_pins)).toEqual(tableToIPC(built.indexTables().order_pins));
  });

  it('a pin that does not hold k rows is refused with a RangeError', () => {
    const order = [...decodeIndexes(tables, sizes, 8).orders.game_range.values()][0];
    const [k, bitmap] = [...order.pins][0];
    expect(() => order.adoptPin(k + 1, bitmap)).toThrow(RangeError);
    expect(() => order.adoptPin(0, bitmap)).toThrow(RangeError);
    // k rows, one of them past the order's end
    const outside = [...bitmap].slice(1);
    outside.push(order.size);
    expect(() => order.adoptPin(k, bitmapOf(outside))).toThrow(RangeError);
  });
});

describe('prebuilt orders that do not fit', () => {
  const small = randomCatalog(41, { games: 30 });
  const large = randomCatalog(42, { games: 60 });
  const other = buildDataset(large.input);
  other.prepare();

  it('are refused with a RangeError when built for another catalog size', () => {
    expect(() => buildDataset(small.input, { indexes: other.indexTables() })).toThrow(RangeError);
  });

  it('are refused when a part lacks a column', () => {
    const own = buildDataset(small.input);
    own.prepare();
    const tables = own.indexTables();
    expect(() => buildDataset(small.input, { indexes: { ...tables, sort_names: tables.order_keys } })).toThrow(
      RangeError,
    );
  });
});
