// The immutable Dataset: built once from a DatasetInput, answering every DatasetApi call.
// Derived structures that not every deployment needs (sort orders, range indexes, the text
// index) are built on first use and cached here; nothing observable ever changes.

import type {
  AwardEntity,
  DatasetApi,
  EffectiveResolution,
  FamilyEntity,
  GameRecord,
  GameRelated,
  PersonEntity,
  PublisherEntity,
  ReferenceKind,
  TermEntity,
  TextHit,
  TextMatches,
  TextRanking,
} from './api.js';
import { Catalog } from './catalog.js';
import { applyColumnsUpdate, type GameColumnsUpdate } from './column-update.js';
import type { GameExperience, GamePolls } from './community-data.js';
import { Community } from './community.js';
import { EXPERIENCE_LEVELS, type GameType, type PersonRole, type TaxonomyKind } from './domain.js';
import { NUMBER_PROPERTIES } from './effective.js';
import { Entities } from './entities.js';
import { ExpansionModel } from './expansions.js';
import { DEFAULT_FACET_CUTOVER, FacetCounter } from './facets.js';
import { compile, type FilterContext, type Plan } from './filter.js';
import { type DecodedGameStrings, Games } from './games.js';
import { GameIndexes } from './indexes.js';
import type { DatasetInput, GameNumberColumn } from './input.js';
import { DEFAULT_CHECKPOINT_INTERVAL, type OrderIndex } from './order.js';
import { pageOf, type PageStrategy } from './page.js';
import { reorderedInputSteps } from './reorder.js';
import { takeArray } from './take.js';
import { DEFAULT_VALUE_TEST_ROWS, evaluate, Scratch, type Evaluation } from './plan.js';
import {
  RELEVANCE,
  SORT_KEYS,
  type FacetDimension,
  type Facets,
  type Filter,
  type MatchedVia,
  type Page,
  type Position,
  type RankedQuery,
  type SortKey,
  type SortOrder,
} from './query.js';
import { Records } from './records.js';
import { utf8VectorSteps } from './columns.js';
import {
  decodeIndexes,
  decodeLookups,
  decodeVariants,
  decodeFacetLinks,
  decodePostings,
  encodeIndexesSteps,
  type BuiltOrder,
  type IndexTables,
} from './prebuilt.js';
import { SortOrders } from './sort.js';
import { runSteps, Stepped } from './steps.js';
import { bitmapOf, emptyBitmap, type Bitmap } from './bitmap.js';
import { relevancePage } from './relevance.js';
import { buildTextIndexSteps, type TextIndex } from './text/text-index.js';
import { textDocumentsSteps, textEntitiesSteps } from './text/documents.js';
import { Variants } from './variants.js';

/** The order a load from the store numbers rows in (loader/load.ts): the default sort's. */
const DEFAULT_ORDER: { readonly sort: SortKey; readonly order: SortOrder } = { sort: 'bayes_rating', order: 'desc' };

/** Game columns that range filters read (see filter.ts). */
const RANGE_COLUMNS = [
  'rating',
  'rating_votes',
  'rating_confidence',
  'weight',
  'weight_votes',
  'year_published',
  'min_players',
  'max_players',
  'min_playtime',
  'max_playtime',
  'community_min_playtime',
  'community_max_playtime',
  'min_age',
  'community_suggested_age',
] as const satisfies readonly GameNumberColumn[];

/** The game columns the effective-mode variants are built from (effective.ts, variants.ts, expansions.ts). */
const VARIANT_COLUMNS: readonly string[] = [
  ...NUMBER_PROPERTIES,
  'year_published',
  'top_player_counts',
  'recommended_player_counts',
  ...EXPERIENCE_LEVELS.map((level) => `experience_${level}`),
];

export interface DatasetOptions {
  /** Positions between prefix checkpoints of an order (smaller: more memory, faster slices). */
  checkpointInterval?: number;
  /** Force one paging strategy (tests); `auto` chooses per query. */
  pageStrategy?: PageStrategy;
  /** Row visits one andCardinality call is worth when choosing how to count a facet (facets.ts). */
  facetCutover?: number;
  /**
   * The orders and sort names a prepared Dataset over the same input exported
   * (`indexTables()`, carried by a column file): taken as they are instead of built. Tables
   * that do not fit this input throw a RangeError.
   */
  indexes?: IndexTables;
  /** Rows left below which a range without pinned bounds is applied by reading its column. */
  valueTestRows?: number;
  /** Pin the prefix bitmaps of common range thresholds (thresholds.ts); off only in tests. */
  rangeThresholds?: boolean;
  /**
   * Most complements the Dataset's Scratch keeps (plan.ts MAX_COMPLEMENTS: of excluded postings
   * and of pinned range starts); 0 (tests) applies every one of them by AND-NOT.
   */
  maxComplements?: number;
}

export class Dataset implements DatasetApi {
  readonly size: number;
  private readonly games: Games;
  private readonly catalog: Catalog;
  private readonly indexes: GameIndexes;
  private readonly model: ExpansionModel;
  private readonly variants: Variants;
  private readonly sorts: SortOrders;
  private readonly records: Records;
  private readonly community: Community;
  private readonly ctx: FilterContext;
  private readonly strategy: PageStrategy;
  private readonly facetCounter: FacetCounter;
  /** Reused by every call (see Scratch): a query allocates no bitmap of its own. */
  private readonly scratch: Scratch;
  private readonly results: readonly [Bitmap, Bitmap] = [emptyBitmap(), emptyBitmap()];
  /** Built between requests by a server (warmSteps), or by the first text query. */
  private readonly textIndexBuild = new Stepped(() => this.buildTextSteps());
  /** The text index's documents of each game type code (typeMask()). */
  private readonly typeMasks = new Map<number, Uint32Array>();
  /**
   * The text matches of the call in progress: query() needs them twice (its filter's bitmap
   * and its relevance order). Cleared when the call ends: no call is answered from an
   * earlier call's work, so every call costs what it costs (a bench repeating one search
   * measures the search, not a memo).
   */
  private callText: { q: string; matches: TextMatches; bitmap?: Bitmap } | undefined;
  private entityLists: Entities | undefined;

  constructor(
    private readonly input: DatasetInput,
    private readonly options: DatasetOptions = {},
    /** Built beforehand, one step at a time (buildDatasetSteps); else built here at once. */
    parts: DatasetParts = runSteps(
      buildParts(
        input,
        options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL,
        options.rangeThresholds ?? true,
        options.indexes,
      ),
    ),
  ) {
    const {
      checkpointInterval = DEFAULT_CHECKPOINT_INTERVAL,
      pageStrategy = 'auto',
      facetCutover = DEFAULT_FACET_CUTOVER,
      indexes,
      valueTestRows = DEFAULT_VALUE_TEST_ROWS,
    } = options;
    this.games = parts.games;
    this.size = this.games.size;
    this.catalog = parts.catalog;
    this.indexes = parts.indexes;
    this.model = parts.model;
    this.variants = parts.variants;
    this.sorts = parts.sorts;
    this.records = parts.records;
    this.community = parts.community;
    if (indexes) {
      const sizes = { games: this.size, variants: this.variants.count };
      const prebuilt = decodeIndexes(indexes, sizes, checkpointInterval, options.rangeThresholds ?? true);
      this.games.seedSortNames(prebuilt.sortNames);
      this.sorts.seed(prebuilt.orders.sort);
      this.indexes.numbers.seed(prebuilt.orders.game_range);
      this.variants.numbers.seed(prebuilt.orders.variant_range);
    }
    this.ctx = {
      games: this.games,
      indexes: this.indexes,
      catalog: this.catalog,
      variants: this.variants,
      text: (q) => this.textBitmap(q),
    };
    this.strategy = pageStrategy;
    this.scratch = new Scratch(valueTestRows, options.maxComplements);
    this.facetCounter = new FacetCounter(
      { ...this.ctx, gameTerms: input.gameTerms },
      facetCutover,
      this.scratch,
      this.results,
    );
    if (indexes) this.facetCounter.adoptLinks(decodeFacetLinks(indexes.facet_links));
  }

  /** Game ids by row: what an update (updatedSteps) names its rows by. */
  get ids(): readonly string[] {
    return this.games.ids;
  }

  row(idOrSlug: string): number | undefined {
    return this.games.row(idOrSlug);
  }

  rowByLegacyId(legacyId: string): number | undefined {
    return this.games.legacyRows(legacyId)[0];
  }

  game(row: number): GameRecord {
    return this.records.game(row);
  }

  related(row: number): GameRelated {
    return this.records.related(row);
  }

  polls(row: number): GamePolls {
    return this.community.polls(row);
  }

  experience(row: number): GameExperience {
    return this.community.experience(row);
  }

  resolve(kind: ReferenceKind, slugOrId: string): string | undefined {
    return this.catalog.resolve(kind, slugOrId);
  }

  query(query: RankedQuery): Page {
    try {
      return this.page(query);
    } finally {
      this.callText = undefined;
    }
  }

  private page(query: RankedQuery): Page {
    const plan = compile(query.filter, this.ctx);
    const evaluation = evaluate(plan, this.size, this.variants, this.results[0], this.scratch);
    if (query.sort === RELEVANCE) return this.relevanceQuery(query, plan.effective !== null, evaluation);
    const order = this.sorts.order(query.sort, query.order);
    const position = query.after ?? query.before;
    const page = pageOf(
      evaluation.result,
      order,
      {
        limit: Math.max(0, Math.floor(query.limit)),
        direction: query.after ? 'after' : query.before ? 'before' : 'first',
        compare: position ? this.sorts.comparer(query.sort, query.order, position) : undefined,
      },
      this.strategy,
    );
    const { rows } = page;
    return {
      rows,
      matchedVia: rows.map((row) => (plan.effective ? this.matchedVia(row, evaluation) : null)),
      total: evaluation.result.size,
      hasNext: page.hasNext,
      hasPrev: page.hasPrev,
      // What the page's cursors need, so the caller never comes back for sort values or ids.
      first: rows.length > 0 ? this.position(rows[0], query.sort) : undefined,
      last: rows.length > 0 ? this.position(rows[rows.length - 1], query.sort) : undefined,
    };
  }

  /** A page in relevance order (needs filter.q). */
  private relevanceQuery(query: RankedQuery, effective: boolean, evaluation: Evaluation): Page {
    if (query.filter.q === undefined) throw new RangeError('sort "relevance" needs filter.q');
    const position = query.after ?? query.before;
    const page = relevancePage(
      this.text(query.filter.q).matches,
      evaluation.result,
      query.order,
      query.limit,
      query.after ? 'after' : query.before ? 'before' : 'first',
      position,
      this.games.ids,
    );
    const { rows, keys } = page;
    const at = (i: number): Position => ({ value: keys[i], id: this.games.ids[rows[i]] });
    return {
      rows,
      matchedVia: rows.map((row) => (effective ? this.matchedVia(row, evaluation) : null)),
      total: evaluation.result.size,
      hasNext: page.hasNext,
      hasPrev: page.hasPrev,
      first: rows.length > 0 ? at(0) : undefined,
      last: rows.length > 0 ? at(rows.length - 1) : undefined,
    };
  }

  matchingIds(filter: Filter): string[] {
    const plan = this.compiled(filter);
    const result = evaluate(plan, this.size, this.variants, this.results[0], this.scratch).result;
    const ids = this.games.ids;
    const out = new Array<string>(result.size);
    let i = 0;
    for (const row of result) out[i++] = ids[row];
    return out;
  }

  facets(filter: Filter, dimensions: readonly FacetDimension[]): Facets {
    return this.facetCounter.count(this.compiled(filter), dimensions);
  }

  /** The filter's plan; a text filter's matches are not kept past the compilation. */
  private compiled(filter: Filter): Plan {
    try {
      return compile(filter, this.ctx);
    } finally {
      this.callText = undefined;
    }
  }

  /** The value a row sorts by under `sort` (what a keyset position holds). */
  sortValue(row: number, sort: SortKey): number | string | null {
    return this.sorts.value(row, sort);
  }

  resolveEffective(base: number, expansions: readonly number[]): EffectiveResolution {
    return this.model.resolve(base, expansions);
  }

  search(text: string, limit: number): TextHit[] {
    return this.textIndex().search(text, limit);
  }

  textMatches(text: string): TextMatches {
    return this.textIndex().matches(text);
  }

  textRanking<T>(text: string, types: readonly GameType[] | undefined, read: (ranking: TextRanking) => T): T {
    return this.textIndex().rank(text, types === undefined ? undefined : this.typeMask(types), read);
  }

  suggest(text: string): string | undefined {
    return this.textIndex().suggest(text);
  }

  terms(kind: TaxonomyKind): readonly TermEntity[] {
    return this.entities().terms(kind);
  }

  term(kind: TaxonomyKind, key: string): TermEntity | undefined {
    return this.entities().term(kind, key);
  }

  people(role?: PersonRole): readonly PersonEntity[] {
    return this.entities().people(role);
  }

  person(key: string, role?: PersonRole): PersonEntity | undefined {
    return this.entities().person(key, role);
  }

  publishers(): readonly PublisherEntity[] {
    return this.entities().publishers();
  }

  publisher(key: string): PublisherEntity | undefined {
    return this.entities().publisher(key);
  }

  families(): readonly FamilyEntity[] {
    return this.entities().families();
  }

  family(key: string): FamilyEntity | undefined {
    return this.entities().family(key);
  }

  awards(): readonly AwardEntity[] {
    return this.entities().awards();
  }

  award(key: string): AwardEntity | undefined {
    return this.entities().award(key);
  }

  /**
   * Builds now what queries would otherwise build on first use: every sort order, the range
   * orders of the filterable columns (with their threshold bitmaps), the per-count player
   * bitmaps and the facets' per-kind term links. Call it before swapping a fresh Dataset in,
   * so no request pays for it.
   */
  prepare(): void {
    runSteps(this.prepareSteps());
  }

  /** prepare() one order or index per step, for a caller that yields between steps. */
  *prepareSteps(): Generator<void, void> {
    for (const key of SORT_KEYS) {
      yield* this.sorts.orderSteps(key, 'asc');
      yield;
      yield* this.sorts.orderSteps(key, 'desc');
      yield;
    }
    for (const column of RANGE_COLUMNS) {
      yield* this.indexes.numbers.warmSteps(column);
      yield;
    }
    for (const property of NUMBER_PROPERTIES) {
      yield* this.variants.numbers.warmSteps(property);
      yield;
    }
    for (let n = 1; n <= this.indexes.facetPlayers; n++) this.indexes.players(n);
    yield;
    yield* this.facetCounter.prepareSteps();
  }

  /**
   * This Dataset with its rows in the default order (bayes rating desc, nulls last, ties by
   * id), and its input so ordered, as a load from the store reads it: this Dataset itself
   * when its rows follow that order (one built from a load), else its input reordered in
   * memory and built again, one part per step (a Dataset updated in place, whose new ratings
   * moved games; the default order's fast path, page.ts identity, needs rows in it). The sort
   * orders it built are carried over renumbered rather than sorted again (they order games by
   * value and id, which renumbering rows does not change), and so are the strings it decoded.
   */
  *inDefaultOrderSteps(): Generator<void, { dataset: Dataset; input: DatasetInput; reordered: boolean }> {
    const order = yield* this.sorts.orderSteps(DEFAULT_ORDER.sort, DEFAULT_ORDER.order);
    if (order.identity) return { dataset: this, input: this.input, reordered: false };
    const rows = order.perm;
    yield;
    const input = yield* reorderedInputSteps(this.input, rows);
    const options: DatasetOptions = { ...this.options, indexes: undefined };
    // the strings this Dataset decoded, renumbered: the same values, none decoded again
    const decoded = yield* this.games.stringsInOrderSteps(rows);
    yield;
    const parts = yield* buildParts(
      input,
      options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL,
      options.rangeThresholds ?? true,
      undefined,
      decoded,
    );
    yield;
    const dataset = new Dataset(input, options, parts);
    // row -> its new row: its place in the default order
    const rowOf = order.pos;
    dataset.games.seedSortNames(takeArray(this.games.sortNames, rows));
    const renumbered = new Map<string, OrderIndex>();
    for (const [key, built] of this.sorts.built()) {
      renumbered.set(key, built.renumbered(rowOf));
      yield;
    }
    dataset.sorts.seed(renumbered);
    yield* dataset.prepareSteps();
    return { dataset, input, reordered: true };
  }

  /**
   * This Dataset with `update` applied (new values of some game columns and the community
   * data, for the same rows in the same order), built one part per step. Rows
   * stay where they are, so the link postings, id and slug lookups, decoded strings, catalog
   * and every order and range index of an unchanged column are this Dataset's own, shared;
   * what the changed columns feed is built again. Throws a RangeError when the update does
   * not fit these rows (column-update.ts).
   *
   * The orders and range indexes of the changed columns are left to build on first use, or
   * by prepareSteps(): a reload swaps the Dataset in first and prepares it after, so the new
   * values serve without waiting for about twenty 150,000-row sorts (a request that needs
   * one of them meanwhile builds that one).
   */
  *updatedSteps(update: GameColumnsUpdate): Generator<void, Dataset> {
    const interval = this.options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL;
    const thresholds = this.options.rangeThresholds ?? true;
    const { table, lists, changed } = applyColumnsUpdate(
      this.input.games,
      this.input.lists,
      this.games.numbers,
      update,
    );
    const input: DatasetInput = {
      ...this.input,
      games: table,
      lists,
      community: update.community ?? this.input.community,
    };
    yield;
    const games = new Games(table, lists, true, { games: this.games, changed });
    const indexes = new GameIndexes(games, input, interval, thresholds, {
      previous: { indexes: this.indexes, changed },
    });
    yield;
    // Of the columns an update may change, the expansion model reads only year_published
    // (release order); the variants read a few more.
    const model = changed.has('year_published') ? new ExpansionModel(games, input) : this.model;
    const variants = VARIANT_COLUMNS.some((column) => changed.has(column))
      ? yield* Variants.build(games, model, interval, thresholds)
      : this.variants;
    yield;
    const sorts = new SortOrders(games, interval);
    sorts.adopt(this.sorts, changed);
    const records = new Records(games, indexes, this.catalog, input);
    const community = new Community(games, input.community);
    const parts = { games, catalog: this.catalog, indexes, model, variants, sorts, records, community };
    const dataset = new Dataset(input, { ...this.options, indexes: undefined }, parts);
    dataset.facetCounter.adopt(this.facetCounter);
    return dataset;
  }

  /**
   * What this Dataset built beyond its input (every order built so far and the sort names),
   * as Arrow tables for a column file; call prepare() first so that is every order.
   */
  indexTables(): IndexTables {
    return runSteps(this.indexTablesSteps());
  }

  /** indexTables() in steps, for a caller that must not hold its thread (loader/turns.ts). */
  *indexTablesSteps(): Generator<void, IndexTables> {
    const orders: BuiltOrder[] = [];
    for (const [key, order] of this.sorts.built()) orders.push({ family: 'sort', key, order });
    for (const [key, order] of this.indexes.numbers.built()) orders.push({ family: 'game_range', key, order });
    for (const [key, order] of this.variants.numbers.built()) orders.push({ family: 'variant_range', key, order });
    const sortNames = yield* utf8VectorSteps(this.games.sortNames);
    yield;
    return yield* encodeIndexesSteps(
      orders,
      sortNames,
      { games: this.size, variants: this.variants.count },
      this.games.lookupTables(),
      this.variants.columns(),
      this.indexes.postings(),
      this.facetCounter.builtLinks(),
    );
  }

  /** A row's keyset position under `sort`. */
  private position(row: number, sort: SortKey): Position {
    return { value: this.sorts.value(row, sort), id: this.games.ids[row] };
  }

  /** Entity lists are only built when an entity endpoint is first asked. */
  private entities(): Entities {
    this.entityLists ??= new Entities(this.catalog, this.indexes, this.input);
    return this.entityLists;
  }

  /** D12: null when the base row passed; else the first passing variant in D12 order. */
  private matchedVia(row: number, evaluation: Evaluation): MatchedVia | null {
    const { baseEffective, variantEffective } = evaluation;
    if (baseEffective === null || variantEffective === null || baseEffective.has(row)) return null;
    const [first, end] = this.variants.of(row);
    for (let v = first; v < end; v++) {
      if (!variantEffective.has(v)) continue;
      const values = this.variants.values[v];
      return {
        type: 'expansion_combination',
        expansions: this.variants.expansions[v].map((e) => ({ slug: this.games.slugs[e], name: this.games.names[e] })),
        effective_properties: { ...values, top_at: [...values.top_at], recommended_at: [...values.recommended_at] },
        resolution_tier: this.variants.tier[v] === 1 ? 1 : 2,
      };
    }
    return null;
  }

  *warmSteps(): Generator<void, void> {
    yield* this.textIndexBuild.steps();
    yield* this.entities().warmSteps();
  }

  private *buildTextSteps(): Generator<void, TextIndex> {
    const docs = yield* textDocumentsSteps(this.games, this.input);
    const entities = yield* textEntitiesSteps(this.input);
    return yield* buildTextIndexSteps(docs, entities);
  }

  /** The text index, its build (or the rest of one under way) run now when needed. */
  private textIndex(): TextIndex {
    return this.textIndexBuild.get();
  }

  /**
   * The text index's documents of the given types. One mask per type is kept with the index
   * (an index of the data, like the type postings; not of any query); the ranking only reads
   * a mask, so one type's is handed over as it is and only several are combined per call.
   */
  private typeMask(types: readonly GameType[]): Uint32Array {
    const index = this.textIndex();
    const dictionary = this.games.types;
    const masks: Uint32Array[] = [];
    for (const type of new Set(types)) {
      const code = dictionary.code(type);
      if (code === undefined) continue;
      let typed = this.typeMasks.get(code);
      if (typed === undefined) {
        const codes = dictionary.codes;
        typed = index.docMask((row) => codes[row] === code);
        this.typeMasks.set(code, typed);
      }
      masks.push(typed);
    }
    if (masks.length === 0) return index.docMask(() => false);
    if (masks.length === 1) return masks[0];
    const mask = new Uint32Array(masks[0].length);
    for (const typed of masks) for (let w = 0; w < mask.length; w++) mask[w] |= typed[w];
    return mask;
  }

  /** The matches of q, once per call (see callText). */
  private text(q: string): { matches: TextMatches; bitmap?: Bitmap } {
    if (this.callText?.q !== q) this.callText = { q, matches: this.textIndex().matches(q) };
    return this.callText;
  }

  /**
   * The rows matching q as a bitmap, for a filter: made from the call's matches, and only
   * by a call that filters on q (a sort of every match: "castle", 40,000 rows, costs more
   * than ranking them; textMatches() never pays it).
   */
  private textBitmap(q: string): Bitmap {
    const text = this.text(q);
    text.bitmap ??= bitmapOf(text.matches.rows);
    return text.bitmap;
  }
}

export function buildDataset(input: DatasetInput, options: DatasetOptions = {}): Dataset {
  return new Dataset(input, options);
}

/** What a Dataset is made of beyond its input and options. */
interface DatasetParts {
  games: Games;
  catalog: Catalog;
  indexes: GameIndexes;
  model: ExpansionModel;
  variants: Variants;
  sorts: SortOrders;
  records: Records;
  community: Community;
}

function* buildParts(
  input: DatasetInput,
  checkpointInterval: number,
  rangeThresholds: boolean,
  prebuilt: IndexTables | undefined,
  decoded?: DecodedGameStrings,
): Generator<void, DatasetParts> {
  const lookups = prebuilt === undefined ? undefined : decodeLookups(prebuilt.game_lookups);
  const games = yield* Games.build(input.games, input.lists, lookups, decoded);
  yield;
  const catalog = new Catalog(input);
  yield;
  const postings =
    prebuilt === undefined
      ? undefined
      : decodePostings(
          prebuilt.game_postings,
          {
            terms: input.terms.length,
            families: input.families.length,
            publishers: input.publishers.length,
            awards: input.awards.length,
          },
          games.size,
        );
  const indexes = yield* GameIndexes.buildSteps(games, input, checkpointInterval, rangeThresholds, postings);
  yield;
  yield* games.parentRowsSteps();
  const model = new ExpansionModel(games, input);
  yield;
  // From a column file the variants are taken as they were resolved (the model stays: resolve() reads it).
  const variants =
    prebuilt === undefined
      ? yield* Variants.build(games, model, checkpointInterval, rangeThresholds)
      : Variants.fromColumns(games, decodeVariants(prebuilt.variants), checkpointInterval, rangeThresholds);
  const sorts = new SortOrders(games, checkpointInterval);
  yield;
  const records = new Records(games, indexes, catalog, input);
  yield;
  const community = new Community(games, input.community);
  return { games, catalog, indexes, model, variants, sorts, records, community };
}

/**
 * buildDataset + prepare() as a sequence of steps, each a part of the Dataset or one of its
 * orders and indexes: the same Dataset, for a caller that must not hold its thread for the
 * whole build (the server between steps answers requests). Nothing is shared until the end.
 */
export function* buildDatasetSteps(input: DatasetInput, options: DatasetOptions = {}): Generator<void, Dataset> {
  const parts = yield* buildParts(
    input,
    options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL,
    options.rangeThresholds ?? true,
    options.indexes,
  );
  yield;
  const dataset = new Dataset(input, options, parts);
  yield* dataset.prepareSteps();
  return dataset;
}
