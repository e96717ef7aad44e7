// A Filter compiled into clauses (index bitmaps, unions not yet built, range spans): one or
// more per dimension, each tagged with the facet dimension it belongs to, so facets can AND
// "all but their own" (mosaic's cross-filter). In effective mode the effective-aware filters
// (SPEC-NOTES §6.2) are kept apart, evaluated over the base rows and over the precomputed
// variants.

import { and, emptyBitmap, type Bitmap } from './bitmap.js';
import type { Catalog, EntityIndex, TermIndex } from './catalog.js';
import { AWARD_RESULTS, type ExperienceLevel } from './domain.js';
import type { ListProperty, NumberProperty } from './effective.js';
import type { Games } from './games.js';
import type { GameIndexes } from './indexes.js';
import type { GameNumberColumn } from './input.js';
import type { RangeSpan } from './order.js';
import type { NumberTable } from './table.js';
import type { FacetDimension, Filter } from './query.js';
import type { Variants } from './variants.js';

/**
 * The rows of one clause, kept in the cheapest form until evaluation (plan.ts) decides how to
 * apply it: a bitmap (an index posting, used as is), a union not yet built (an "any of"
 * filter), or a span of a range order (a numeric range; its size is exact before any bitmap).
 */
export type Operand =
  | { kind: 'bitmap'; bitmap: Bitmap }
  | { kind: 'union'; bitmaps: readonly Bitmap[] }
  | { kind: 'span'; span: RangeSpan };

export interface Clause {
  /** The facet dimension whose count ignores this clause; null for all others. */
  dim: FacetDimension | null;
  rows: Operand;
  /** Rows of the operand are removed instead of kept (the `_not` filters). */
  exclude: boolean;
}

export interface Plan {
  /** Clauses over game rows (all filters when effective mode is off). */
  clauses: Clause[];
  /** Effective-aware clauses, over base rows and over variants; null when effective is off. */
  effective: { base: Clause[]; variants: Clause[] } | null;
}

export interface FilterContext {
  games: Games;
  indexes: GameIndexes;
  catalog: Catalog;
  variants: Variants;
  /** Rows matching a full-text query (`q`), built on first use. */
  text: (q: string) => Bitmap;
}

/** What the effective-aware filters read: the games table or the variants table. */
interface PropertySource {
  range(p: NumberProperty, lo: number, hi: number): Operand;
  scaledRange(p: 'min_playtime' | 'max_playtime', level: ExperienceLevel, lo: number, hi: number): Operand;
  players(n: number): Operand;
  listHas(p: ListProperty, n: number): Operand;
}

export function compile(filter: Filter, ctx: FilterContext): Plan {
  const clauses = baseOnlyClauses(filter, ctx);
  const games = new GameSource(ctx.indexes);
  if (filter.effective !== true) {
    clauses.push(...effectiveAwareClauses(filter, games, true));
    return { clauses, effective: null };
  }
  const weightAware = filter.effective_weight !== false;
  if (!weightAware) clauses.push(...weightClauses(filter, games));
  return {
    clauses,
    effective: {
      base: effectiveAwareClauses(filter, games, weightAware),
      variants: effectiveAwareClauses(filter, new VariantSource(ctx.variants), weightAware),
    },
  };
}

// The sources and compile helpers below are classes and module functions rather than
// closures made per compile: tsx (the bench, `npm run ludex`) names every closure it creates
// with a defineProperty call (esbuild keepNames), a few µs of the typical query's 30.

/** What the effective-aware filters read of a table (the games' indexes, or the variants). */
interface PropertyTable {
  readonly numbers: NumberTable<NumberProperty>;
  readonly topAt: ReadonlyMap<number, Bitmap>;
  readonly recommendedAt: ReadonlyMap<number, Bitmap>;
}

/** A table's rows; the tables differ only in how they find the games for a player count. */
abstract class TableSource implements PropertySource {
  constructor(private readonly table: PropertyTable) {}
  range(p: NumberProperty, lo: number, hi: number): Operand {
    return spanOf(this.table.numbers.span(p, lo, hi));
  }
  scaledRange(p: 'min_playtime' | 'max_playtime', level: ExperienceLevel, lo: number, hi: number): Operand {
    return spanOf(this.table.numbers.scaledSpan(p, level, lo, hi));
  }
  listHas(p: ListProperty, n: number): Operand {
    return bitmapOf((p === 'top_at' ? this.table.topAt : this.table.recommendedAt).get(n) ?? emptyBitmap());
  }
  abstract players(n: number): Operand;
}

/** The games table's rows (the game indexes): per player count, a cached posting. */
class GameSource extends TableSource {
  constructor(private readonly indexes: GameIndexes) {
    super(indexes);
  }
  players(n: number): Operand {
    return bitmapOf(this.indexes.players(n));
  }
}

/** The variants table's rows: per player count, the AND of its two player ranges. */
class VariantSource extends TableSource {
  constructor(private readonly variants: Variants) {
    super(variants);
  }
  players(n: number): Operand {
    const t = this.variants.numbers;
    return bitmapOf(and(t.range('min_players', -Infinity, n), t.range('max_players', n, Infinity)));
  }
}

const bitmapOf = (bitmap: Bitmap): Operand => ({ kind: 'bitmap', bitmap });
const spanOf = (span: RangeSpan): Operand => ({ kind: 'span', span });
/** Any of these rows: no bitmap is built for a union until evaluation needs one. */
const anyOfBitmaps = (bitmaps: readonly Bitmap[]): Operand =>
  bitmaps.length === 0
    ? bitmapOf(emptyBitmap())
    : bitmaps.length === 1
      ? bitmapOf(bitmaps[0])
      : { kind: 'union', bitmaps };
const keep = (dim: FacetDimension | null, rows: Operand): Clause => ({ dim, rows, exclude: false });
const drop = (dim: FacetDimension | null, rows: Operand): Clause => ({ dim, rows, exclude: true });
const given = (value: number | null | undefined): value is number => value !== undefined && value !== null;
const active = <T>(list: readonly T[] | null | undefined): list is readonly T[] =>
  Array.isArray(list) && list.length > 0;

function weightClauses(filter: Filter, src: PropertySource): Clause[] {
  if (!given(filter.weight_min) && !given(filter.weight_max)) return [];
  return [keep(null, src.range('weight', filter.weight_min ?? -Infinity, filter.weight_max ?? Infinity))];
}

/** Weight (optionally), players, publisher play time and publisher age. */
function effectiveAwareClauses(filter: Filter, src: PropertySource, withWeight: boolean): Clause[] {
  const out = withWeight ? weightClauses(filter, src) : [];
  if (given(filter.players)) out.push(keep('players', src.players(filter.players)));
  if (given(filter.players_min)) out.push(keep('players', src.range('min_players', filter.players_min, Infinity)));
  if (given(filter.players_max)) out.push(keep('players', src.range('max_players', -Infinity, filter.players_max)));
  if (given(filter.top_at)) out.push(keep('players', src.listHas('top_at', filter.top_at)));
  if (given(filter.recommended_at)) out.push(keep('players', src.listHas('recommended_at', filter.recommended_at)));
  if ((filter.playtime_source ?? 'publisher') === 'publisher') {
    const level = filter.playtime_experience;
    if (given(filter.playtime_min))
      out.push(keep(null, playtimeRange(src, level, 'min_playtime', filter.playtime_min, Infinity)));
    if (given(filter.playtime_max))
      out.push(keep(null, playtimeRange(src, level, 'max_playtime', -Infinity, filter.playtime_max)));
  }
  if ((filter.age_source ?? 'publisher') === 'publisher' && (given(filter.age_min) || given(filter.age_max))) {
    out.push(keep(null, src.range('min_age', filter.age_min ?? -Infinity, filter.age_max ?? Infinity)));
  }
  return out;
}

/** A publisher play-time bound, scaled by the experience level when one is given. */
function playtimeRange(
  src: PropertySource,
  level: ExperienceLevel | undefined,
  p: 'min_playtime' | 'max_playtime',
  lo: number,
  hi: number,
): Operand {
  return level ? src.scaledRange(p, level, lo, hi) : src.range(p, lo, hi);
}

type Bound = number | null | undefined;

/** A range filter on a game column, when either bound is given. */
function range(out: Clause[], numbers: GameIndexes['numbers'], column: GameNumberColumn, lo: Bound, hi: Bound): void {
  if (given(lo) || given(hi)) out.push(keep(null, spanOf(numbers.span(column, lo ?? -Infinity, hi ?? Infinity))));
}

/** The same for a play-time column, scaled by the experience level when one is given. */
function scaled(
  out: Clause[],
  numbers: GameIndexes['numbers'],
  level: ExperienceLevel | undefined,
  column: GameNumberColumn,
  lo: Bound,
  hi: Bound,
): void {
  if (!given(lo) && !given(hi)) return;
  const span = level
    ? numbers.scaledSpan(column, level, lo ?? -Infinity, hi ?? Infinity)
    : numbers.span(column, lo ?? -Infinity, hi ?? Infinity);
  out.push(keep(null, spanOf(span)));
}

/** Every filter that always reads the base row. */
function baseOnlyClauses(filter: Filter, ctx: FilterContext): Clause[] {
  const { games, indexes, catalog } = ctx;
  const numbers = indexes.numbers;
  const out: Clause[] = [];
  // Full text reads the game's own names, credits and description (never an expansion's).
  if (filter.q !== undefined) out.push(keep(null, bitmapOf(ctx.text(filter.q))));
  const level = filter.playtime_experience;
  range(out, numbers, 'rating', filter.rating_min, filter.rating_max);
  range(out, numbers, 'rating_votes', filter.min_rating_votes, undefined);
  range(out, numbers, 'rating_confidence', filter.confidence_min, undefined);
  range(out, numbers, 'weight_votes', filter.min_weight_votes, undefined);
  range(out, numbers, 'year_published', filter.year_min, filter.year_max);
  if (filter.playtime_source === 'community') {
    scaled(out, numbers, level, 'community_min_playtime', filter.playtime_min, undefined);
    scaled(out, numbers, level, 'community_max_playtime', undefined, filter.playtime_max);
  }
  scaled(out, numbers, level, 'community_min_playtime', filter.community_playtime_min, undefined);
  scaled(out, numbers, level, 'community_max_playtime', undefined, filter.community_playtime_max);
  if (filter.age_source === 'community') range(out, numbers, 'community_suggested_age', filter.age_min, filter.age_max);

  if (active(filter.type)) out.push(keep('type', anyOfBitmaps(games.types.postingsOf(filter.type))));
  if (active(filter.mode)) out.push(keep(null, anyOfBitmaps(games.modes.postingsOf(filter.mode))));
  if (active(filter.language_dependence))
    out.push(keep(null, anyOfBitmaps(games.languages.postingsOf(filter.language_dependence))));
  if (active(filter.funding_source))
    out.push(keep(null, anyOfBitmaps(games.fundings.postingsOf(filter.funding_source))));

  taxonomy(
    out,
    'mechanics',
    catalog.mechanics,
    indexes.terms,
    filter.mechanics,
    filter.mechanics_all,
    filter.mechanics_not,
  );
  taxonomy(out, 'themes', catalog.themes, indexes.terms, filter.theme, undefined, filter.theme_not);
  taxonomy(out, 'categories', catalog.categories, indexes.terms, filter.category, undefined, filter.category_not);

  anyOf(out, catalog.people, indexes.designers, filter.designer);
  anyOf(out, catalog.people, indexes.artists, filter.artist);
  anyOf(out, catalog.publishers, indexes.publishers, filter.publisher);
  anyOf(out, catalog.families, indexes.families, filter.family);

  if (active(filter.legacy_id)) {
    const rows = filter.legacy_id.flatMap((id) => games.legacyRows(id));
    const bitmap = emptyBitmap();
    bitmap.addMany(rows);
    out.push(keep(null, bitmapOf(bitmap)));
  }
  if (filter.award) out.push(keep(null, bitmapOf(awardBitmap(filter.award, ctx))));
  return out;
}

function taxonomy(
  out: Clause[],
  dim: FacetDimension,
  terms: TermIndex,
  postings: readonly Bitmap[],
  any: readonly string[] | undefined,
  all: readonly string[] | undefined,
  none: readonly string[] | undefined,
): void {
  if (active(any)) out.push(keep(dim, anyOfBitmaps(knownPostings(terms, postings, any))));
  if (active(all))
    for (const slug of all) out.push(keep(dim, bitmapOf(termPosting(terms, postings, slug) ?? emptyBitmap())));
  if (active(none)) out.push(drop(dim, anyOfBitmaps(knownPostings(terms, postings, none))));
}

function termPosting(terms: TermIndex, postings: readonly Bitmap[], slug: string): Bitmap | undefined {
  const index = terms.slug(slug);
  return index === undefined ? undefined : postings[index];
}

/** The postings of the slugs that name a term (unknown ones match nothing). */
function knownPostings(terms: TermIndex, postings: readonly Bitmap[], slugs: readonly string[]): Bitmap[] {
  const out: Bitmap[] = [];
  for (const slug of slugs) {
    const posting = termPosting(terms, postings, slug);
    if (posting !== undefined) out.push(posting);
  }
  return out;
}

function anyOf<T extends { id: string; slug: string }>(
  out: Clause[],
  entities: EntityIndex<T>,
  // An array, or the people's postings built on first use (links.ts LazyPostings).
  postings: { at(index: number): Bitmap | undefined },
  slugs: readonly string[] | undefined,
): void {
  if (!active(slugs)) return;
  const bitmaps = slugs.flatMap((slug) => {
    const index = entities.slug(slug);
    const posting = index === undefined ? undefined : postings.at(index);
    return posting === undefined ? [] : [posting];
  });
  out.push(keep(null, anyOfBitmaps(bitmaps)));
}

/** Has a GameAward matching every given part (no part given: any GameAward). */
function awardBitmap(award: NonNullable<Filter['award']>, ctx: FilterContext): Bitmap {
  const { indexes, catalog } = ctx;
  const slug = award.slug ?? undefined;
  const result = award.result ?? undefined;
  const awardIndex = slug === undefined ? undefined : catalog.awards.slug(slug);
  const resultIndex = result === undefined ? -1 : AWARD_RESULTS.indexOf(result);
  if (slug !== undefined && awardIndex === undefined) return emptyBitmap();
  if (result !== undefined && resultIndex < 0) return emptyBitmap();
  if (awardIndex !== undefined && resultIndex >= 0) {
    return indexes.awardPairs.get(awardIndex * AWARD_RESULTS.length + resultIndex) ?? emptyBitmap();
  }
  if (awardIndex !== undefined) return indexes.awards[awardIndex];
  if (resultIndex >= 0) return indexes.awardResults[resultIndex];
  return indexes.anyAward;
}
