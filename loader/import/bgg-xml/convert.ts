// One BGG thing item → catalog records: the terms, people, publishers and families it needs
// that do not exist yet, then the game itself. Values outside the catalog's ranges are
// left out rather than clamped, and BGG's "0 = unknown" is read as absent.

import type { GameType, TaxonomyKind } from '../../../engine/index.js';
import type { CatalogGame, CatalogRecord } from '../../catalog/records.js';
import { bggTermsByLink } from '../mappings/bgg-terms.js';
import { deriveMode } from '../mode.js';
import { slugify, uniqueSlug } from '../slugs.js';
import type { Known, NamedKind } from './known.js';
import type { BggItem, BggLink } from './parse.js';
import { SKIP, type Skips } from './skips.js';
import { convertStats } from './stats.js';

export const ITEM_TYPES: Record<string, GameType> = {
  boardgame: 'base_game',
  boardgameexpansion: 'expansion',
  boardgameaccessory: 'accessory',
};

const PLACEHOLDERS = new Set(['(Uncredited)', '(Unknown)']);
const MAX = { name: 300, entityName: 200, description: 20_000, list: 100, publishers: 200, alternateNames: 200 };

export interface Converted {
  /** New entity records the game refers to, then the game. */
  records: CatalogRecord[];
  game: CatalogGame;
}

/** The game's slug: its stored slug when the BGG id is known, else a new one from the name. */
export function gameSlugFor(item: BggItem, name: string, known: Known): string {
  return known.gameSlug(item.id) ?? uniqueSlug(name, item.id, (s) => known.gameSlugTaken(s), 'game');
}

export function primaryName(item: BggItem): string | undefined {
  const name = (item.names.find((n) => n.primary) ?? item.names[0])?.value;
  return name ? cut(name, MAX.name) : undefined;
}

/** `parent`: the first inbound base-game link whose game is known, if any. */
export function parentSlug(item: BggItem, known: Known): string | undefined {
  for (const link of item.links) {
    if (link.type !== 'boardgameexpansion' || !link.inbound || link.id === item.id) continue;
    const slug = known.gameSlug(link.id);
    if (slug) return slug;
  }
  return undefined;
}

export function convertItem(
  item: BggItem,
  type: GameType,
  known: Known,
  skips: Skips,
  where: string,
): Converted | undefined {
  const name = primaryName(item);
  if (!name) {
    skips.add(SKIP.noName, `${where}: id ${item.id}`);
    return undefined;
  }
  const records: CatalogRecord[] = [];
  const slug = gameSlugFor(item, name, known);
  known.addGame(item.id, slug);

  const terms: Record<TaxonomyKind, string[]> = { mechanic: [], category: [], theme: [] };
  const named: Record<NamedKind | 'artist' | 'designer', string[]> = {
    person: [],
    designer: [],
    artist: [],
    publisher: [],
    family: [],
  };
  for (const link of item.links) {
    switch (link.type) {
      case 'boardgamemechanic':
        addTerms(link, 'mechanic', terms, known, records);
        break;
      case 'boardgamecategory':
        addTerms(link, 'category', terms, known, records);
        break;
      case 'boardgamedesigner':
      case 'boardgameartist':
      case 'boardgamepublisher':
      case 'boardgamefamily': {
        if (PLACEHOLDERS.has(link.value)) {
          skips.add(SKIP.placeholder, `${where}: id ${item.id} ${link.type} ${link.value}`);
          break;
        }
        const kind: NamedKind =
          link.type === 'boardgamepublisher' ? 'publisher' : link.type === 'boardgamefamily' ? 'family' : 'person';
        const role = link.type === 'boardgamedesigner' ? 'designer' : link.type === 'boardgameartist' ? 'artist' : kind;
        const entitySlug = addNamed(link, kind, known, records);
        if (!named[role].includes(entitySlug)) named[role].push(entitySlug);
        break;
      }
      case 'boardgameexpansion':
      case 'boardgameimplementation':
      case 'boardgameintegration':
      case 'boardgamecompilation':
        break; // relationships and parent: handled by the importer once both ends are known
      default:
        skips.add(SKIP.linkType, `${where}: id ${item.id} ${link.type} ${link.id}`);
    }
  }

  const game: CatalogGame = { kind: 'game', slug, name, type };
  const year = item.year;
  if (year !== undefined && year !== 0 && year >= -5000 && year <= 2100) game.year_published = year;
  if (type !== 'base_game') {
    const parent = parentSlug(item, known);
    if (parent && parent !== slug) game.parent = parent;
  }
  const minPlayers = positive(item.minPlayers, 1000);
  const maxPlayers = positive(item.maxPlayers, 1000);
  if (minPlayers !== undefined) game.min_players = minPlayers;
  if (maxPlayers !== undefined && (minPlayers === undefined || maxPlayers >= minPlayers)) game.max_players = maxPlayers;
  const minTime = positive(item.minPlaytime ?? item.playingTime, 100_000);
  const maxTime = positive(item.maxPlaytime ?? item.playingTime, 100_000);
  if (minTime !== undefined) game.min_playtime = minTime;
  if (maxTime !== undefined && (minTime === undefined || maxTime >= minTime)) game.max_playtime = maxTime;
  const minAge = positive(item.minAge, 99);
  if (minAge !== undefined) game.min_age = minAge;
  game.legacy_id = item.id;
  if (item.description) game.description = cut(item.description, MAX.description);
  if (item.image && item.image.length <= 2000) game.image_url = item.image;
  if (item.thumbnail && item.thumbnail.length <= 2000) game.thumbnail_url = item.thumbnail;
  if (terms.mechanic.length) game.mechanics = terms.mechanic.slice(0, MAX.list);
  if (terms.category.length) game.categories = terms.category.slice(0, MAX.list);
  if (terms.theme.length) game.themes = terms.theme.slice(0, MAX.list);
  if (named.family.length) game.families = named.family.slice(0, MAX.list);
  if (named.designer.length) game.designers = named.designer.slice(0, MAX.list);
  if (named.artist.length) game.artists = named.artist.slice(0, MAX.list);
  if (named.publisher.length) game.publishers = named.publisher.slice(0, MAX.publishers);
  game.mode = deriveMode(game);
  const alternates = alternateNames(item, name);
  if (alternates.length) game.alternate_names = alternates;
  const stats = convertStats(item);
  if (stats) game.stats = stats;
  records.push(game);
  return { records, game };
}

/** Alternate names in BGG order, without the primary name or repeats. Language unknown: left out. */
function alternateNames(item: BggItem, primary: string): { name: string }[] {
  const seen = new Set([primary]);
  const out: { name: string }[] = [];
  for (const n of item.names) {
    const value = cut(n.value, MAX.name);
    if (n.primary || value === '' || seen.has(value)) continue;
    seen.add(value);
    out.push({ name: value });
    if (out.length === MAX.alternateNames) break;
  }
  return out;
}

/**
 * A BGG mechanic or category → our terms through the one BGG term map (by BGG id); a BGG
 * term the map lacks becomes a term of its own named after it. Terms the store lacks are
 * created. A BGG category may map to a theme, or to a category and a theme.
 */
function addTerms(
  link: BggLink,
  kind: 'mechanic' | 'category',
  into: Record<TaxonomyKind, string[]>,
  known: Known,
  records: CatalogRecord[],
): void {
  for (const t of bggTermsByLink(kind, link.id, link.value)) {
    let slug = known.term(t.kind, t.slug);
    if (!slug) {
      slug = t.slug;
      records.push({ kind: t.kind, slug, name: cut(t.name, MAX.entityName) });
      known.addTerm(t.kind, slug);
    }
    if (!into[t.kind].includes(slug)) into[t.kind].push(slug);
  }
}

/** A person, publisher or family by slug; created when the store has none with that slug. */
function addNamed(link: BggLink, kind: NamedKind, known: Known, records: CatalogRecord[]): string {
  const slug = slugify(link.value) || `${kind}-${link.id}`;
  if (!known.hasNamed(kind, slug)) {
    records.push({ kind, slug, name: cut(link.value, MAX.entityName) || `BGG ${kind} ${link.id}` });
    known.addNamed(kind, slug);
  }
  return slug;
}

function positive(n: number | undefined, max: number): number | undefined {
  return n !== undefined && n >= 1 && n <= max ? n : undefined;
}

/** At most `max` UTF-16 units (the schema's measure), never splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  return s
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}
