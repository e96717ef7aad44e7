// The bitmap engine and the naive oracle must agree (ARCHITECTURE "one shared suite against
// every implementation"): random catalogs, random queries of every filter dimension, every
// sort key and order, paging forward through every page and backward from the end, random
// keyset positions, effective mode on and off, and facets. Each catalog is served by three
// engines that take different code paths (auto, forced walk, forced materialize; tiny
// checkpoint intervals; both facet counting methods; ranges through pinned threshold bitmaps,
// through written prefixes and through a column read per row; exclusions as kept complements
// and by AND-NOT).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDataset, type Dataset } from '../../engine/dataset.js';
import {
  FACET_DIMENSIONS,
  type Page,
  type Position,
  type Query,
  type RankedQuery,
  RELEVANCE,
} from '../../engine/query.js';
import { oracleFacets, oracleQuery, oracleResolve, oracleSortValue, type OracleCatalog } from '../oracle.js';
import { positionTweak, queryArbitrary, textQueryArbitrary } from './query-arbitraries.js';
import { randomCatalog } from './random-catalog.js';

/** ENGINE_CATALOG_SEED shifts every catalog seed, for soaking over other catalogs. */
const SEED = Number(process.env.ENGINE_CATALOG_SEED ?? 0);
const CATALOGS = [
  { seed: SEED + 11, bayesOrder: false },
  { seed: SEED + 12, bayesOrder: true },
  { seed: SEED + 13, bayesOrder: false, games: 160 },
  { seed: SEED + 14, bayesOrder: true, games: 140 },
  { seed: SEED + 15, bayesOrder: false, games: 40 },
  { seed: SEED + 16, bayesOrder: true, games: 90 },
];
/** Queries per catalog and property; ENGINE_PROPERTY_RUNS raises it for a longer soak. */
const RUNS_PER_CATALOG = Number(process.env.ENGINE_PROPERTY_RUNS ?? 60);
const MAX_PAGES = 30;
/** Sorts after every row: null value (nulls last) and an id above every id. */
const END: Position = { value: null, id: '\uffff' };

/** Three engines over one catalog, each taking different code paths (one prepared up front). */
function engines(catalog: ReturnType<typeof randomCatalog>): Dataset[] {
  const walk = buildDataset(catalog.input, {
    pageStrategy: 'walk',
    checkpointInterval: 4,
    facetCutover: 0,
    valueTestRows: 0,
    rangeThresholds: false,
    maxComplements: 0,
  });
  walk.prepare();
  return [
    buildDataset(catalog.input),
    walk,
    buildDataset(catalog.input, {
      pageStrategy: 'materialize',
      checkpointInterval: 8,
      facetCutover: 1e9,
      valueTestRows: 1e9,
      rangeThresholds: false,
    }),
  ];
}

/**
 * Every engine answers `query` exactly as the oracle does, the first and last positions its
 * cursors start from included; returns the engine's page.
 */
function agree(datasets: readonly Dataset[], oracle: OracleCatalog, query: RankedQuery, label: string): Page {
  const expected = oracleQuery(oracle, query);
  const pages = datasets.map((dataset) => dataset.query(query));
  for (const page of pages) {
    expect(page, label).toEqual(expected);
    expect([page.first, page.last], `${label}: positions`).toEqual([expected.first, expected.last]);
  }
  return pages[0];
}

function positionOf(dataset: Dataset, oracle: OracleCatalog, row: number, query: Query): Position {
  const value = dataset.sortValue(row, query.sort);
  expect(value).toEqual(oracleSortValue(oracle.games[row], query.sort));
  return { value, id: oracle.games[row].id };
}

/**
 * First page, every following page, then every page backward from the end; each step goes on
 * from the position the page carries (as the server's cursors do), which must be its row's.
 */
function walkAllPages(datasets: readonly Dataset[], oracle: OracleCatalog, query: RankedQuery): void {
  // Relevance positions hold the relevance key, which the oracle computes for itself (agree).
  const sorted = query.sort === RELEVANCE ? undefined : { ...query, sort: query.sort };
  let page = agree(datasets, oracle, query, 'first page');
  for (let i = 0; page.hasNext && i < MAX_PAGES; i++) {
    if (sorted) expect(page.last).toEqual(positionOf(datasets[0], oracle, page.rows[page.rows.length - 1], sorted));
    page = agree(datasets, oracle, { ...query, after: page.last }, `forward page ${i + 2}`);
  }
  page = agree(datasets, oracle, { ...query, before: END }, 'last page');
  for (let i = 0; page.hasPrev && i < MAX_PAGES; i++) {
    if (sorted) expect(page.first).toEqual(positionOf(datasets[0], oracle, page.rows[0], sorted));
    page = agree(datasets, oracle, { ...query, before: page.first }, `backward page ${i + 2}`);
  }
}

/** A position near a row: the row's own, a nudged value, a null value, or a neighbouring id. */
function tweakedPosition(oracle: OracleCatalog, query: Query, t: { row: number; tweak: string }): Position {
  const game = oracle.games[t.row % oracle.games.length];
  const value = oracleSortValue(game, query.sort);
  switch (t.tweak) {
    case 'nudge-up':
      return { value: typeof value === 'number' ? value + 0.01 : value === null ? null : `${value}~`, id: game.id };
    case 'nudge-down':
      return {
        value: typeof value === 'number' ? value - 0.01 : value === null ? null : value.slice(0, -1),
        id: game.id,
      };
    case 'null':
      return { value: null, id: game.id };
    case 'low-id':
      return { value, id: '0' };
    case 'high-id':
      return { value, id: 'g' };
    default:
      return { value, id: game.id };
  }
}

describe.each(CATALOGS)('engine vs oracle, catalog seed $seed (bayes order: $bayesOrder)', (spec) => {
  const catalog = randomCatalog(spec.seed, { bayesOrder: spec.bayesOrder, games: spec.games });
  const datasets = engines(catalog);

  it('agrees on every page, forward and backward, for random queries', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), (query) => {
        walkAllPages(datasets, catalog.oracle, query);
      }),
      { numRuns: RUNS_PER_CATALOG },
    );
  });

  it('agrees on q combined with filters, by relevance or another sort, paging forward and backward', () => {
    fc.assert(
      fc.property(textQueryArbitrary(catalog.vocab), (query) => {
        walkAllPages(datasets, catalog.oracle, query);
      }),
      { numRuns: RUNS_PER_CATALOG },
    );
  });

  it('agrees on q with facets and matching ids', () => {
    fc.assert(
      fc.property(textQueryArbitrary(catalog.vocab), ({ filter }) => {
        const expected = oracleFacets(catalog.oracle, filter, FACET_DIMENSIONS);
        for (const dataset of datasets) expect(dataset.facets(filter, FACET_DIMENSIONS)).toEqual(expected);
      }),
      { numRuns: RUNS_PER_CATALOG / 2 },
    );
  });

  it('agrees on pages at arbitrary keyset positions', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), positionTweak, (query, t) => {
        agree(
          datasets,
          catalog.oracle,
          { ...query, [t.direction]: tweakedPosition(catalog.oracle, query, t) },
          'positioned page',
        );
      }),
      { numRuns: RUNS_PER_CATALOG },
    );
  });

  it('agrees on three-tier resolution of a base game under any set of its expansions', () => {
    const { games, expands } = catalog.oracle;
    const families = games
      .map((g, base) => ({
        base,
        expansions: games
          .map((e, row) =>
            row !== base && (e.parent_game_id === g.id || expands.some((x) => x.source === row && x.target === base))
              ? row
              : -1,
          )
          .filter((row) => row >= 0),
      }))
      .filter((f) => f.expansions.length > 0);
    const combos = catalog.oracle.combinations.map((c) => ({ base: c.base, expansions: c.expansions }));
    fc.assert(
      fc.property(fc.constantFrom(...families, ...combos), fc.nat(), (family, pick) => {
        const chosen = pick % 3 === 0 ? family.expansions : family.expansions.filter((_, i) => (pick >> (i % 20)) & 1);
        const expected = oracleResolve(catalog.oracle, family.base, chosen);
        const actual = datasets[0].resolveEffective(family.base, chosen);
        expect(actual.resolution_tier).toBe(expected.tier);
        expect(actual.effective).toEqual(expected.values);
        expect(actual.individual_effects.map((e) => e.expansion)).toEqual(expected.order);
      }),
      { numRuns: RUNS_PER_CATALOG },
    );
  });

  it('agrees on facets, each dimension ignoring its own filters', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), ({ filter }) => {
        const expected = oracleFacets(catalog.oracle, filter, FACET_DIMENSIONS);
        for (const dataset of datasets) expect(dataset.facets(filter, FACET_DIMENSIONS)).toEqual(expected);
      }),
      { numRuns: RUNS_PER_CATALOG / 2 },
    );
  });
});
