// The filter-plan query set for real data (the BGG store of bench/bgg-store.ts): the shapes of
// BENCH_QUERIES, with terms chosen from the store at setup time by popularity ("the most
// common mechanic", "the two most prolific designers"), so the set stays valid when the data
// or the import mappings change. A term the set needs that the store lacks, or a query that
// matches nothing, throws: real-data figures over empty results would mean nothing.
//
// Left out, because no real data serves them (the report's notes say so too):
// - community-time: no community play times (no play logs in the sources);
// - award-won, award-any-heavy: the BGG sources have no awards;
// - effective-6p: expansions are almost never linked to their base game (the dump and the
//   2021 dataset have no parent link), so effective mode would time the plain filter.
// Weights exist for about 12 % of the games (the 2021 dataset and the XML samples): the shapes
// with a weight range drop it, the weight sorts stay (nulls sort last, which is part of what
// they measure). The mode is derived from the mechanics (loader/import/mode.ts).

import type { Queryable } from '../loader/store.js';
import { page, type BenchQuery } from './queries.js';
import type { MethodResult } from './methods.js';
import type { ResolvedQuery } from './resolve.js';

/** Slugs by popularity (number of active games linked), most popular first; ties by slug. */
export interface BggVocabulary {
  mechanics: string[];
  categories: string[];
  themes: string[];
  designers: string[];
}

/** Why the synthetic shapes with no real-data counterpart are not in the real-data set. */
export const BGG_LEFT_OUT: readonly { names: string; reason: string }[] = [
  { names: 'community-time', reason: 'no community play times in the BGG sources' },
  { names: 'award-won, award-any-heavy', reason: 'the BGG sources have no awards' },
  {
    names: 'effective-6p',
    reason:
      'expansions are almost never linked to a base game in the BGG sources, so effective mode would time the plain filter',
  },
];

export class BggQueryError extends Error {}

/** Popular terms and designers of the store, most popular first. */
export async function loadBggVocabulary(db: Queryable): Promise<BggVocabulary> {
  const terms = await db.all<{ kind: string; slug: string }>(
    `SELECT t.kind, t.slug, count(*) AS games
     FROM game_terms gt JOIN terms t ON t.id = gt.term_id JOIN games g ON g.id = gt.game_id
     WHERE g.status = 'active'
     GROUP BY t.kind, t.slug ORDER BY games DESC, t.slug`,
  );
  const designers = await db.all<{ slug: string }>(
    `SELECT p.slug, count(DISTINCT gc.game_id) AS games
     FROM game_credits gc JOIN people p ON p.id = gc.person_id JOIN games g ON g.id = gc.game_id
     WHERE gc.role = ? AND g.status = 'active'
     GROUP BY p.slug ORDER BY games DESC, p.slug`,
    ['designer'],
  );
  const ofKind = (kind: string): string[] => terms.filter((t) => t.kind === kind).map((t) => t.slug);
  return {
    mechanics: ofKind('mechanic'),
    categories: ofKind('category'),
    themes: ofKind('theme'),
    designers: designers.map((d) => d.slug),
  };
}

/** The n-th slug of a popularity list, or an error naming what the set needed. */
function pick(list: readonly string[], index: number, what: string): string {
  const slug = list[index];
  if (slug === undefined) {
    throw new BggQueryError(
      `real-data query set: the store has ${list.length} ${what}, the set needs at least ${index + 1}`,
    );
  }
  return slug;
}

/** The real-data query set over one store's vocabulary (descriptions name the chosen terms). */
export function bggQueries(v: BggVocabulary): BenchQuery[] {
  const mech = (i: number): string => pick(v.mechanics, i, 'mechanics');
  const cat = (i: number): string => pick(v.categories, i, 'categories');
  const theme = (i: number): string => pick(v.themes, i, 'themes');
  const designer = (i: number): string => pick(v.designers, i, 'designers');
  // Rare but not tiny: the mechanics at the 41st and 61st place of popularity (or the last
  // two, on a small store; never one of the popular ones the other queries use).
  const rareRanks = [
    Math.max(5, Math.min(40, v.mechanics.length - 2)),
    Math.max(6, Math.min(60, v.mechanics.length - 1)),
  ];
  const rare = rareRanks.map(mech);
  const typical = {
    players: 4,
    playtime_max: 90,
    mechanics: [mech(0), mech(1)],
    theme_not: [theme(0)],
    type: ['base_game' as const],
  };
  return [
    {
      name: 'typical',
      description: `4 players, ≤ 90 min, ${mech(0)} or ${mech(1)} (the two most common mechanics), not ${theme(0)} (the most common theme), base games; top 25 by bayes (no weight range: few BGG games have a weight)`,
      query: page(typical, 'bayes_rating', 'desc'),
    },
    {
      name: 'selective',
      description: `${mech(2)} AND ${mech(4)} (3rd and 5th most common mechanics), since 2015; by rating`,
      query: page({ mechanics_all: [mech(2), mech(4)], year_min: 2015 }, 'rating', 'desc'),
    },
    {
      name: 'broad',
      description: 'every base game (most of the catalog matches); top 25 by bayes',
      query: page({ type: ['base_game'] }, 'bayes_rating', 'desc'),
    },
    {
      name: 'all-name-asc',
      description: 'no filter at all; first 25 by name',
      query: page({}, 'name', 'asc'),
    },
    {
      name: 'mechanics-all',
      description: `${mech(0)} AND ${mech(1)} AND ${mech(3)} (1st, 2nd and 4th most common mechanics); heaviest first`,
      query: page({ mechanics_all: [mech(0), mech(1), mech(3)] }, 'weight', 'desc'),
    },
    {
      name: 'exclusions',
      description: `${cat(0)} category (the most common), no ${mech(0)}, no ${mech(1)}, not ${theme(0)}, not ${theme(1)}; newest first`,
      query: page(
        { category: [cat(0)], mechanics_not: [mech(0), mech(1)], theme_not: [theme(0), theme(1)] },
        'year_published',
        'desc',
      ),
    },
    {
      name: 'recent-name-desc',
      description: 'published 2000 or later; by name Z→A',
      query: page({ year_min: 2000 }, 'name', 'desc'),
    },
    {
      name: 'solo-weight-asc',
      description: 'playable solo; lightest first (most have no weight: nulls last)',
      query: page({ players: 1 }, 'weight', 'asc'),
    },
    {
      name: 'coop-name-asc',
      description: 'cooperative mode (derived from the cooperative mechanics, loader/import/mode.ts); by name A→Z',
      query: page({ mode: ['cooperative'] }, 'name', 'asc'),
    },
    {
      name: 'rare-year-asc',
      description: `${rare[0]} or ${rare[1]} (mechanics of popularity rank ${rareRanks[0] + 1} and ${rareRanks[1] + 1}); oldest first`,
      query: page({ mechanics: rare }, 'year_published', 'asc'),
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
      description: '≤ 60 min for a first play (publisher time × experience multiplier), base games; by bayes',
      query: page({ playtime_max: 60, playtime_experience: 'first_play', type: ['base_game'] }, 'bayes_rating', 'desc'),
    },
    {
      name: 'designer',
      description: `games by ${designer(0)} or ${designer(1)} (the two most prolific designers in the store); newest first`,
      query: page({ designer: [designer(0), designer(1)] }, 'year_published', 'desc'),
    },
    {
      name: 'top-rated',
      description: 'rating ≥ 7.5 with ≥ 1,000 votes; by rating',
      query: page({ rating_min: 7.5, min_rating_votes: 1000 }, 'rating', 'desc'),
    },
    {
      name: 'text-castle',
      description: 'full-text search "castle" over names, alternate names, creators and publishers, 25 best hits',
      kind: 'text',
      text: 'castle',
      query: page({}, 'bayes_rating', 'desc'),
    },
    {
      name: 'text-two-words',
      description: 'full-text search "world war" (two common words, many partial matches), 25 best hits',
      kind: 'text',
      text: 'world war',
      query: page({}, 'bayes_rating', 'desc'),
    },
    {
      name: 'facets-typical',
      description:
        'facet counts (mechanics, categories, themes, type, players; each ignoring its own filter) for the typical filter',
      kind: 'facets',
      dimensions: ['mechanics', 'categories', 'themes', 'type', 'players'],
      query: page(typical, 'bayes_rating', 'desc'),
    },
    {
      name: 'facets-broad',
      description: 'mechanics and player-count facets over every base game (most of the catalog)',
      kind: 'facets',
      dimensions: ['mechanics', 'players'],
      query: page({ type: ['base_game'] }, 'bayes_rating', 'desc'),
    },
    {
      name: 'category-rating-asc',
      description: `${cat(1)} category (the second most common), 2000–2020; lowest rated first, 50 rows (unrated games sort last)`,
      query: page({ category: [cat(1)], year_min: 2000, year_max: 2020 }, 'rating', 'asc', 50),
    },
  ];
}

/**
 * Throws naming every query of the set that matches nothing (run through `run`, e.g. the
 * engine method): an empty result on real data means a term or range no longer fits the data.
 */
export async function assertBggQueriesMatch(
  queries: readonly ResolvedQuery[],
  run: (query: ResolvedQuery) => MethodResult | Promise<MethodResult>,
): Promise<void> {
  const empty: string[] = [];
  for (const q of queries) if ((await run(q)).total === 0) empty.push(q.name);
  if (empty.length > 0) {
    throw new BggQueryError(
      `real-data query set: ${empty.join(', ')} match nothing in this store (the data changed: choose other terms or ranges)`,
    );
  }
}
