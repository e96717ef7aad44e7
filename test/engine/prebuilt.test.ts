// A Dataset built from another's exported orders (what a column file carries, through Arrow
// IPC bytes as a file read hands them over) must answer as the oracle does, exactly like one
// that built its orders itself; tables that do not fit the input are refused.

import { Binary, makeData, makeVector, Table, tableFromIPC, tableToIPC, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitmapOf } from '../../engine/bitmap.js';
import { buildDataset, type Dataset, type DatasetOptions } from '../../engine/dataset.js';
import {
  decodeFacetLinks,
  decodeIndexes,
  decodePostings,
  INDEX_PARTS,
  type IndexTables,
} from '../../engine/prebuilt.js';
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

/** A Binary column of these values. */
function binaryVectorOf(values: readonly Uint8Array[]): Vector {
  const offsets = new Int32Array(values.length + 1);
  values.forEach((v, i) => {
    offsets[i + 1] = offsets[i] + v.length;
  });
  const data = new Uint8Array(offsets[values.length]);
  for (let i = 0; i < values.length; i++) data.set(values[i], offsets[i]);
  return makeVector(makeData({ type: new Binary(), length: values.length, valueOffsets: offsets, data }));
}

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

describe('the postings and facet links', () => {
  const catalog = randomCatalog(45, { games: 150 });
  const built = buildDataset(catalog.input);
  built.prepare();
  const tables = throughIpc(built.indexTables());
  const counts = {
    terms: catalog.input.terms.length,
    families: catalog.input.families.length,
    publishers: catalog.input.publishers.length,
    awards: catalog.input.awards.length,
  };
  const ipc = (table: Table) => tableToIPC(table, 'file');

  it('travel in the tables: every posting, and every kind the facets walk', () => {
    const postings = decodePostings(tables.game_postings, counts, built.size);
    expect(postings.terms).toHaveLength(counts.terms);
    expect(postings.publishers).toHaveLength(counts.publishers);
    // each term's posting holds exactly the games linked to it
    const { game, target } = catalog.input.gameTerms;
    postings.terms.forEach((bitmap, term) => {
      const games = [...new Set([...game].filter((_, e) => target[e] === term))].sort((a, b) => a - b);
      expect([...bitmap]).toEqual(games);
    });
    expect([...decodeFacetLinks(tables.facet_links).keys()].sort()).toEqual(['category', 'mechanic', 'theme']);
  });

  it('a Dataset started from them takes them as they are: nothing left to build for the facets', () => {
    const seeded = buildDataset(catalog.input, { indexes: tables });
    // not prepared: the links it exports are the ones it took
    expect(ipc(seeded.indexTables().facet_links)).toEqual(ipc(tables.facet_links));
    expect(ipc(seeded.indexTables().game_postings)).toEqual(ipc(tables.game_postings));
    const query = { mechanics: [...catalog.vocab.mechanics].slice(0, 1) };
    expect(seeded.facets(query, ['mechanics', 'categories', 'themes'])).toEqual(
      built.facets(query, ['mechanics', 'categories', 'themes']),
    );
  });

  it('that do not fit the catalog are refused with a RangeError', () => {
    const postings = decodePostings(tables.game_postings, counts, built.size);
    // a catalog with one term more: a posting is missing
    expect(() => decodePostings(tables.game_postings, { ...counts, terms: counts.terms + 1 }, built.size)).toThrow(
      RangeError,
    );
    // fewer games than a posting's rows
    const biggest = Math.max(...postings.terms.map((b) => (b.size > 0 ? b.maximum() : 0)));
    expect(() => decodePostings(tables.game_postings, counts, biggest)).toThrow(RangeError);
    // a code past the kind's terms, then offsets for another number of games
    const links = decodeFacetLinks(tables.facet_links);
    const kinds = [...links.keys()];
    const withColumn = (name: 'codes' | 'offsets', edit: (bytes: Uint8Array, kind: string) => Uint8Array) => {
      const values = kinds.map((kind, i) => {
        const bytes = tables.facet_links.getChild(name)?.get(i) as Uint8Array;
        return edit(Uint8Array.from(bytes), kind);
      });
      const columns: Record<string, Vector> = {};
      for (const field of tables.facet_links.schema.fields) {
        const vector = tables.facet_links.getChild(field.name);
        if (vector) columns[field.name] = field.name === name ? binaryVectorOf(values) : vector;
      }
      return { ...tables, facet_links: new Table(columns) };
    };
    const pastTerms = withColumn('codes', (bytes, kind) => {
      if (kind === 'mechanic') new Uint16Array(bytes.buffer)[0] = 60_000;
      return bytes;
    });
    expect(decodeFacetLinks(pastTerms.facet_links).get('mechanic')?.codes[0]).toBe(60_000);
    expect(() => buildDataset(catalog.input, { indexes: pastTerms })).toThrow(/facet links of mechanic/);
    const shortOffsets = withColumn('offsets', (bytes) => bytes.subarray(0, bytes.length - 4));
    expect(() => buildDataset(catalog.input, { indexes: shortOffsets })).toThrow(RangeError);
    // untouched, the same tables start a Dataset
    expect(buildDataset(catalog.input, { indexes: withColumn('codes', (bytes) => bytes) }).size).toBe(built.size);
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
