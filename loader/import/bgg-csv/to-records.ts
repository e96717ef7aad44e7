// One CSV row → catalog records (new mechanic terms, then the game), merged with the game
// already stored under the same legacy_id. A catalog game upsert replaces every field, so
// the stored record is the starting point and the row overlays only what it knows: the
// dump after the 2021 dataset (or after the XML importer) must not wipe players,
// mechanics or polls it has no column for.

import type { KnownGames } from './known.js';
import type { CsvGame } from './layouts.js';
import { bggTermsByName } from '../mappings/bgg-terms.js';
import { modeFor, type ModeInput } from '../mode.js';
import { storedIsNewer } from '../newer-wins.js';

export type CatalogObject = Record<string, unknown>;

export interface BuiltRecords {
  /** Catalog records in the order they must be imported (terms before the game). */
  records: CatalogObject[];
  /** Why the stored statistics were kept over the row's (the row is older), if they were. */
  kept?: string;
}

export function buildRecords(
  csv: CsvGame,
  slug: string,
  stored: CatalogObject | undefined,
  known: KnownGames,
  asOf: string,
): BuiltRecords {
  const records: CatalogObject[] = [];
  const game: CatalogObject = stored
    ? { ...stored }
    : { kind: 'game', slug, type: csv.isExpansion ? 'expansion' : 'base_game' };
  game.name = csv.name;
  game.legacy_id = csv.bggId;
  if (csv.year !== undefined) game.year_published = csv.year;
  // The dump's is_expansion is all it knows about the type; a stored type with a parent
  // (or a finer one such as promo) came from a richer source and stays.
  if (
    stored &&
    csv.isExpansion !== undefined &&
    stored.parent === undefined &&
    (stored.type === 'base_game' || stored.type === 'expansion')
  ) {
    game.type = csv.isExpansion ? 'expansion' : 'base_game';
  }
  applyRange(game, 'min_players', 'max_players', csv.minPlayers, csv.maxPlayers);
  applyRange(game, 'min_playtime', 'max_playtime', undefined, csv.maxPlaytime);
  if (csv.minAge !== undefined) game.min_age = csv.minAge;

  const mechanics = mechanicSlugs(csv.mechanics, records, known);
  // A stored list may hold mapped vocabulary terms from the XML importer: keep it.
  if (mechanics.length > 0 && !hasItems(game.mechanics)) game.mechanics = mechanics;
  // The 2021 dataset's domains are categories, added to the stored ones (BGG's own categories
  // from the XML say other things: "Card Game" next to the domain "Strategy Games").
  const domains = domainSlugs(csv.domains, records, known);
  if (domains.length > 0) {
    const listed = Array.isArray(game.categories) ? (game.categories as string[]) : [];
    game.categories = [...listed, ...domains.filter((d) => !listed.includes(d))].slice(0, 100);
  }
  const mode = modeFor(game as ModeInput, stored as (ModeInput & { mode?: unknown }) | undefined);
  if (mode !== undefined) game.mode = mode;

  let kept: string | undefined;
  if (csv.rating || csv.weight !== undefined || csv.owned !== undefined) {
    const storedStats = isObject(game.stats) ? game.stats : {};
    kept = storedIsNewer(storedStats, asOf, csv.rating?.votes);
    game.stats = mergeStats(storedStats, csv, asOf, kept !== undefined);
  }
  records.push(game);
  // History on one basis: BGG's own rank and geek rating at the dump's date are that date's
  // snapshot (materialization's snapshots serve the same values while a game has no local
  // votes), whether or not the row's numbers replaced newer stored ones.
  if (csv.geek && csv.rating) {
    const snapshot: CatalogObject = {
      kind: 'snapshot',
      game: slug,
      date: asOf,
      rating: csv.rating.average,
      rating_count: csv.rating.votes,
      bayes_rating: csv.geek.bayes,
    };
    if (csv.geek.rank !== undefined) snapshot.rank_overall = csv.geek.rank;
    const byCategory = domainRanks(csv.geek.byDomain);
    if (csv.geek.rank !== undefined && Object.keys(byCategory).length > 0) snapshot.rank_by_category = byCategory;
    records.push(snapshot);
  }
  return { records, kept };
}

/** The dump's per-domain ranks by category slug (the 2021 dataset's domains, bgg-terms.json). */
function domainRanks(byDomain: Record<string, number>): Record<string, number> {
  const byCategory: Record<string, number> = {};
  for (const [domain, rank] of Object.entries(byDomain)) {
    for (const t of bggTermsByName('domain', domain)) if (t.kind === 'category') byCategory[t.slug] = rank;
  }
  return byCategory;
}

/**
 * The row's rating, weight and owner count overlaid on the stored stats (or none). The 2021
 * dataset's weight comes without its vote count: it is stored alone, unless the stored stats
 * already have a weight with votes (the XML's averageweight and numweights), which stays.
 */
function mergeStats(stored: CatalogObject, csv: CsvGame, asOf: string, older: boolean): CatalogObject {
  const stats: CatalogObject = { ...stored };
  const rating = csv.rating;
  // Newer wins (newer-wins.ts): a row older than the stored statistics (dated earlier, or
  // with fewer rating votes: the 2021 dataset after the 2025 dump) never replaces them; it
  // only fills in what they lack (docs/import-bgg-folder.md).
  if (rating && !older) {
    stats.rating = rating.average;
    stats.rating_votes = rating.votes;
    if (stored.rating_votes !== rating.votes) {
      // A distribution and stddev describe the old vote set; with a new count they would lie.
      delete stats.rating_distribution;
      delete stats.rating_stddev;
    }
  }
  if (csv.weight !== undefined && stored.weight_votes === undefined && !(older && stored.weight !== undefined)) {
    stats.weight = csv.weight;
  }
  if (csv.owned !== undefined && (!older || stored.owner_count === undefined)) stats.owner_count = csv.owned;
  if (older) {
    // BGG's geek rating and rank come from a whole ranking (the dump) only: one the stored
    // statistics lack is filled in, whatever their date.
    if (csv.geek && stats.rating !== undefined && stats.bayes_rating === undefined) {
      stats.bayes_rating = csv.geek.bayes;
      if (csv.geek.rank !== undefined && stats.unranked !== true) stats.rank_overall = csv.geek.rank;
    }
    return stats;
  }
  if (rating || stats.as_of === undefined) stats.as_of = asOf;
  // The dump's own geek rating and ranks, served as they are while the game has no local
  // votes (docs/materialization.md). A row without them clears stored ones only when it
  // brings a new rating (they describe the old vote set).
  if (csv.geek && rating) {
    stats.bayes_rating = csv.geek.bayes;
    if (csv.geek.rank !== undefined) stats.rank_overall = csv.geek.rank;
    else delete stats.rank_overall;
    const byCategory = domainRanks(csv.geek.byDomain);
    if (Object.keys(byCategory).length > 0) stats.rank_by_category = byCategory;
    else delete stats.rank_by_category;
  }
  // A row without a geek rating (the 2021 dataset) never erases the stored one: BGG's geek
  // rating and ranks come from a whole ranking only, and absence never erases.
  // BGG's own choice not to rank a game (re-releases, big boxes, expansions) is kept, so the
  // store ranks what BGG ranks; a row that ranks it clears an earlier flag.
  if (csv.ranked === false) stats.unranked = true;
  else if (csv.ranked === true) delete stats.unranked;
  return stats;
}

/** Sets min/max from the row unless the result would have min > max (then the stored pair stays). */
function applyRange(
  game: CatalogObject,
  minKey: string,
  maxKey: string,
  min: number | undefined,
  max: number | undefined,
): void {
  const nextMin = min ?? game[minKey];
  const nextMax = max ?? game[maxKey];
  if (typeof nextMin === 'number' && typeof nextMax === 'number' && nextMin > nextMax) return;
  if (min !== undefined) game[minKey] = min;
  if (max !== undefined) game[maxKey] = max;
}

/**
 * BGG mechanic names as our mechanic slugs, through the one BGG term map (by name; the XML
 * importer reads the same map by id, so both meet on one term); a name the map lacks is a
 * term of its own (never dropped). A term the store has (slug or alias) is reused; any
 * other is declared once, before the first game that lists it.
 */
function mechanicSlugs(names: readonly string[], records: CatalogObject[], known: KnownGames): string[] {
  const slugs: string[] = [];
  for (const term of names.flatMap((n) => bggTermsByName('mechanic', n))) {
    if (slugs.includes(term.slug)) continue;
    if (!known.mechanics.has(term.slug)) {
      records.push({ kind: 'mechanic', slug: term.slug, name: term.name });
      known.mechanics.add(term.slug);
    }
    slugs.push(term.slug);
  }
  return slugs.slice(0, 100);
}

/** The 2021 dataset's domain names as category slugs, declared like mechanics. */
function domainSlugs(names: readonly string[], records: CatalogObject[], known: KnownGames): string[] {
  const slugs: string[] = [];
  for (const term of names.flatMap((n) => bggTermsByName('domain', n))) {
    if (term.kind !== 'category' || slugs.includes(term.slug)) continue;
    if (!known.categories.has(term.slug)) {
      records.push({ kind: 'category', slug: term.slug, name: term.name });
      known.categories.add(term.slug);
    }
    slugs.push(term.slug);
  }
  return slugs;
}

function hasItems(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

function isObject(value: unknown): value is CatalogObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
