// Seeded random catalogs for the engine tests: the same games as a DatasetInput (what the
// loader hands the engine) and as the plain objects the oracle reads. Small value domains on
// purpose, so sort ties, nulls, empty results and effective-mode rescues all happen often.

import { emptyNumberArrays, makeGamesTable } from '../../engine/columns.js';
import {
  AWARD_RESULTS,
  EXPERIENCE_LEVELS,
  FUNDING_SOURCES,
  GAME_MODES,
  GAME_TYPES,
  LANGUAGE_DEPENDENCE_LEVELS,
  PERSON_ROLES,
  RELATIONSHIP_TYPES,
  type EffectiveProperty,
  type ModificationOperation,
  type PersonRole,
  type RelationshipType,
  type TaxonomyKind,
} from '../../engine/domain.js';
import { emptyCommunityInput } from '../../engine/community-data.js';
import {
  GAME_NUMBER_COLUMNS,
  GAME_STRING_COLUMNS,
  type DatasetInput,
  type GameNumberColumn,
  type GameStringColumn,
  type TermInput,
} from '../../engine/input.js';
import type { OracleCatalog, OracleCombination, OracleGame, OracleModification } from '../oracle.js';
import { arrayListColumn } from '../../engine/list-column.js';

/** A small deterministic PRNG (mulberry32). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  some<T>(items: readonly T[], max: number): T[] {
    const out: T[] = [];
    const count = this.int(0, max);
    for (let i = 0; i < count; i++) {
      const item = this.pick(items);
      if (!out.includes(item)) out.push(item);
    }
    return out;
  }
  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += '0123456789abcdef'[this.int(0, 15)];
    return out;
  }
}

export interface Vocabulary {
  mechanics: string[];
  categories: string[];
  themes: string[];
  people: string[];
  publishers: string[];
  families: string[];
  awards: string[];
  /** Alias -> canonical slug, per taxonomy kind. */
  aliases: Record<TaxonomyKind, Record<string, string>>;
}

export interface RandomCatalog {
  input: DatasetInput;
  oracle: OracleCatalog;
  vocab: Vocabulary;
  /** Terms, people etc. with ids, for resolve tests. */
  ids: { people: string[]; awards: string[] };
}

export interface RandomCatalogOptions {
  games?: number;
  /** Deliver rows in the loader's order (bayes_rating desc nulls last, id asc). */
  bayesOrder?: boolean;
}

const WORDS = [
  'Castle',
  'Azul',
  'Brass',
  'Spirit',
  'Island',
  'Wing',
  'Terra',
  'Ärger',
  'Catan',
  'Root',
  'Élan',
  "Tzolk'in",
];
const ARTICLES = ['', '', '', 'The ', 'A ', 'An '];
const EFFECTIVE_PROPS: EffectiveProperty[] = [
  'min_players',
  'max_players',
  'min_playtime',
  'max_playtime',
  'weight',
  'min_age',
  'top_at',
  'recommended_at',
];
const OPERATIONS: ModificationOperation[] = ['set', 'add', 'multiply'];

function uuid(rng: Rng): string {
  return `${rng.hex(8)}-${rng.hex(4)}-7${rng.hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${rng.hex(3)}-${rng.hex(12)}`;
}

function maybe<T>(rng: Rng, value: T, nullChance = 0.15): T | null {
  return rng.chance(nullChance) ? null : value;
}

function countList(rng: Rng): number[] {
  return rng.some([1, 2, 3, 4, 5, 6, 7], 3).sort((a, b) => a - b);
}

function randomGame(rng: Rng, index: number, vocab: Vocabulary): OracleGame {
  const minPlayers = maybe(rng, rng.int(1, 4));
  const minTime = maybe(rng, rng.int(1, 8) * 15);
  const allExperience = rng.chance(0.5);
  const experience = (): number | null =>
    allExperience ? (rng.chance(0.1) ? null : rng.int(70, 180) / 100) : rng.chance(0.6) ? null : rng.int(70, 180) / 100;
  return {
    id: uuid(rng),
    slug: `g-${index}`,
    name: `${rng.pick(ARTICLES)}${rng.pick(WORDS)}${rng.chance(0.5) ? ` ${rng.pick(WORDS)}` : ''}`,
    type: rng.pick(GAME_TYPES),
    mode: maybe(rng, rng.pick(GAME_MODES), 0.3),
    language_dependence: maybe(rng, rng.pick(LANGUAGE_DEPENDENCE_LEVELS), 0.3),
    funding_source: maybe(rng, rng.pick(FUNDING_SOURCES), 0.3),
    legacy_id: rng.chance(0.3) ? null : rng.chance(0.7) ? String(rng.int(1, 40)) : `x${rng.int(1, 9)}`,
    parent_game_id: null,
    release_date: rng.chance(0.4) ? null : `20${rng.int(10, 12)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
    year_published: maybe(rng, rng.int(1995, 2002)),
    min_players: minPlayers,
    // Now and then a huge party game, beyond the player facet's cap of 20.
    max_players: maybe(rng, (minPlayers ?? 1) + rng.int(0, 5) + (rng.chance(0.03) ? 25 : 0)),
    min_playtime: minTime,
    max_playtime: maybe(rng, (minTime ?? 15) + rng.int(0, 6) * 15),
    community_min_playtime: maybe(rng, rng.int(1, 8) * 10),
    community_max_playtime: maybe(rng, rng.int(3, 20) * 10),
    community_median_playtime: maybe(rng, rng.int(2, 15) * 10),
    min_age: maybe(rng, rng.int(6, 16)),
    community_suggested_age: maybe(rng, rng.int(6, 16)),
    weight: maybe(rng, rng.chance(0.5) ? rng.int(4, 20) / 4 : rng.int(100, 500) / 100),
    weight_votes: maybe(rng, rng.int(0, 60)),
    rating: maybe(rng, rng.int(10, 100) / 10),
    rating_votes: maybe(rng, rng.int(0, 30) * 5),
    rating_confidence: maybe(rng, rng.int(0, 20) / 20),
    bayes_rating: maybe(rng, rng.int(40, 90) / 10),
    rank_overall: maybe(rng, rng.int(1, 200), 0.3),
    trending_score: maybe(rng, rng.int(0, 12)),
    experience: { first_play: experience(), learning: experience(), experienced: experience(), expert: experience() },
    top_player_counts: countList(rng),
    recommended_player_counts: countList(rng),
    mechanics: rng.some(vocab.mechanics, 3),
    categories: rng.some(vocab.categories, 2),
    themes: rng.some(vocab.themes, 2),
    designers: rng.some(vocab.people, 2),
    artists: rng.some(vocab.people, 2),
    publishers: rng.some(vocab.publishers, 2),
    families: rng.some(vocab.families, 1),
    // Full text: an alternate name, a description and owner counts now and then.
    alternate_names: rng.chance(0.3) ? [`${rng.pick(WORDS)} ${rng.pick(WORDS)}`] : [],
    description: rng.chance(0.4) ? `${rng.pick(WORDS)} and ${rng.pick(WORDS)} ${rng.pick(WORDS)}` : null,
    owner_count: maybe(rng, rng.int(0, 60)),
    awards: Array.from({ length: rng.chance(0.6) ? 0 : rng.int(1, 2) }, () => ({
      slug: rng.pick(vocab.awards),
      result: rng.pick(AWARD_RESULTS),
    })),
  };
}

function vocabulary(): Vocabulary {
  const list = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
  return {
    mechanics: list('mech', 10),
    categories: list('cat', 5),
    // 'mech-0' is also a mechanic slug on purpose: kinds must not mix.
    themes: [...list('theme', 5), 'mech-0'],
    people: list('person', 8),
    publishers: list('pub', 4),
    families: list('fam', 3),
    awards: list('award', 3),
    aliases: {
      mechanic: { 'mech-alias-1': 'mech-1', 'mech-alias-2': 'mech-2' },
      category: { 'cat-old': 'cat-0' },
      theme: { 'theme-old': 'theme-3' },
    },
  };
}

function randomModValue(rng: Rng, property: EffectiveProperty, operation: ModificationOperation): number | number[] {
  if (property === 'top_at' || property === 'recommended_at') return countList(rng);
  if (operation === 'multiply') return rng.pick([0.5, 0.8, 1.25, 1.5, 2]);
  if (operation === 'add')
    return property === 'weight'
      ? rng.pick([-0.5, 0.25, 0.3, 1])
      : rng.int(-2, 4) * (property.includes('playtime') ? 15 : 1);
  if (property === 'weight') return rng.int(100, 500) / 100;
  if (property.includes('playtime')) return rng.int(1, 12) * 15;
  if (property === 'min_age') return rng.int(8, 14);
  return rng.int(1, 8);
}

/** Games, expansions, modifications, combinations and links; then the engine input. */
export function randomCatalog(seed: number, options: RandomCatalogOptions = {}): RandomCatalog {
  const rng = new Rng(seed);
  const vocab = vocabulary();
  const n = options.games ?? rng.int(20, 160);
  let games = Array.from({ length: n }, (_, i) => randomGame(rng, i, vocab));
  const modifications: OracleModification[] = [];
  const combinations: OracleCombination[] = [];
  const expands: { source: number; target: number }[] = [];
  const otherEdges: { source: number; target: number; type: RelationshipType }[] = [];

  // About a third of the games are expansions of one of the first half's games.
  const bases = Array.from({ length: Math.max(1, Math.floor(n / 2)) }, (_, i) => i);
  const expansionsOf = new Map<number, number[]>();
  for (let e = Math.floor(n / 2); e < n; e++) {
    if (!rng.chance(0.7)) continue;
    const base = rng.pick(bases);
    const how = rng.int(0, 2); // 0: parent only, 1: expands edge only, 2: both
    if (how !== 1) games[e].parent_game_id = games[base].id;
    if (how !== 0) expands.push({ source: e, target: base });
    if (how === 1 && rng.chance(0.5)) games[e].parent_game_id = null;
    expansionsOf.set(base, [...(expansionsOf.get(base) ?? []), e]);
    const modCount = rng.chance(0.3) ? 0 : rng.int(1, 4);
    for (let m = 0; m < modCount; m++) {
      const property = rng.pick(EFFECTIVE_PROPS);
      const operation =
        property === 'top_at' || property === 'recommended_at'
          ? rng.pick(['set', 'add'] as const)
          : rng.pick(OPERATIONS);
      modifications.push({ expansion: e, base, property, operation, value: randomModValue(rng, property, operation) });
    }
  }
  // A few modifications naming a base the expansion is not linked to (ignored by D17).
  for (let i = 0; i < 2 && n > 4; i++) {
    modifications.push({
      expansion: rng.int(0, n - 1),
      base: rng.int(0, n - 1),
      property: 'max_players',
      operation: 'add',
      value: 1,
    });
  }
  for (const [base, list] of expansionsOf) {
    const records = rng.chance(0.6) ? rng.int(1, 3) : 0;
    for (let r = 0; r < records; r++) {
      const set = rng.some(list, 3);
      if (set.length === 0) continue;
      const num = (lo: number, hi: number): number | null => (rng.chance(0.5) ? null : rng.int(lo, hi));
      combinations.push({
        base,
        expansions: set,
        min_players: num(1, 3),
        max_players: num(3, 8),
        min_playtime: rng.chance(0.5) ? null : rng.int(1, 6) * 15,
        max_playtime: rng.chance(0.5) ? null : rng.int(3, 12) * 15,
        weight: rng.chance(0.5) ? null : rng.int(100, 500) / 100,
        min_age: num(8, 16),
        top_at: rng.chance(0.5) ? null : countList(rng),
        recommended_at: rng.chance(0.5) ? null : countList(rng),
      });
    }
  }
  for (let i = 0; i < n / 4; i++) {
    otherEdges.push({
      source: rng.int(0, n - 1),
      target: rng.int(0, n - 1),
      type: rng.pick(RELATIONSHIP_TYPES.filter((t) => t !== 'expands')),
    });
  }

  if (options.bayesOrder) {
    // Reorder rows as the loader does and remap every index reference.
    const order = games
      .map((_, i) => i)
      .sort((a, b) => {
        const x = games[a].bayes_rating;
        const y = games[b].bayes_rating;
        if (x !== y) {
          if (x === null) return 1;
          if (y === null) return -1;
          return y - x;
        }
        return games[a].id < games[b].id ? -1 : 1;
      });
    const newIndex = new Array<number>(n);
    for (const [i, old] of order.entries()) newIndex[old] = i;
    games = order.map((old) => games[old]);
    for (const m of modifications) {
      m.expansion = newIndex[m.expansion];
      m.base = newIndex[m.base];
    }
    for (const c of combinations) {
      c.base = newIndex[c.base];
      c.expansions = c.expansions.map((e) => newIndex[e]);
    }
    for (const edge of [...expands, ...otherEdges]) {
      edge.source = newIndex[edge.source];
      edge.target = newIndex[edge.target];
    }
  }

  const oracle: OracleCatalog = { games, modifications, combinations, expands };
  const { input, ids } = toInput(oracle, vocab, otherEdges);
  return { input, oracle, vocab, ids };
}

/**
 * The engine's columns the oracle models under the same name, from the Game field registry
 * (the oracle's experience multipliers are nested; the timestamps are fixed below).
 */
const ORACLE_GAME = blankGame(0);
const NUMBER_FIELDS = GAME_NUMBER_COLUMNS.filter((c): c is GameNumberColumn & keyof OracleGame => c in ORACLE_GAME);
const STRING_FIELDS = GAME_STRING_COLUMNS.filter((c): c is GameStringColumn & keyof OracleGame => c in ORACLE_GAME);

/** The engine input for an oracle catalog (terms, people etc. named by the vocabulary). */
export function toInput(
  catalog: OracleCatalog,
  vocab: Vocabulary,
  otherEdges: { source: number; target: number; type: RelationshipType }[] = [],
): { input: DatasetInput; ids: { people: string[]; awards: string[] } } {
  const games = catalog.games;
  const n = games.length;
  const rng = new Rng(n * 7919 + 17);
  const numbers = emptyNumberArrays(n);
  const strings = Object.fromEntries(
    GAME_STRING_COLUMNS.map((c) => [c, new Array<string | null>(n).fill(null)]),
  ) as Record<GameStringColumn, (string | null)[]>;
  games.forEach((g, i) => {
    for (const field of NUMBER_FIELDS) numbers[field][i] = g[field] ?? Number.NaN;
    for (const level of EXPERIENCE_LEVELS) numbers[`experience_${level}`][i] = g.experience[level] ?? Number.NaN;
    for (const field of STRING_FIELDS) strings[field][i] = g[field];
    strings.created_at[i] = '2024-01-01T00:00:00Z';
    strings.updated_at[i] = '2024-06-01T00:00:00Z';
  });

  const terms: TermInput[] = [];
  const termIndex = new Map<string, number>();
  const addTerms = (kind: TaxonomyKind, slugs: string[]): void => {
    for (const slug of slugs) {
      termIndex.set(`${kind}:${slug}`, terms.length);
      const aliases = Object.entries(vocab.aliases[kind])
        .filter(([, canonical]) => canonical === slug)
        .map(([alias]) => alias);
      terms.push({
        id: uuid(rng),
        kind,
        slug,
        name: slug.toUpperCase(),
        description: null,
        parent_slug: null,
        aliases,
      });
    }
  };
  addTerms('mechanic', vocab.mechanics);
  addTerms('category', vocab.categories);
  addTerms('theme', vocab.themes);
  const entity = (slug: string) => ({ id: uuid(rng), slug, name: `Name of ${slug}`, description: null });
  const people = vocab.people.map(entity);
  const publishers = vocab.publishers.map((s) => ({ ...entity(s), country: null, website: null }));
  const families = vocab.families.map(entity);
  const awards = vocab.awards.map((s) => ({ ...entity(s), organization: null, website: null }));

  const link = (pairs: [number, number][]) => ({
    game: Uint32Array.from(pairs, (p) => p[0]),
    target: Uint32Array.from(pairs, (p) => p[1]),
  });
  const termPairs: [number, number][] = [];
  const familyPairs: [number, number][] = [];
  const publisherPairs: [number, number][] = [];
  const creditPairs: [number, number, PersonRole][] = [];
  const awardRows: { game: number; award: number; result: (typeof AWARD_RESULTS)[number] }[] = [];
  const altNames: { game: number; name: string }[] = [];
  games.forEach((g, i) => {
    for (const s of g.mechanics) termPairs.push([i, termIndex.get(`mechanic:${s}`) as number]);
    // A repeated link now and then: counts must still count the game once.
    if (g.mechanics.length > 0 && rng.chance(0.05))
      termPairs.push([i, termIndex.get(`mechanic:${g.mechanics[0]}`) as number]);
    for (const s of g.categories) termPairs.push([i, termIndex.get(`category:${s}`) as number]);
    for (const s of g.themes) termPairs.push([i, termIndex.get(`theme:${s}`) as number]);
    for (const s of g.families) familyPairs.push([i, vocab.families.indexOf(s)]);
    for (const s of g.publishers) publisherPairs.push([i, vocab.publishers.indexOf(s)]);
    for (const s of g.artists) creditPairs.push([i, vocab.people.indexOf(s), 'artist']);
    for (const s of g.designers) creditPairs.push([i, vocab.people.indexOf(s), 'designer']);
    if (rng.chance(0.3)) creditPairs.push([i, rng.int(0, people.length - 1), rng.pick(PERSON_ROLES.slice(2))]);
    for (const a of g.awards) awardRows.push({ game: i, award: vocab.awards.indexOf(a.slug), result: a.result });
    for (const name of g.alternate_names) altNames.push({ game: i, name });
  });
  const relations = [...catalog.expands.map((e) => ({ ...e, type: 'expands' as RelationshipType })), ...otherEdges];

  const input: DatasetInput = {
    games: makeGamesTable(numbers, strings),
    lists: {
      rating_distribution: arrayListColumn(games.map(() => null)),
      rank_by_category: arrayListColumn(games.map(() => null)),
      top_player_counts: arrayListColumn(games.map((g) => [...g.top_player_counts])),
      recommended_player_counts: arrayListColumn(games.map((g) => [...g.recommended_player_counts])),
      legacy_id_numeric: games.map((g) => g.legacy_id !== null && /^\d+$/.test(g.legacy_id)),
    },
    terms,
    people,
    publishers,
    families,
    awards,
    gameTerms: link(termPairs),
    gameFamilies: link(familyPairs),
    gamePublishers: link(publisherPairs),
    gameCredits: { ...link(creditPairs.map((c) => [c[0], c[1]])), role: creditPairs.map((c) => c[2]) },
    gameAwards: {
      game: Uint32Array.from(awardRows, (a) => a.game),
      award: Uint32Array.from(awardRows, (a) => a.award),
      year: Int32Array.from(awardRows, () => 2020),
      result: awardRows.map((a) => a.result),
      category: awardRows.map(() => null),
    },
    alternateNames: {
      game: Uint32Array.from(altNames, (a) => a.game),
      name: altNames.map((a) => a.name),
      language: altNames.map(() => 'de'),
    },
    relationships: {
      source: Uint32Array.from(relations, (r) => r.source),
      target: Uint32Array.from(relations, (r) => r.target),
      type: relations.map((r) => r.type),
      ordinal: Int32Array.from(relations, () => 0),
    },
    modifications: catalog.modifications.map((m, i) => ({
      id: `mod-${i}`,
      ...m,
      value: Array.isArray(m.value) ? [...m.value] : m.value,
    })),
    combinations: catalog.combinations.map((c, i) => ({
      id: `combo-${i}`,
      ...c,
      expansions: [...c.expansions],
      top_at: c.top_at ? [...c.top_at] : null,
      recommended_at: c.recommended_at ? [...c.recommended_at] : null,
    })),
    community: emptyCommunityInput(),
  };
  return { input, ids: { people: people.map((p) => p.id), awards: awards.map((a) => a.id) } };
}

/** A game with every field null or empty, for hand-written test catalogs. */
export function blankGame(index: number, overrides: Partial<OracleGame> = {}): OracleGame {
  return {
    id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
    slug: `g-${index}`,
    name: `Game ${index}`,
    type: 'base_game',
    mode: null,
    language_dependence: null,
    funding_source: null,
    legacy_id: null,
    parent_game_id: null,
    release_date: null,
    year_published: null,
    min_players: null,
    max_players: null,
    min_playtime: null,
    max_playtime: null,
    community_min_playtime: null,
    community_max_playtime: null,
    community_median_playtime: null,
    min_age: null,
    community_suggested_age: null,
    weight: null,
    weight_votes: null,
    rating: null,
    rating_votes: null,
    rating_confidence: null,
    bayes_rating: null,
    rank_overall: null,
    trending_score: null,
    experience: { first_play: null, learning: null, experienced: null, expert: null },
    top_player_counts: [],
    recommended_player_counts: [],
    mechanics: [],
    categories: [],
    themes: [],
    designers: [],
    artists: [],
    publishers: [],
    families: [],
    awards: [],
    alternate_names: [],
    description: null,
    owner_count: null,
    ...overrides,
  };
}

export const TEST_VOCABULARY = vocabulary;
