// fast-check arbitraries for engine queries over a random catalog's vocabulary: filters of
// every dimension (a few at a time, so results are rarely empty), sort keys, orders and
// keyset positions.

import fc from 'fast-check';
import {
  AWARD_RESULTS,
  EXPERIENCE_LEVELS,
  FUNDING_SOURCES,
  GAME_MODES,
  GAME_TYPES,
  LANGUAGE_DEPENDENCE_LEVELS,
} from '../../engine/domain.js';
import { RELEVANCE, SORT_KEYS, type Filter, type Query, type RankedQuery } from '../../engine/query.js';
import type { Vocabulary } from './random-catalog.js';

const tenths = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.integer({ min: lo * 10, max: hi * 10 }).map((x) => x / 10);
const quarters = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.integer({ min: lo * 4, max: hi * 4 }).map((x) => x / 4);
const steps = (lo: number, hi: number, step: number): fc.Arbitrary<number> =>
  fc.integer({ min: lo / step, max: hi / step }).map((x) => x * step);
const slugs = (known: readonly string[], max = 3): fc.Arbitrary<string[]> =>
  fc.subarray([...known, 'no-such-slug'], { minLength: 1, maxLength: max });

/**
 * Full-text queries over the random catalog's words (random-catalog.ts WORDS, "Name of
 * <slug>" entities, "and" in descriptions): whole words, prefixes, typos, two words.
 */
const textQuery = fc.constantFrom(
  'castle',
  'cast',
  'casle',
  'castel',
  'catsle',
  'spirit islnad',
  'azul',
  'brass',
  'bras',
  'spirit island',
  'isl spi',
  'islnd',
  'wing',
  'terra',
  'tera',
  'arger',
  'ärger',
  'catan',
  'catn',
  'root',
  'elan',
  'tzolkin',
  "tzolk'in",
  'tzolk',
  'the',
  'an',
  'name of',
  'name of person 3',
  'name of pub-1',
  'name of fam-0',
  'nameofperson-5',
  'person',
  'and castle',
  'castle and',
  'castle castle',
);

/** One arbitrary per Filter key; each query draws a few keys. */
export function filterFieldArbitraries(v: Vocabulary): Record<keyof Filter, fc.Arbitrary<unknown>> {
  return {
    q: textQuery,
    rating_min: tenths(1, 10),
    rating_max: tenths(1, 10),
    min_rating_votes: steps(0, 150, 5),
    confidence_min: steps(0, 1, 0.05),
    weight_min: quarters(1, 5),
    weight_max: quarters(1, 5),
    min_weight_votes: fc.integer({ min: 0, max: 60 }),
    effective_weight: fc.constant(false),
    players: fc.integer({ min: 1, max: 9 }),
    players_min: fc.integer({ min: 1, max: 5 }),
    players_max: fc.integer({ min: 1, max: 10 }),
    top_at: fc.integer({ min: 1, max: 8 }),
    recommended_at: fc.integer({ min: 1, max: 8 }),
    playtime_min: steps(0, 150, 5),
    playtime_max: steps(10, 260, 5),
    playtime_source: fc.constantFrom('publisher', 'community'),
    playtime_experience: fc.constantFrom(...EXPERIENCE_LEVELS),
    community_playtime_min: steps(0, 120, 5),
    community_playtime_max: steps(20, 300, 5),
    age_min: fc.integer({ min: 5, max: 17 }),
    age_max: fc.integer({ min: 5, max: 17 }),
    age_source: fc.constantFrom('publisher', 'community'),
    type: fc.subarray([...GAME_TYPES], { minLength: 1, maxLength: 3 }),
    mode: fc.subarray([...GAME_MODES], { minLength: 1, maxLength: 3 }),
    mechanics: slugs(v.mechanics),
    mechanics_all: slugs(v.mechanics, 2),
    mechanics_not: slugs(v.mechanics),
    theme: slugs(v.themes),
    theme_not: slugs(v.themes),
    designer: slugs(v.people),
    artist: slugs(v.people),
    publisher: slugs(v.publishers),
    family: slugs(v.families),
    category: slugs(v.categories),
    category_not: slugs(v.categories),
    year_min: fc.integer({ min: 1994, max: 2003 }),
    year_max: fc.integer({ min: 1994, max: 2003 }),
    language_dependence: fc.subarray([...LANGUAGE_DEPENDENCE_LEVELS], { minLength: 1, maxLength: 3 }),
    funding_source: fc.subarray([...FUNDING_SOURCES], { minLength: 1, maxLength: 3 }),
    legacy_id: fc.array(fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.constantFrom('x1', 'x2', 'nope')), {
      minLength: 1,
      maxLength: 4,
    }),
    award: fc.record(
      { slug: fc.constantFrom(...v.awards, 'no-such-award'), result: fc.constantFrom(...AWARD_RESULTS) },
      { requiredKeys: [] },
    ),
    effective: fc.boolean(),
  };
}

export function filterArbitrary(v: Vocabulary, maxKeys = 4): fc.Arbitrary<Filter> {
  const fields = filterFieldArbitraries(v);
  const keys = Object.keys(fields) as (keyof Filter)[];
  const effective = fc.oneof(
    { weight: 3, arbitrary: fc.constant<boolean | undefined>(undefined) },
    { weight: 2, arbitrary: fc.constant(true) },
  );
  return fc.tuple(fc.subarray(keys, { minLength: 0, maxLength: maxKeys }), effective).chain(([chosen, eff]) => {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of chosen) parts[key] = fields[key];
    return fc.record(parts).map((values) => {
      const filter = values as Filter;
      if (eff !== undefined && filter.effective === undefined) filter.effective = eff;
      return filter;
    });
  });
}

export function queryArbitrary(v: Vocabulary): fc.Arbitrary<Query> {
  return fc.record({
    filter: filterArbitrary(v),
    sort: fc.constantFrom(...SORT_KEYS),
    order: fc.constantFrom('asc' as const, 'desc' as const),
    limit: fc.integer({ min: 1, max: 12 }),
  });
}

/** A query with q and a few other filters, by relevance or another sort. */
export function textQueryArbitrary(v: Vocabulary): fc.Arbitrary<RankedQuery> {
  return fc.record({
    filter: fc.tuple(filterArbitrary(v, 2), textQuery).map(([filter, q]) => ({ ...filter, q })),
    sort: fc.constantFrom(RELEVANCE, RELEVANCE, ...SORT_KEYS),
    order: fc.constantFrom('asc' as const, 'desc' as const),
    limit: fc.integer({ min: 1, max: 6 }),
  });
}

/** How to derive a keyset position from a row: its own, nudged, null-valued, or another id. */
export const positionTweak = fc.record({
  row: fc.nat(),
  tweak: fc.constantFrom('same', 'nudge-up', 'nudge-down', 'null', 'low-id', 'high-id'),
  direction: fc.constantFrom('after' as const, 'before' as const),
});
