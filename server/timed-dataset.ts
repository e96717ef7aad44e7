// A Dataset whose query operations are timed into ludex_engine_query_duration_seconds: what
// routes see when they read `deps.state.current` (server/metrics.ts makes one per Dataset).
// An explicit class rather than a Proxy, so each call is a plain method call the engine's
// callers (many per request: row, game, sortValue) can inline. Lookups by key are too small
// to time; only the operations that run a query plan are.

import type { Histogram } from 'prom-client';
import type {
  AwardEntity,
  DatasetApi,
  EffectiveResolution,
  FacetDimension,
  Facets,
  FamilyEntity,
  Filter,
  GameExperience,
  GameType,
  GamePolls,
  GameRecord,
  GameRelated,
  Page,
  PersonEntity,
  PersonRole,
  PublisherEntity,
  RankedQuery,
  ReferenceKind,
  TaxonomyKind,
  TermEntity,
  TextHit,
  TextMatches,
  TextRanking,
} from '../engine/index.js';

/** The timed operations: the `operation` label values. */
export const TIMED_OPERATIONS = ['query', 'matchingIds', 'facets', 'search', 'resolveEffective'] as const;
export type TimedOperation = (typeof TIMED_OPERATIONS)[number];

/** One series per timed operation, bound to its label once rather than on every call. */
export type EngineTimers = Readonly<Record<TimedOperation, Histogram.Internal<'operation'>>>;

export function engineTimers(histogram: Histogram<'operation'>): EngineTimers {
  return {
    query: histogram.labels('query'),
    matchingIds: histogram.labels('matchingIds'),
    facets: histogram.labels('facets'),
    search: histogram.labels('search'),
    resolveEffective: histogram.labels('resolveEffective'),
  };
}

/** Seconds since `started` (a performance.now() reading). */
function since(started: number): number {
  return (performance.now() - started) / 1000;
}

export class TimedDataset implements DatasetApi {
  constructor(
    private readonly dataset: DatasetApi,
    private readonly timers: EngineTimers,
  ) {}

  get size(): number {
    return this.dataset.size;
  }

  row(idOrSlug: string): number | undefined {
    return this.dataset.row(idOrSlug);
  }

  rowByLegacyId(legacyId: string): number | undefined {
    return this.dataset.rowByLegacyId(legacyId);
  }

  game(row: number): GameRecord {
    return this.dataset.game(row);
  }

  related(row: number): GameRelated {
    return this.dataset.related(row);
  }

  resolve(kind: ReferenceKind, slugOrId: string): string | undefined {
    return this.dataset.resolve(kind, slugOrId);
  }

  query(query: RankedQuery): Page {
    const started = performance.now();
    try {
      return this.dataset.query(query);
    } finally {
      this.timers.query.observe(since(started));
    }
  }

  matchingIds(filter: Filter): string[] {
    const started = performance.now();
    try {
      return this.dataset.matchingIds(filter);
    } finally {
      this.timers.matchingIds.observe(since(started));
    }
  }

  facets(filter: Filter, dimensions: readonly FacetDimension[]): Facets {
    const started = performance.now();
    try {
      return this.dataset.facets(filter, dimensions);
    } finally {
      this.timers.facets.observe(since(started));
    }
  }

  polls(row: number): GamePolls {
    return this.dataset.polls(row);
  }

  experience(row: number): GameExperience {
    return this.dataset.experience(row);
  }

  resolveEffective(base: number, expansions: readonly number[]): EffectiveResolution {
    const started = performance.now();
    try {
      return this.dataset.resolveEffective(base, expansions);
    } finally {
      this.timers.resolveEffective.observe(since(started));
    }
  }

  search(text: string, limit: number): TextHit[] {
    const started = performance.now();
    try {
      return this.dataset.search(text, limit);
    } finally {
      this.timers.search.observe(since(started));
    }
  }

  textMatches(text: string): TextMatches {
    const started = performance.now();
    try {
      return this.dataset.textMatches(text);
    } finally {
      this.timers.search.observe(since(started));
    }
  }

  /** Timed with its reading: the ranking is counted at once but ranked as `read` asks. */
  textRanking<T>(text: string, types: readonly GameType[] | undefined, read: (ranking: TextRanking) => T): T {
    const started = performance.now();
    try {
      return this.dataset.textRanking(text, types, read);
    } finally {
      this.timers.search.observe(since(started));
    }
  }

  suggest(text: string): string | undefined {
    return this.dataset.suggest(text);
  }

  warmSteps(): Generator<void, void> {
    return this.dataset.warmSteps();
  }

  terms(kind: TaxonomyKind): readonly TermEntity[] {
    return this.dataset.terms(kind);
  }

  term(kind: TaxonomyKind, key: string): TermEntity | undefined {
    return this.dataset.term(kind, key);
  }

  people(role?: PersonRole): readonly PersonEntity[] {
    return this.dataset.people(role);
  }

  person(key: string, role?: PersonRole): PersonEntity | undefined {
    return this.dataset.person(key, role);
  }

  publishers(): readonly PublisherEntity[] {
    return this.dataset.publishers();
  }

  publisher(key: string): PublisherEntity | undefined {
    return this.dataset.publisher(key);
  }

  families(): readonly FamilyEntity[] {
    return this.dataset.families();
  }

  family(key: string): FamilyEntity | undefined {
    return this.dataset.family(key);
  }

  awards(): readonly AwardEntity[] {
    return this.dataset.awards();
  }

  award(key: string): AwardEntity | undefined {
    return this.dataset.award(key);
  }
}
