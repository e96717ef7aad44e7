// A Dataset updated in place (Dataset.updatedSteps: new aggregate values for the same rows,
// what a materialization changes) must answer exactly as the oracle does over the new values,
// and as a Dataset built from scratch over them; the Dataset it came from keeps answering
// its own values. Updates that do not fit the rows are refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameColumnsUpdate } from '../../engine/column-update.js';
import { numberColumn, stringColumn } from '../../engine/columns.js';
import { buildDataset, type Dataset, type DatasetOptions } from '../../engine/dataset.js';
import { EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/domain.js';
import type { DatasetInput, GameNumberColumn } from '../../engine/input.js';
import { FACET_DIMENSIONS, type RankedQuery } from '../../engine/query.js';
import { oracleFacets, oracleQuery, type OracleCatalog, type OracleGame } from '../oracle.js';
import { queryArbitrary } from './query-arbitraries.js';
import { randomCatalog, Rng, toInput } from './random-catalog.js';

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 30);
const MAX_PAGES = 20;

/** The Game columns a materialization rewrites, as the oracle models them. */
const NUMBER_AGGREGATES = [
  'rating',
  'rating_votes',
  'rating_confidence',
  'bayes_rating',
  'weight',
  'weight_votes',
  'rank_overall',
  'trending_score',
  'owner_count',
  'community_min_playtime',
  'community_max_playtime',
  'community_median_playtime',
  'community_suggested_age',
] as const satisfies readonly (GameNumberColumn & keyof OracleGame)[];
const EXPERIENCE_COLUMNS = EXPERIENCE_LEVELS.map((level) => `experience_${level}` as const);

const maybe = <T>(rng: Rng, value: T): T | null => (rng.chance(0.2) ? null : value);

/** The catalog's games with new aggregates: most games change, `kept` columns stay as they were. */
function reaggregated(catalog: OracleCatalog, seed: number, kept: ReadonlySet<string>): OracleCatalog {
  const rng = new Rng(seed);
  const counts = (): number[] => [1, 2, 3, 4, 5, 6].filter(() => rng.chance(0.3));
  const games = catalog.games.map((g): OracleGame => {
    if (rng.chance(0.2)) return g;
    const next: Record<(typeof NUMBER_AGGREGATES)[number], number | null> = {
      rating: maybe(rng, rng.int(10, 100) / 10),
      rating_votes: maybe(rng, rng.int(0, 30) * 5),
      rating_confidence: maybe(rng, rng.int(0, 20) / 20),
      bayes_rating: maybe(rng, rng.int(40, 90) / 10),
      weight: maybe(rng, rng.int(100, 500) / 100),
      weight_votes: maybe(rng, rng.int(0, 60)),
      rank_overall: maybe(rng, rng.int(1, 200)),
      trending_score: maybe(rng, rng.int(0, 12)),
      owner_count: maybe(rng, rng.int(0, 900)),
      community_min_playtime: maybe(rng, rng.int(1, 8) * 10),
      community_max_playtime: maybe(rng, rng.int(3, 20) * 10),
      community_median_playtime: maybe(rng, rng.int(2, 15) * 10),
      community_suggested_age: maybe(rng, rng.int(6, 16)),
    };
    const out: OracleGame = { ...g };
    for (const column of NUMBER_AGGREGATES) if (!kept.has(column)) out[column] = next[column];
    if (!kept.has('language_dependence')) out.language_dependence = maybe(rng, rng.pick(LANGUAGE_DEPENDENCE_LEVELS));
    if (!kept.has('top_player_counts')) out.top_player_counts = counts();
    if (!kept.has('recommended_player_counts')) out.recommended_player_counts = counts();
    if (!kept.has('experience')) {
      const multiplier = (): number | null => maybe(rng, rng.int(5, 20) / 10);
      out.experience = {
        first_play: multiplier(),
        learning: multiplier(),
        experienced: multiplier(),
        expert: multiplier(),
      };
    }
    return out;
  });
  return { ...catalog, games };
}

/** The update a materialization's reload hands the Dataset: the aggregate columns of `next`. */
function updateFrom(next: DatasetInput): GameColumnsUpdate {
  const numbers: GameColumnsUpdate['numbers'] = {};
  for (const column of [...NUMBER_AGGREGATES, ...EXPERIENCE_COLUMNS])
    numbers[column] = numberColumn(next.games, column);
  return {
    numbers,
    strings: {
      language_dependence: stringColumn(next.games, 'language_dependence'),
      updated_at: stringColumn(next.games, 'updated_at').map(() => '2026-11-25T03:30:00.000Z'),
    },
    lists: {
      top_player_counts: next.lists.top_player_counts,
      recommended_player_counts: next.lists.recommended_player_counts,
    },
    community: next.community,
  };
}

function updated(dataset: Dataset, update: GameColumnsUpdate): Dataset {
  const steps = dataset.updatedSteps(update);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function walk(dataset: Dataset, oracle: OracleCatalog, query: RankedQuery): void {
  let expected = oracleQuery(oracle, query);
  expect(dataset.query(query)).toEqual(expected);
  for (let i = 0; expected.hasNext && i < MAX_PAGES; i++) {
    const next = { ...query, after: expected.last };
    expected = oracleQuery(oracle, next);
    expect(dataset.query(next)).toEqual(expected);
  }
}

const CASES: { seed: number; games?: number; kept: string[]; options: DatasetOptions }[] = [
  { seed: 41, kept: [], options: {} },
  { seed: 42, games: 150, kept: ['weight', 'weight_votes', 'top_player_counts', 'experience'], options: {} },
  { seed: 43, kept: ['bayes_rating', 'language_dependence'], options: { pageStrategy: 'walk', checkpointInterval: 4 } },
  // nothing the effective-mode variants read changes: they are the previous Dataset's
  { seed: 45, kept: ['weight', 'top_player_counts', 'recommended_player_counts', 'experience'], options: {} },
];

describe.each(CASES)('a Dataset updated in place, catalog seed $seed', ({ seed, games, kept, options }) => {
  const catalog = randomCatalog(seed, { bayesOrder: true, games });
  const before = buildDataset(catalog.input, options);
  before.prepare();
  const oracle = reaggregated(catalog.oracle, seed * 101, new Set(kept));
  const next = toInput(oracle, catalog.vocab).input;
  const after = updated(before, updateFrom(next));
  // Built from scratch over the same values: links and entities as the catalog had them.
  const scratch = buildDataset({ ...catalog.input, games: next.games, lists: next.lists, community: next.community });

  it('answers every page of random queries as the oracle does over the new values', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), (query) => walk(after, oracle, query)),
      { numRuns: RUNS },
    );
  });

  it('counts facets as the oracle does over the new values', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), ({ filter }) => {
        expect(after.facets(filter, FACET_DIMENSIONS)).toEqual(oracleFacets(oracle, filter, FACET_DIMENSIONS));
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('serves every game, its polls and experience as a Dataset built from scratch does', () => {
    for (let row = 0; row < after.size; row++) {
      expect({ ...after.game(row), updated_at: null }).toEqual({ ...scratch.game(row), updated_at: null });
      expect(after.game(row).updated_at).toBe('2026-11-25T03:30:00.000Z');
      expect(after.polls(row)).toEqual(scratch.polls(row));
      expect(after.experience(row)).toEqual(scratch.experience(row));
      expect(after.related(row)).toEqual(before.related(row));
    }
    expect(after.row(catalog.oracle.games[0].slug)).toBe(before.row(catalog.oracle.games[0].slug));
  });

  it('leaves the Dataset it came from answering its own values', () => {
    fc.assert(
      fc.property(queryArbitrary(catalog.vocab), (query) => walk(before, catalog.oracle, query)),
      { numRuns: RUNS / 3 },
    );
  });
});

describe('an update that does not fit the rows', () => {
  const catalog = randomCatalog(44, { bayesOrder: true, games: 30 });
  const dataset = buildDataset(catalog.input);
  const empty: GameColumnsUpdate = { numbers: {}, strings: {}, lists: {} };

  it('is refused when a column has another length', () => {
    expect(() => updated(dataset, { ...empty, numbers: { rating: new Float64Array(29) } })).toThrow(
      /rating has 29 rows, expected 30/,
    );
  });

  it('is refused when it names a column that identifies rows', () => {
    const names = stringColumn(catalog.input.games, 'name');
    expect(() => updated(dataset, { ...empty, strings: { name: names } })).toThrow(/name identifies rows/);
  });

  it('changes nothing when every value is the one the Dataset has', () => {
    const same = updated(dataset, updateFrom(catalog.input));
    const query: RankedQuery = { filter: {}, sort: 'bayes_rating', order: 'desc', limit: 30 };
    expect(same.query(query)).toEqual(dataset.query(query));
  });
});
