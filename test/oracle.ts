// The naive oracle: the meaning of every filter, sort, page, facet and effective-mode match,
// computed row by row over plain objects with no indexes. The property tests hold the engine
// to it, so it is written for obviousness, never for speed, and shares no engine code beyond
// types, domain constants and the name sort key.

import {
  type AwardResult,
  DEFAULT_EXPERIENCE_MULTIPLIERS,
  type EffectiveProperty,
  type EffectiveValues,
  type ExperienceLevel,
  type FacetDimension,
  type Facets,
  type Filter,
  type FundingSource,
  type GameMode,
  type GameType,
  type LanguageDependence,
  type MatchedVia,
  type ModificationOperation,
  type Page,
  type Position,
  type RankedQuery,
  RELEVANCE,
  type SortKey,
  sortName,
} from '../engine/index.js';
import { oracleTextTier } from './oracle-text.js';

export interface OracleGame {
  id: string;
  slug: string;
  name: string;
  type: GameType;
  mode: GameMode | null;
  language_dependence: LanguageDependence | null;
  funding_source: FundingSource | null;
  legacy_id: string | null;
  parent_game_id: string | null;
  release_date: string | null;
  year_published: number | null;
  min_players: number | null;
  max_players: number | null;
  min_playtime: number | null;
  max_playtime: number | null;
  community_min_playtime: number | null;
  community_max_playtime: number | null;
  community_median_playtime: number | null;
  min_age: number | null;
  community_suggested_age: number | null;
  weight: number | null;
  weight_votes: number | null;
  rating: number | null;
  rating_votes: number | null;
  rating_confidence: number | null;
  bayes_rating: number | null;
  rank_overall: number | null;
  trending_score: number | null;
  experience: Record<ExperienceLevel, number | null>;
  top_player_counts: number[];
  recommended_player_counts: number[];
  mechanics: string[];
  categories: string[];
  themes: string[];
  designers: string[];
  artists: string[];
  publishers: string[];
  families: string[];
  awards: { slug: string; result: AwardResult }[];
  /** Full text (test/oracle-text.ts). */
  alternate_names: string[];
  description: string | null;
  owner_count: number | null;
}

export interface OracleModification {
  /** Index of the expansion game. */
  expansion: number;
  /** Index of the base game it modifies. */
  base: number;
  property: EffectiveProperty;
  operation: ModificationOperation;
  value: number | number[];
}

export interface OracleCombination {
  base: number;
  expansions: number[];
  min_players: number | null;
  max_players: number | null;
  min_playtime: number | null;
  max_playtime: number | null;
  weight: number | null;
  min_age: number | null;
  top_at: number[] | null;
  recommended_at: number[] | null;
}

export interface OracleCatalog {
  games: OracleGame[];
  modifications: OracleModification[];
  combinations: OracleCombination[];
  /** `expands` relationships: source expansion index -> target base index. */
  expands: { source: number; target: number }[];
}

// ---------------------------------------------------------------- effective resolution

const NUMERIC_PROPS = ['min_players', 'max_players', 'min_playtime', 'max_playtime', 'weight', 'min_age'] as const;

export function oracleBaseValues(game: OracleGame): EffectiveValues {
  return {
    min_players: game.min_players,
    max_players: game.max_players,
    min_playtime: game.min_playtime,
    max_playtime: game.max_playtime,
    weight: game.weight,
    min_age: game.min_age,
    top_at: [...game.top_player_counts],
    recommended_at: [...game.recommended_player_counts],
  };
}

/** Release order of expansions: year (null last), release date (null last), id. */
function releaseBefore(a: OracleGame, b: OracleGame): number {
  const ya = a.year_published;
  const yb = b.year_published;
  if (ya !== yb) {
    if (ya === null) return 1;
    if (yb === null) return -1;
    return ya < yb ? -1 : 1;
  }
  const da = a.release_date;
  const db = b.release_date;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? -1 : 1;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

function inRelease(catalog: OracleCatalog, rows: number[]): number[] {
  const distinct = rows.filter((r, i) => rows.indexOf(r) === i);
  return distinct.sort((a, b) => releaseBefore(catalog.games[a], catalog.games[b]));
}

function sameSet(a: number[], b: number[]): boolean {
  const sa = a.filter((x, i) => a.indexOf(x) === i).sort((x, y) => x - y);
  const sb = b.filter((x, i) => b.indexOf(x) === i).sort((x, y) => x - y);
  return sa.length === sb.length && sa.every((x, i) => x === sb[i]);
}

function modsOf(catalog: OracleCatalog, base: number, expansion: number): OracleModification[] {
  return catalog.modifications.filter((m) => m.base === base && m.expansion === expansion);
}

function tier1(base: EffectiveValues, record: OracleCombination): EffectiveValues {
  return {
    min_players: record.min_players ?? base.min_players,
    max_players: record.max_players ?? base.max_players,
    min_playtime: record.min_playtime ?? base.min_playtime,
    max_playtime: record.max_playtime ?? base.max_playtime,
    weight: record.weight ?? base.weight,
    min_age: record.min_age ?? base.min_age,
    top_at: [...(record.top_at ?? base.top_at)],
    recommended_at: [...(record.recommended_at ?? base.recommended_at)],
  };
}

function tier2(base: EffectiveValues, mods: OracleModification[]): EffectiveValues {
  const out: EffectiveValues = { ...base, top_at: [...base.top_at], recommended_at: [...base.recommended_at] };
  for (const p of NUMERIC_PROPS) {
    const mine = mods.filter((m) => m.property === p);
    const sets = mine.filter((m) => m.operation === 'set');
    let v: number | null = sets.length > 0 ? (sets[sets.length - 1].value as number) : base[p];
    for (const m of mine) if (m.operation === 'add' && v !== null) v = v + (m.value as number);
    for (const m of mine) if (m.operation === 'multiply' && v !== null) v = v * (m.value as number);
    out[p] = v;
  }
  for (const p of ['top_at', 'recommended_at'] as const) {
    const mine = mods.filter((m) => m.property === p);
    const sets = mine.filter((m) => m.operation === 'set');
    let list = sets.length > 0 ? [...(sets[sets.length - 1].value as number[])] : [...base[p]];
    for (const m of mine) if (m.operation === 'add') list = list.concat(m.value as number[]);
    out[p] = list;
  }
  // Post-processing, in the documented order.
  for (const p of NUMERIC_PROPS) {
    const v = out[p];
    if (p !== 'weight' && v !== null) out[p] = Math.floor(v + 0.5);
  }
  if (out.min_players !== null && out.min_players < 1) out.min_players = 1;
  if (out.min_players !== null && out.max_players !== null && out.max_players < out.min_players)
    out.max_players = out.min_players;
  if (out.weight !== null) out.weight = out.weight < 1 ? 1 : Math.min(out.weight, 5);
  for (const p of ['min_playtime', 'max_playtime', 'min_age'] as const) {
    const v = out[p];
    if (v !== null && v < 0) out[p] = 0;
  }
  for (const p of ['top_at', 'recommended_at'] as const) {
    const kept: number[] = [];
    for (const n of out[p]) {
      if (kept.includes(n)) continue;
      if (out.min_players !== null && n < out.min_players) continue;
      if (out.max_players !== null && n > out.max_players) continue;
      kept.push(n);
    }
    out[p] = kept.sort((a, b) => a - b);
  }
  return out;
}

export interface OracleResolution {
  tier: 1 | 2 | 3;
  values: EffectiveValues;
  /** Requested expansions in evaluation (release) order. */
  order: number[];
}

/** Three tiers for a base and a requested expansion set. */
export function oracleResolve(catalog: OracleCatalog, base: number, expansions: number[]): OracleResolution {
  const order = inRelease(catalog, expansions);
  const baseVals = oracleBaseValues(catalog.games[base]);
  if (order.length > 0) {
    const record = catalog.combinations.find((c) => c.base === base && sameSet(c.expansions, order));
    if (record) return { tier: 1, values: tier1(baseVals, record), order };
  }
  const mods = order.flatMap((e) => modsOf(catalog, base, e));
  if (mods.length > 0) return { tier: 2, values: tier2(baseVals, mods), order };
  return { tier: 3, values: baseVals, order };
}

interface Candidate {
  tier: 1 | 2;
  expansions: number[];
  values: EffectiveValues;
  sequence: number;
}

function expansionsOf(catalog: OracleCatalog, base: number): number[] {
  const baseId = catalog.games[base].id;
  const out: number[] = [];
  catalog.games.forEach((g, i) => {
    if (i !== base && g.parent_game_id !== null && g.parent_game_id.toLowerCase() === baseId.toLowerCase()) out.push(i);
  });
  for (const edge of catalog.expands)
    if (edge.target === base && edge.source !== base && !out.includes(edge.source)) out.push(edge.source);
  return out;
}

/** Candidate expansion sets of a base game (D11), in the D12 reporting order. */
export function oracleCandidates(catalog: OracleCatalog, base: number): Candidate[] {
  const baseVals = oracleBaseValues(catalog.games[base]);
  const out: Candidate[] = [];
  catalog.combinations.forEach((record, index) => {
    if (record.base !== base) return;
    out.push({
      tier: 1,
      expansions: inRelease(catalog, record.expansions),
      values: tier1(baseVals, record),
      sequence: index,
    });
  });
  for (const e of expansionsOf(catalog, base)) {
    const mods = modsOf(catalog, base, e);
    if (mods.length === 0) continue;
    if (catalog.combinations.some((c) => c.base === base && sameSet(c.expansions, [e]))) continue;
    out.push({ tier: 2, expansions: [e], values: tier2(baseVals, mods), sequence: e });
  }
  const ids = (c: Candidate): string[] => c.expansions.map((e) => catalog.games[e].id).sort();
  return out.sort((a, b) => {
    if (a.tier !== b.tier) return a.tier - b.tier;
    if (a.expansions.length !== b.expansions.length) return a.expansions.length - b.expansions.length;
    if (a.expansions.length > 0) {
      const c = releaseBefore(
        catalog.games[a.expansions[a.expansions.length - 1]],
        catalog.games[b.expansions[b.expansions.length - 1]],
      );
      if (c !== 0) return c;
    }
    const ia = ids(a).join('|');
    const ib = ids(b).join('|');
    if (ia !== ib) return ia < ib ? -1 : 1;
    return a.sequence - b.sequence;
  });
}

// ---------------------------------------------------------------- filters

function multiplier(game: OracleGame, level: ExperienceLevel | undefined): number {
  if (level === undefined) return 1;
  const e = game.experience;
  const sufficient = e.first_play !== null && e.learning !== null && e.experienced !== null && e.expert !== null;
  return sufficient ? (e[level] as number) : DEFAULT_EXPERIENCE_MULTIPLIERS[level];
}

const has = (v: unknown): boolean => v !== undefined && v !== null;
const listOn = <T>(v: T[] | undefined): v is T[] => Array.isArray(v) && v.length > 0;
const atLeast = (value: number | null, bound: number | undefined): boolean =>
  bound === undefined || (value !== null && value >= bound);
const atMost = (value: number | null, bound: number | undefined): boolean =>
  bound === undefined || (value !== null && value <= bound);
const times = (value: number | null, m: number): number | null => (value === null ? null : value * m);

/** The effective-aware filters (weight optional) on a set of values of `game`. */
function passesAware(values: EffectiveValues, game: OracleGame, f: Filter, withWeight: boolean): boolean {
  if (withWeight && !(atLeast(values.weight, f.weight_min) && atMost(values.weight, f.weight_max))) return false;
  if (has(f.players)) {
    const n = f.players as number;
    if (values.min_players === null || values.max_players === null) return false;
    if (!(values.min_players <= n && n <= values.max_players)) return false;
  }
  if (!atLeast(values.min_players, f.players_min)) return false;
  if (!atMost(values.max_players, f.players_max)) return false;
  if (has(f.top_at) && !values.top_at.includes(f.top_at as number)) return false;
  if (has(f.recommended_at) && !values.recommended_at.includes(f.recommended_at as number)) return false;
  if ((f.playtime_source ?? 'publisher') === 'publisher') {
    const m = multiplier(game, f.playtime_experience);
    if (has(f.playtime_min) && !atLeast(times(values.min_playtime, m), f.playtime_min)) return false;
    if (has(f.playtime_max) && !atMost(times(values.max_playtime, m), f.playtime_max)) return false;
  }
  if ((f.age_source ?? 'publisher') === 'publisher') {
    if (!atLeast(values.min_age, f.age_min) || !atMost(values.min_age, f.age_max)) return false;
  }
  return true;
}

/** Every filter that reads the base row only (weight too when `weightHere`). */
function passesBaseOnly(game: OracleGame, f: Filter, weightHere: boolean): boolean {
  if (weightHere && !(atLeast(game.weight, f.weight_min) && atMost(game.weight, f.weight_max))) return false;
  if (!atLeast(game.rating, f.rating_min) || !atMost(game.rating, f.rating_max)) return false;
  if (!atLeast(game.rating_votes, f.min_rating_votes)) return false;
  if (!atLeast(game.rating_confidence, f.confidence_min)) return false;
  if (!atLeast(game.weight_votes, f.min_weight_votes)) return false;
  if (!atLeast(game.year_published, f.year_min) || !atMost(game.year_published, f.year_max)) return false;
  const m = multiplier(game, f.playtime_experience);
  if (f.playtime_source === 'community') {
    if (has(f.playtime_min) && !atLeast(times(game.community_min_playtime, m), f.playtime_min)) return false;
    if (has(f.playtime_max) && !atMost(times(game.community_max_playtime, m), f.playtime_max)) return false;
  }
  if (has(f.community_playtime_min) && !atLeast(times(game.community_min_playtime, m), f.community_playtime_min))
    return false;
  if (has(f.community_playtime_max) && !atMost(times(game.community_max_playtime, m), f.community_playtime_max))
    return false;
  if (f.age_source === 'community') {
    if (!atLeast(game.community_suggested_age, f.age_min) || !atMost(game.community_suggested_age, f.age_max))
      return false;
  }
  if (listOn(f.type) && !f.type.includes(game.type)) return false;
  if (listOn(f.mode) && (game.mode === null || !f.mode.includes(game.mode))) return false;
  if (
    listOn(f.language_dependence) &&
    (game.language_dependence === null || !f.language_dependence.includes(game.language_dependence))
  )
    return false;
  if (listOn(f.funding_source) && (game.funding_source === null || !f.funding_source.includes(game.funding_source)))
    return false;
  if (listOn(f.legacy_id) && (game.legacy_id === null || !f.legacy_id.includes(game.legacy_id))) return false;
  if (listOn(f.mechanics) && !f.mechanics.some((s) => game.mechanics.includes(s))) return false;
  if (listOn(f.mechanics_all) && !f.mechanics_all.every((s) => game.mechanics.includes(s))) return false;
  if (listOn(f.mechanics_not) && f.mechanics_not.some((s) => game.mechanics.includes(s))) return false;
  if (listOn(f.theme) && !f.theme.some((s) => game.themes.includes(s))) return false;
  if (listOn(f.theme_not) && f.theme_not.some((s) => game.themes.includes(s))) return false;
  if (listOn(f.category) && !f.category.some((s) => game.categories.includes(s))) return false;
  if (listOn(f.category_not) && f.category_not.some((s) => game.categories.includes(s))) return false;
  if (listOn(f.designer) && !f.designer.some((s) => game.designers.includes(s))) return false;
  if (listOn(f.artist) && !f.artist.some((s) => game.artists.includes(s))) return false;
  if (listOn(f.publisher) && !f.publisher.some((s) => game.publishers.includes(s))) return false;
  if (listOn(f.family) && !f.family.some((s) => game.families.includes(s))) return false;
  if (f.award) {
    const { slug, result } = f.award;
    const ok = game.awards.some(
      (a) => (slug === undefined || a.slug === slug) && (result === undefined || a.result === result),
    );
    if (!ok) return false;
  }
  return true;
}

export interface OracleMatch {
  row: number;
  matchedVia: MatchedVia | null;
}

export function oracleMatches(catalog: OracleCatalog, f: Filter): OracleMatch[] {
  const out: OracleMatch[] = [];
  const effective = f.effective === true;
  const weightAware = f.effective_weight !== false;
  catalog.games.forEach((game, row) => {
    if (f.q !== undefined && oracleTextTier(textOf(game), f.q) === null) return;
    if (!effective) {
      if (passesBaseOnly(game, f, false) && passesAware(oracleBaseValues(game), game, f, true))
        out.push({ row, matchedVia: null });
      return;
    }
    if (!passesBaseOnly(game, f, !weightAware)) return;
    if (passesAware(oracleBaseValues(game), game, f, weightAware)) {
      out.push({ row, matchedVia: null });
      return;
    }
    const hit = oracleCandidates(catalog, row).find((c) => passesAware(c.values, game, f, weightAware));
    if (!hit) return;
    out.push({
      row,
      matchedVia: {
        type: 'expansion_combination',
        expansions: hit.expansions.map((e) => ({ slug: catalog.games[e].slug, name: catalog.games[e].name })),
        effective_properties: hit.values,
        resolution_tier: hit.tier,
      },
    });
  });
  return out;
}

// ---------------------------------------------------------------- sort and page

export function oracleSortValue(game: OracleGame, key: SortKey): number | string | null {
  switch (key) {
    case 'bayes_rating':
      return game.bayes_rating;
    case 'trending':
      return game.trending_score;
    case 'rating':
      return game.rating;
    case 'rating_votes':
      return game.rating_votes;
    case 'confidence':
      return game.rating_confidence;
    case 'weight':
      return game.weight;
    case 'name':
      return sortName(game.name);
    case 'year_published':
      return game.year_published;
    case 'playtime':
      return game.max_playtime;
    case 'community_playtime_median':
      return game.community_median_playtime;
    case 'rank':
      return game.rank_overall;
  }
}

/** Negative when (value a, id a) comes before (value b, id b) in the order. */
function compareKeys(
  av: number | string | null,
  aid: string,
  bv: number | string | null,
  bid: string,
  desc: boolean,
): number {
  if (av === null && bv !== null) return 1;
  if (av !== null && bv === null) return -1;
  if (av !== null && bv !== null && av !== bv) {
    const less = av < bv;
    return desc ? (less ? 1 : -1) : less ? -1 : 1;
  }
  if (aid === bid) return 0;
  return aid < bid ? -1 : 1;
}

/** What the full text of a game reads: entity names are the ones toInput gives ("Name of <slug>"). */
export function textOf(game: OracleGame) {
  const named = (slugs: readonly string[]): string[] => slugs.map((slug) => `Name of ${slug}`);
  return {
    name: game.name,
    alternate_names: game.alternate_names,
    people: named([...game.designers, ...game.artists, ...game.publishers]),
    families: named(game.families),
    description: game.description,
  };
}

/** Every game's place in popularity order: votes (owners when none) desc, bayes_rating desc, id. */
function popularityRanks(catalog: OracleCatalog): number[] {
  const popularity = (g: OracleGame): number | null =>
    g.rating_votes !== null && g.rating_votes > 0 ? g.rating_votes : (g.owner_count ?? g.rating_votes);
  const rows = catalog.games.map((_, row) => row);
  rows.sort((a, b) => {
    const ga = catalog.games[a];
    const gb = catalog.games[b];
    return (
      compareKeys(popularity(ga), '', popularity(gb), '', true) ||
      compareKeys(ga.bayes_rating, ga.id, gb.bayes_rating, gb.id, true)
    );
  });
  const rank = new Array<number>(rows.length);
  rows.forEach((row, i) => {
    rank[row] = i;
  });
  return rank;
}

export function oracleQuery(catalog: OracleCatalog, query: RankedQuery): Page {
  const desc = query.order === 'desc';
  let key: (row: number) => number | string | null;
  if (query.sort === RELEVANCE) {
    const q = query.filter.q;
    if (q === undefined) throw new RangeError('relevance needs q');
    const ranks = popularityRanks(catalog);
    const n = catalog.games.length;
    // Best first in desc: the key ascends, so compare negated keys.
    key = (row) => -((oracleTextTier(textOf(catalog.games[row]), q) ?? 0) * n + ranks[row]);
  } else {
    const sort = query.sort;
    key = (row) => oracleSortValue(catalog.games[row], sort);
  }
  const sorted = oracleMatches(catalog, query.filter).sort((a, b) =>
    compareKeys(key(a.row), catalog.games[a.row].id, key(b.row), catalog.games[b.row].id, desc),
  );
  const vsPosition = (m: OracleMatch, p: Position): number => {
    const raw = query.sort === RELEVANCE && typeof p.value === 'number' ? -p.value : p.value;
    const value = typeof raw === 'number' && Number.isNaN(raw) ? null : raw;
    return compareKeys(key(m.row), catalog.games[m.row].id, value, p.id, desc);
  };
  let page: OracleMatch[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (query.after) {
    const p = query.after;
    const later = sorted.filter((m) => vsPosition(m, p) > 0);
    page = later.slice(0, query.limit);
    if (page.length === 0) {
      hasPrev = sorted.some((m) => vsPosition(m, p) <= 0);
      hasNext = false;
    } else {
      hasPrev = sorted.indexOf(page[0]) > 0;
      hasNext = sorted.indexOf(page[page.length - 1]) < sorted.length - 1;
    }
  } else if (query.before) {
    const p = query.before;
    const earlier = sorted.filter((m) => vsPosition(m, p) < 0);
    page = earlier.slice(Math.max(0, earlier.length - query.limit));
    if (page.length === 0) {
      hasNext = sorted.some((m) => vsPosition(m, p) >= 0);
      hasPrev = false;
    } else {
      hasPrev = sorted.indexOf(page[0]) > 0;
      hasNext = sorted.indexOf(page[page.length - 1]) < sorted.length - 1;
    }
  } else {
    page = sorted.slice(0, query.limit);
    hasPrev = false;
    hasNext = sorted.length > query.limit;
  }
  const shown = (row: number): number | string | null => {
    const value = key(row);
    return query.sort === RELEVANCE && typeof value === 'number' ? -value : value;
  };
  const positionOf = (m: OracleMatch | undefined): Position | undefined =>
    m === undefined ? undefined : { value: shown(m.row), id: catalog.games[m.row].id };
  return {
    rows: page.map((m) => m.row),
    matchedVia: page.map((m) => (query.filter.effective === true ? m.matchedVia : null)),
    total: sorted.length,
    hasNext,
    hasPrev,
    first: positionOf(page[0]),
    last: positionOf(page[page.length - 1]),
  };
}

// ---------------------------------------------------------------- facets

const OWN_FILTERS: Record<FacetDimension, (keyof Filter)[]> = {
  mechanics: ['mechanics', 'mechanics_all', 'mechanics_not'],
  categories: ['category', 'category_not'],
  themes: ['theme', 'theme_not'],
  type: ['type'],
  players: ['players', 'players_min', 'players_max', 'top_at', 'recommended_at'],
};

export function oracleFacets(catalog: OracleCatalog, filter: Filter, dims: readonly FacetDimension[]): Facets {
  const out: Facets = {};
  let maxPlayers = 0;
  for (const g of catalog.games) if (g.max_players !== null && g.max_players > maxPlayers) maxPlayers = g.max_players;
  const cap = Math.min(20, maxPlayers);
  for (const dim of dims) {
    const reduced: Filter = { ...filter };
    for (const k of OWN_FILTERS[dim]) delete reduced[k];
    const counts: Record<string, number> = {};
    const bump = (k: string): void => {
      counts[k] = (counts[k] ?? 0) + 1;
    };
    for (const { row } of oracleMatches(catalog, reduced)) {
      const g = catalog.games[row];
      if (dim === 'type') bump(g.type);
      if (dim === 'players') {
        for (let n = 1; n <= cap; n++)
          if (g.min_players !== null && g.max_players !== null && g.min_players <= n && n <= g.max_players)
            bump(String(n));
      }
      const slugs =
        dim === 'mechanics' ? g.mechanics : dim === 'categories' ? g.categories : dim === 'themes' ? g.themes : [];
      for (const s of new Set(slugs)) bump(s);
    }
    out[dim] = counts;
  }
  return out;
}
