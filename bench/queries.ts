// The fixed filter-plan query set: engine Query objects, run unchanged by the engine, the
// DuckDB SQL builder and the plain scan. Each entry says which shape of work it stresses.
// Slugs come from the generator's vocabulary and person naming, so the set needs no store.
// Besides result pages, the set holds text searches (`text`) and facet counts (`facets`,
// over the query's filter). A method that cannot express an entry says why (Method.cannot),
// and the report shows that instead of a figure.

import type { FacetDimension, Query } from '../engine/index.js';
import { personSlug } from './names.js';

export type BenchKind = 'page' | 'text' | 'facets';

export interface BenchQuery {
  name: string;
  /** What the query stresses, for the report. */
  description: string;
  /** page (default): query as is; text: `text` searched, query.limit hits; facets: counts over query.filter. */
  kind?: BenchKind;
  query: Query;
  text?: string;
  dimensions?: readonly FacetDimension[];
  /**
   * A deep keyset page: `after` becomes the position of the row at this index of the full
   * result order (clamped to half the result on small catalogs), found by the scan.
   */
  afterIndex?: number;
}

/** A result-page query: `limit` rows of `filter`, sorted. */
export const page = (filter: Query['filter'], sort: Query['sort'], order: Query['order'], limit = 25): Query => ({
  filter,
  sort,
  order,
  limit,
});

export const BENCH_QUERIES: readonly BenchQuery[] = [
  {
    name: 'typical',
    description:
      '4 players, weight 2–3.5, ≤ 90 min, cooperative or hand management, not space, base games; top 25 by bayes',
    query: page(
      {
        players: 4,
        weight_min: 2,
        weight_max: 3.5,
        playtime_max: 90,
        mechanics: ['cooperative', 'hand-management'],
        theme_not: ['space'],
        type: ['base_game'],
      },
      'bayes_rating',
      'desc',
    ),
  },
  {
    name: 'selective',
    description: 'worker placement AND deck building, fantasy, weight ≥ 3, since 2015; by rating',
    query: page(
      { mechanics_all: ['worker-placement', 'deck-building'], theme: ['fantasy'], weight_min: 3, year_min: 2015 },
      'rating',
      'desc',
    ),
  },
  {
    name: 'broad',
    description: 'every game playable with 2; top 25 by bayes (most of the catalog matches)',
    query: page({ players: 2 }, 'bayes_rating', 'desc'),
  },
  {
    name: 'all-name-asc',
    description: 'no filter at all; first 25 by name',
    query: page({}, 'name', 'asc'),
  },
  {
    name: 'mechanics-all',
    description: 'dice rolling AND hand management AND area control; heaviest first',
    query: page({ mechanics_all: ['dice-rolling', 'hand-management', 'area-control'] }, 'weight', 'desc'),
  },
  {
    name: 'exclusions',
    description: 'family category, no dice rolling, no take that, not horror, not zombies; newest first',
    query: page(
      { category: ['family'], mechanics_not: ['dice-rolling', 'take-that'], theme_not: ['horror', 'zombies'] },
      'year_published',
      'desc',
    ),
  },
  {
    name: 'coop-name-asc',
    description: 'cooperative mode; by name A→Z',
    query: page({ mode: ['cooperative'] }, 'name', 'asc'),
  },
  {
    name: 'recent-name-desc',
    description: 'published 2000 or later; by name Z→A',
    query: page({ year_min: 2000 }, 'name', 'desc'),
  },
  {
    name: 'solo-weight-asc',
    description: 'playable solo; lightest first',
    query: page({ players: 1 }, 'weight', 'asc'),
  },
  {
    name: 'legacy-year-asc',
    description: 'legacy or campaign mechanic; oldest first',
    query: page({ mechanics: ['legacy', 'campaign'] }, 'year_published', 'asc'),
  },
  {
    name: 'deep-keyset',
    description: '3 players, by bayes; the page after row 5,000 (keyset cursor)',
    query: page({ players: 3 }, 'bayes_rating', 'desc'),
    afterIndex: 5000,
  },
  {
    name: 'deep-keyset-name',
    description: 'base games by name; the page after row 5,000 (string keyset)',
    query: page({ type: ['base_game'] }, 'name', 'asc'),
    afterIndex: 5000,
  },
  {
    name: 'experience-time',
    description: '≤ 60 min for a first play (time × experience multiplier), playable types; by bayes',
    query: page(
      { playtime_max: 60, playtime_experience: 'first_play', type: ['base_game', 'standalone_expansion'] },
      'bayes_rating',
      'desc',
    ),
  },
  {
    name: 'designer',
    description: 'games by either of the two most prolific designers; newest first',
    query: page({ designer: [personSlug(0), personSlug(1)] }, 'year_published', 'desc'),
  },
  {
    name: 'top-rated',
    description: 'rating ≥ 7.5 with ≥ 1,000 votes; by rating',
    query: page({ rating_min: 7.5, min_rating_votes: 1000 }, 'rating', 'desc'),
  },
  {
    name: 'community-time',
    description:
      'community play time ≤ 60 min while learning (community times × learning multiplier), 2+ players; by bayes',
    query: page(
      { playtime_max: 60, playtime_source: 'community', playtime_experience: 'learning', players: 2 },
      'bayes_rating',
      'desc',
    ),
  },
  {
    name: 'award-won',
    description: 'won a Spiel des Jahres; newest first',
    query: page({ award: { slug: 'spiel-des-jahres', result: 'won' } }, 'year_published', 'desc'),
  },
  {
    name: 'award-any-heavy',
    description: 'any award at all, weight ≥ 2.5; by rating',
    query: page({ award: {}, weight_min: 2.5 }, 'rating', 'desc'),
  },
  {
    name: 'effective-6p',
    description: 'base games playable by 6 with some set of their expansions (effective mode, D11–D17); by bayes',
    query: page({ players: 6, effective: true, type: ['base_game'] }, 'bayes_rating', 'desc'),
  },
  {
    name: 'text-castle',
    description:
      'full-text search "castle" over names, alternate names, creators and publishers (every match counted, for the total), 25 best hits (D56)',
    kind: 'text',
    text: 'castle',
    query: page({}, 'bayes_rating', 'desc'),
  },
  {
    name: 'text-two-words',
    description: 'full-text search "crimson tower" (two words, many partial matches), 25 best hits',
    kind: 'text',
    text: 'crimson tower',
    query: page({}, 'bayes_rating', 'desc'),
  },
  {
    name: 'facets-typical',
    description:
      'facet counts (mechanics, categories, themes, type, players; each ignoring its own filter) for the typical filter',
    kind: 'facets',
    dimensions: ['mechanics', 'categories', 'themes', 'type', 'players'],
    query: page(
      {
        players: 4,
        weight_min: 2,
        weight_max: 3.5,
        playtime_max: 90,
        mechanics: ['cooperative', 'hand-management'],
        theme_not: ['space'],
        type: ['base_game'],
      },
      'bayes_rating',
      'desc',
    ),
  },
  {
    name: 'facets-broad',
    description: 'mechanics and player-count facets over every game playable with 2 (most of the catalog)',
    kind: 'facets',
    dimensions: ['mechanics', 'players'],
    query: page({ players: 2 }, 'bayes_rating', 'desc'),
  },
  {
    name: 'party-rating-asc',
    description: 'party category, 2010–2020; lowest rated first, 50 rows (unrated games sort last)',
    query: page({ category: ['party'], year_min: 2010, year_max: 2020 }, 'rating', 'asc', 50),
  },
];
