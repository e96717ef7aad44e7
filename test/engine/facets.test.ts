// Facet counts (engine/facets.ts). Shared products: "all but i" for each asked dimension is
// built from prefix and suffix intersections of the dimensions' own clause groups, so filters
// on several facet dimensions at once (up to all five), subsets of dimensions asked in any
// order (an unasked dimension's clauses join the common part) and both ways of counting each
// dimension must all agree with the naive oracle, and the keys come back in asked order.
// Packed term words: rows with more than four terms of a kind are read from the CSR instead.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { FACET_DIMENSIONS, type FacetDimension, type Filter } from '../../engine/query.js';
import { oracleFacets, type OracleCatalog } from '../oracle.js';
import { filterArbitrary, filterFieldArbitraries } from './query-arbitraries.js';
import { blankGame, randomCatalog, TEST_VOCABULARY, toInput, type Vocabulary } from './random-catalog.js';

/** Filter keys each facet dimension owns (engine/filter.ts tags their clauses). */
const OWN_KEYS: Readonly<Record<FacetDimension, readonly (keyof Filter)[]>> = {
  mechanics: ['mechanics', 'mechanics_all', 'mechanics_not'],
  categories: ['category', 'category_not'],
  themes: ['theme', 'theme_not'],
  type: ['type'],
  players: ['players', 'players_min', 'players_max', 'top_at', 'recommended_at'],
};

/** A few other filters, then one to three keys of each of several facet dimensions. */
function manyDimensionFilter(v: Vocabulary): fc.Arbitrary<Filter> {
  const fields = filterFieldArbitraries(v);
  const owned = fc
    .subarray([...FACET_DIMENSIONS], { minLength: 2 })
    .chain((dims) =>
      fc.tuple(
        ...dims.map((dim) =>
          fc.subarray([...OWN_KEYS[dim]], { minLength: 1, maxLength: Math.min(3, OWN_KEYS[dim].length) }),
        ),
      ),
    );
  return fc.tuple(filterArbitrary(v, 3), owned).chain(([others, keyGroups]) => {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of keyGroups.flat()) parts[key] = fields[key];
    return fc.record(parts).map((values) => ({ ...others, ...(values as Filter) }));
  });
}

const asked = fc
  .shuffledSubarray([...FACET_DIMENSIONS], { minLength: 1 })
  .chain((dims) => fc.constantFrom(dims, [...dims, dims[0]]));

describe('facets from shared products', () => {
  for (const seed of [41, 42, 43]) {
    const catalog = randomCatalog(seed, { games: seed === 43 ? 60 : 150 });
    const datasets = [
      buildDataset(catalog.input),
      buildDataset(catalog.input, { facetCutover: 0, valueTestRows: 0, rangeThresholds: false, maxComplements: 0 }),
      buildDataset(catalog.input, { facetCutover: 1e9, valueTestRows: 1e9 }),
    ];
    it(`agrees with the oracle on filters over several dimensions (catalog ${seed})`, () => {
      fc.assert(
        fc.property(manyDimensionFilter(catalog.vocab), asked, (filter, dims) => {
          const expected = oracleFacets(catalog.oracle, filter, [...new Set(dims)]);
          for (const dataset of datasets) {
            const facets = dataset.facets(filter, dims);
            expect(facets).toEqual(expected);
            expect(Object.keys(facets)).toEqual([...new Set(dims)]);
          }
        }),
        { numRuns: 80 },
      );
    });
  }
});

describe('facets over rows with many terms of a kind', () => {
  const vocab = TEST_VOCABULARY();
  // 0 to 10 mechanics, 0 to 5 categories, 0 to 6 themes: four per kind fit a packed word, more do not
  const games = Array.from({ length: 24 }, (_, i) =>
    blankGame(i, {
      min_players: 1 + (i % 3),
      max_players: 2 + (i % 5),
      mechanics: vocab.mechanics.slice(i % 4, (i % 4) + (i % 11)),
      categories: vocab.categories.slice(0, i % 6),
      themes: vocab.themes.slice(i % 2, (i % 2) + (i % 7)),
    }),
  );
  const oracle: OracleCatalog = { games, modifications: [], combinations: [], expands: [] };
  const { input } = toInput(oracle, vocab);
  const walk = buildDataset(input, { facetCutover: 1e9 });
  const byPosting = buildDataset(input, { facetCutover: 0 });
  const filters: Filter[] = [
    {},
    { players: 2 },
    { mechanics: ['mech-3'] },
    { theme_not: ['theme-1'], category: ['cat-2'] },
  ];

  it('counts every term of a row, packed or not, as the oracle does', () => {
    for (const filter of filters) {
      const expected = oracleFacets(oracle, filter, FACET_DIMENSIONS);
      expect(walk.facets(filter, FACET_DIMENSIONS)).toEqual(expected);
      expect(byPosting.facets(filter, FACET_DIMENSIONS)).toEqual(expected);
    }
    // the catalog has rows past a packed word's four terms (else this test proves nothing)
    expect(games.some((g) => g.mechanics.length > 4 && g.themes.length > 4)).toBe(true);
    expect(walk.facets({}, ['mechanics']).mechanics?.['mech-9']).toBeGreaterThan(0);
  });
});
