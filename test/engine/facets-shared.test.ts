// Facet counts from shared products (engine/facets.ts countShared): "all but i" for each asked
// dimension is built from prefix and suffix intersections of the dimensions' own clause groups,
// so filters on several facet dimensions at once (up to all five), subsets of dimensions asked
// in any order (an unasked dimension's clauses join the common part) and both ways of counting
// each dimension must all agree with the naive oracle, and the keys come back in asked order.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { FACET_DIMENSIONS, type FacetDimension, type Filter } from '../../engine/query.js';
import { oracleFacets } from '../oracle.js';
import { filterArbitrary, filterFieldArbitraries } from './query-arbitraries.js';
import { randomCatalog, type Vocabulary } from './random-catalog.js';

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
      buildDataset(catalog.input, { facetCutover: 0, valueTestRows: 0, rangeThresholds: false }),
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
