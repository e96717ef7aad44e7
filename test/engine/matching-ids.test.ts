// matchingIds: every game a filter matches, without paging — the same set the oracle finds
// (effective mode included), in row order, for random catalogs and random filters.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { oracleMatches } from '../oracle.js';
import { filterArbitrary } from './query-arbitraries.js';
import { randomCatalog } from './random-catalog.js';

describe('Dataset.matchingIds', () => {
  for (const seed of [31, 32, 33]) {
    it(`matches the oracle on catalog ${seed}`, () => {
      const catalog = randomCatalog(seed, { games: 120 });
      const dataset = buildDataset(catalog.input);
      fc.assert(
        fc.property(filterArbitrary(catalog.vocab), fc.boolean(), (filter, effective) => {
          const f = effective ? { ...filter, effective: true } : filter;
          const expected = oracleMatches(catalog.oracle, f).map((m) => catalog.oracle.games[m.row].id);
          expect(dataset.matchingIds(f)).toEqual(expected);
        }),
        { numRuns: 80, seed },
      );
    });
  }

  it('returns every game for the empty filter and agrees with query totals', () => {
    const catalog = randomCatalog(34, { games: 60 });
    const dataset = buildDataset(catalog.input);
    expect(dataset.matchingIds({})).toEqual(catalog.oracle.games.map((g) => g.id));
    const filter = { weight_min: 2.5 };
    expect(dataset.matchingIds(filter)).toHaveLength(
      dataset.query({ filter, sort: 'name', order: 'asc', limit: 0 }).total,
    );
  });
});
