// Full-text search over games (D30, D56 and issue 15): names, alternate names, the names of
// their designers, artists, publishers and families, and their descriptions.
//
// Every matching game gets one relevance tier, its best (lowest):
//   0 name         every query word prefixes a distinct token of the primary name (this
//                  includes the name equal to the query and the name starting with it), or
//                  the query is the full name (two words or more, exactly) of one of the
//                  game's designers, artists or publishers
//   1 alternate    an alternate name matches by tier 0's name rule
//   2 fuzzy        the primary or an alternate name matches within the typo budget
//   3 people       a designer, artist or publisher name matches (typos allowed)
//   4 family       a family name matches (typos allowed)
//   5 description  every query word is a whole word of the description
// Inside a tier games come by popularity: rating_votes (owner_count when there are no rating
// votes) desc, then bayes_rating desc, then id asc. Documents are numbered in that order at
// build time, so a game's relevance key is simply tier · documents + its number.
//
// Why exact, prefix and word matches of the name share a tier: on the BGG catalog the
// game people mean is nearly always the popular one whose name holds their words, not an
// obscure game that happens to carry exactly those words ("avalon" means The Resistance:
// Avalon over two "Avalon"s with 39 and 367 votes; "gloom" means Gloomhaven). A designer's
// full name asks for that designer's games, which outrank games merely named after them
// ("reiner knizia": Tigris & Euphrates over Reiner Knizia's Decathlon) by the same rule.

import type { TextHit, TextMatches, TextRanking } from '../api.js';
import { MATCHED_FIELDS } from '../domain.js';
import { analyzeText, codePointLength, type AnalyzedText } from './analyze.js';
import { tokenDictionaryBuilder, type TokenDictionary, prefixRange } from './dictionary.js';
import { editDistance } from './fuzzy.js';
import { EXACT, FUZZY, type MatchLevel, NameMatcher } from './name-matcher.js';
import {
  FIELD_CODE,
  TIER_ALTERNATE,
  TIER_DESCRIPTION,
  TIER_FAMILY,
  TIER_FUZZY,
  TIER_NAME,
  TIER_PEOPLE,
  TIERS,
} from './codes.js';
import { slotOf, TierBits } from './tier-bits.js';
import { floatKeys, radixSortRowsSteps, rowsByStringSteps } from '../radix.js';
import { runSteps, StepBudget } from '../steps.js';

export type EntityField = 'designer' | 'artist' | 'publisher' | 'family';

/** The score each tier reports (0..1, a name match = 1, so the exact name is 1 as D56 says). */
export const TIER_SCORES = [1, 0.8, 0.6, 0.5, 0.4, 0.3] as const;
export const TIER_NAMES = ['name', 'alternate_name', 'fuzzy', 'people', 'family', 'description'] as const;
/** Words a person's name needs for an exact match to count as a full name (tier 0). */
const FULL_NAME_WORDS = 2;

const FIELD_NAME = FIELD_CODE.name;
const FIELD_ALTERNATE = FIELD_CODE.alternate_name;

/** One game as the text index sees it. */
export interface TextDocument {
  row: number;
  name: string;
  alternateNames: readonly string[];
  description?: string | null;
  /** rating_votes, or owner_count when there are no rating votes; NaN when neither is known. */
  popularity: number;
  /** bayes_rating, NaN when null: the second popularity key. */
  rankKey: number;
  id: string;
}

/** A person, publisher or family and the rows of its games. */
export interface TextEntity {
  name: string;
  field: EntityField;
  rows: readonly number[];
}

export type { TextMatches } from '../api.js';

export interface TextIndex {
  /** The best `limit` hits. */
  search(query: string, limit: number): TextHit[];
  /** Every hit, best first. */
  matches(query: string): TextMatches;
  /**
   * The hits of `query` read lazily by `read`, of the documents in `mask` only when given
   * (docMask()). The ranking is valid only while `read` runs: the index reuses its buffers
   * for the next search, and a ranking used after its callback returned throws.
   */
  rank<T>(query: string, mask: Uint32Array | undefined, read: (ranking: TextRanking) => T): T;
  /** The documents whose row passes `keep`, as a mask for rank(). */
  docMask(keep: (row: number) => boolean): Uint32Array;
  /** A corrected query that finds something, when `query` finds nothing; undefined otherwise. */
  suggest(query: string): string | undefined;
}

/** Shortest query worth answering, in code points after folding (D30: q >= 2 chars). */
const MIN_QUERY_LENGTH = 2;
const EMPTY: TextMatches = {
  rows: new Uint32Array(0),
  tiers: new Uint8Array(0),
  fields: new Uint8Array(0),
  keys: new Uint32Array(0),
};

export interface TextIndexOptions {
  /**
   * A token of the people index (designers, artists, publishers, families) whose entities
   * hold at least this many games between them (a game of two such entities counted twice)
   * keeps those games as bitsets, one per slot they are recorded under, so a one-word query
   * reaching it ORs words instead of setting a bit per (entity, game). Default: the bitsets'
   * word count (games / 32), where the two cost about the same. Tests set 0 (every token)
   * or Infinity (none).
   */
  wholeTokenGames?: number;
  /**
   * The same for a token of the names index (names and alternate names) held by at least this
   * many names: its games as one bitset per field, whole or sparse (sparseGames), ORed into the
   * slot of the field and of the level it matched at. Default: 1/32 of the bitsets' word count
   * (a name visited alone cost about 17 ns, reads of its owner, its mark and the tier bits all
   * over memory, where an OR costs under 1 ns a word: "castle" at 150,000 games, 3,979 names,
   * 127 → 77 µs a search; on the BGG catalog 77 → 66 µs), the most-held tokens first within
   * MAX_NAME_TOKEN_BITSET_BYTES.
   */
  wholeNameTokenGames?: number;
  /** Most bytes of those names bitsets (default MAX_NAME_TOKEN_BITSET_BYTES; tests set less). */
  maxNameTokenBytes?: number;
}

export function buildTextIndex(
  docs: readonly TextDocument[],
  entities: readonly TextEntity[] = [],
  options: TextIndexOptions = {},
): TextIndex {
  return runSteps(buildTextIndexSteps(docs, entities, options));
}

/** Documents handled per step of a stepped build. */
const ITEMS_PER_STEP = 512;
/**
 * Work per step over entities and people tokens, in games visited (an entity's name analysed
 * counts as 32): an entity or token may hold ten games or tens of thousands.
 */
const GAMES_PER_STEP = 32_768;
/** Most bytes the names index's token bitsets take (whole: stride × 4; sparse: 8 a set word). */
export const MAX_NAME_TOKEN_BITSET_BYTES = 16 * 2 ** 20;
const NAME_WORK = 32;

/**
 * buildTextIndex as steps (512 documents, 2,048 names or entities weighed by their games a
 * step; each dictionary's sort, renumbering and postings a step each): at 150,000 games the
 * whole build takes about a second, too long to hold a serving thread.
 */
export function* buildTextIndexSteps(
  input: readonly TextDocument[],
  entities: readonly TextEntity[] = [],
  options: TextIndexOptions = {},
): Generator<void, TextIndex> {
  const docs = yield* popularityOrderSteps(input);
  yield;
  const n = docs.length;
  const rows = new Uint32Array(n);
  const docOfRow = new Int32Array(docs.reduce((max, d) => Math.max(max, d.row + 1), 0)).fill(-1);
  for (let d = 0; d < n; d++) {
    rows[d] = docs[d].row;
    docOfRow[docs[d].row] = d;
  }
  const texts: string[] = [];
  const owners: number[] = [];
  const tags: number[] = [];
  const descriptions = tokenDictionaryBuilder();
  const descriptionDoc: number[] = [];
  for (let d = 0; d < n; d++) {
    if (d % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    texts.push(docs[d].name);
    owners.push(d);
    tags.push(FIELD_NAME);
    for (const alt of docs[d].alternateNames) {
      texts.push(alt);
      owners.push(d);
      tags.push(FIELD_ALTERNATE);
    }
    const text = docs[d].description;
    if (text) {
      descriptions.add(analyzeText(text).words);
      descriptionDoc.push(d);
    }
  }
  yield;
  const names = yield* NameMatcher.buildSteps(texts, owners, tags);
  const description = yield* descriptions.buildSteps();

  const entityStart = new Uint32Array(entities.length + 1);
  const entityDocList: number[] = [];
  const fullName = new Uint8Array(entities.length);
  const entityBudget = new StepBudget(GAMES_PER_STEP);
  for (let e = 0; e < entities.length; e++) {
    if (entityBudget.spend(entities[e].rows.length + NAME_WORK)) yield;
    const seen = new Set<number>();
    for (const row of entities[e].rows) {
      const d = row >= 0 && row < docOfRow.length ? docOfRow[row] : -1;
      if (d >= 0) seen.add(d);
    }
    // Ascending: a broad query records them in memory order, which the order of a set allows.
    for (const d of Uint32Array.from(seen).sort()) entityDocList.push(d);
    entityStart[e + 1] = entityDocList.length;
    if (entities[e].field !== 'family') {
      const analyzed = analyzeText(entities[e].name);
      fullName[e] = analyzed.words.length + analyzed.cjk.length >= FULL_NAME_WORDS ? 1 : 0;
    }
  }
  const entityDocs = Uint32Array.from(entityDocList);
  yield;
  const people = yield* NameMatcher.buildSteps(
    entities.map((e) => e.name),
    entities.map((_, e) => e),
    entities.map((e) => FIELD_CODE[e.field]),
  );
  const bits = new TierBits(n);
  const tokenGames = yield* tokenGamesSteps(
    people,
    entityDocs,
    (entry) => entityStart[people.owner[entry]],
    (entry) => entityStart[people.owner[entry] + 1],
    (entry) => peopleSlot(people.tag[entry]),
    bits.stride,
    options.wholeTokenGames ?? bits.stride,
  );
  // A name entry is one game's: its "documents" are [entry, entry + 1) of the owners.
  const nameTokenGames = yield* tokenGamesSteps(
    names,
    names.owner,
    (entry) => entry,
    (entry) => entry + 1,
    (entry) => names.tag[entry],
    bits.stride,
    options.wholeNameTokenGames ?? Math.ceil(bits.stride / 32),
    options.maxNameTokenBytes ?? MAX_NAME_TOKEN_BITSET_BYTES,
    true,
  );
  return new Index({
    rows,
    names,
    people,
    entityStart,
    entityDocs,
    fullName,
    description,
    descriptionDoc: Uint32Array.from(descriptionDoc),
    docOfRow,
    bits,
    peopleTokenGames: tokenGames,
    nameTokenGames,
  });
}

/** What an index is made of (buildTextIndexSteps builds them). */
interface IndexParts {
  rows: Uint32Array;
  names: NameMatcher;
  people: NameMatcher;
  entityStart: Uint32Array;
  entityDocs: Uint32Array;
  fullName: Uint8Array;
  description: TokenDictionary;
  descriptionDoc: Uint32Array;
  docOfRow: Int32Array;
  bits: TierBits;
  peopleTokenGames: Map<number, TokenGames>;
  nameTokenGames: Map<number, TokenGames>;
}

/**
 * Documents in popularity order: popularity desc, rankKey desc (NaN last in both), id asc.
 * Stable radix passes over the ids' order, a step each (a comparator sort of 150,000
 * documents held the thread ~85 ms in one call).
 */
function* popularityOrderSteps(docs: readonly TextDocument[]): Generator<void, TextDocument[]> {
  const byId = yield* rowsByStringSteps(docs.map((d) => d.id));
  yield;
  const rankKeys = new Float64Array(docs.length);
  const popularity = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    if (i % KEYS_PER_STEP === KEYS_PER_STEP - 1) yield;
    rankKeys[i] = docs[i].rankKey;
    popularity[i] = docs[i].popularity;
  }
  yield;
  const rankWords = descNanLast(rankKeys);
  const popularityWords = descNanLast(popularity);
  if (rankWords === null || popularityWords === null) return byComparator(docs); // big-endian
  yield;
  const byRank = yield* radixSortRowsSteps(byId, rankWords);
  const byPopularity = yield* radixSortRowsSteps(byRank, popularityWords);
  return Array.from(byPopularity, (i) => docs[i]);
}

/** The same order by a comparator sort (where floatKeys has no radix keys). */
function byComparator(docs: readonly TextDocument[]): TextDocument[] {
  const desc = (a: number, b: number): number => {
    const na = Number.isNaN(a);
    const nb = Number.isNaN(b);
    if (na || nb) return na === nb ? 0 : na ? 1 : -1;
    return b - a;
  };
  return [...docs].sort(
    (a, b) =>
      desc(a.popularity, b.popularity) || desc(a.rankKey, b.rankKey) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Documents whose two sort keys are read per step of popularityOrderSteps. */
const KEYS_PER_STEP = 32_768;

/** Radix keys ordering values descending, NaN after every number (null: a big-endian platform). */
function descNanLast(values: Float64Array): Uint32Array[] | null {
  const keys = floatKeys(values, true);
  if (keys === null) return null;
  const [hi, lo] = keys;
  for (let i = 0; i < values.length; i++)
    if (Number.isNaN(values[i])) {
      hi[i] = 0xffffffff;
      lo[i] = 0xffffffff;
    }
  return keys;
}

class Index implements TextIndex {
  private readonly rows: Uint32Array;
  private readonly names: NameMatcher;
  private readonly people: NameMatcher;
  /** Documents of entity e: entityDocs[entityStart[e] .. entityStart[e+1]). */
  private readonly entityStart: Uint32Array;
  private readonly entityDocs: Uint32Array;
  /** 1 when entity e is a designer, artist or publisher whose name has two words or more. */
  private readonly fullName: Uint8Array;
  private readonly description: TokenDictionary;
  /** Document of each description entry. */
  private readonly descriptionDoc: Uint32Array;
  /** Document of each row (-1: a row the index does not hold). */
  private readonly docOfRow: Int32Array;
  // Per-search scratch: one search at a time (searching is set while one runs).
  private readonly bits: TierBits;
  private readonly descriptionHits: Uint32Array;
  /** Every match of one matches() call, before its arrays are made to size. */
  private readonly allDocs: Uint32Array;
  private readonly allFields: Uint8Array;
  private searching = false;
  /** People tokens holding many games: those games per slot (see TextIndexOptions). */
  private readonly peopleTokenGames: Map<number, TokenGames>;
  /** NameMatcher's wholeToken for the people index: ORs a token's bitsets when it has them. */
  private readonly orPeopleToken = (token: number): boolean => {
    const games = this.peopleTokenGames.get(token);
    if (games === undefined) return false;
    for (let k = 0; k < games.keys.length; k++) this.bits.orWords(games.keys[k], games.words[k]);
    return true;
  };
  /** Name tokens holding many names: their games per field (see TextIndexOptions). */
  private readonly nameTokenGames: Map<number, TokenGames>;
  /** NameMatcher's wholeToken for the names index: a field's bitset into the slot of the level. */
  private readonly orNameToken = (token: number, level: MatchLevel): boolean => {
    const games = this.nameTokenGames.get(token);
    if (games === undefined) return false;
    for (let k = 0; k < games.keys.length; k++) {
      const slot = nameSlot(level, games.keys[k]);
      const index = games.index[k];
      if (index) this.bits.orSparse(slot, index, games.words[k]);
      else this.bits.orWords(slot, games.words[k]);
    }
    return true;
  };

  constructor(parts: IndexParts) {
    this.rows = parts.rows;
    this.names = parts.names;
    this.people = parts.people;
    this.entityStart = parts.entityStart;
    this.entityDocs = parts.entityDocs;
    this.fullName = parts.fullName;
    this.description = parts.description;
    this.descriptionDoc = parts.descriptionDoc;
    this.docOfRow = parts.docOfRow;
    this.bits = parts.bits;
    this.peopleTokenGames = parts.peopleTokenGames;
    this.nameTokenGames = parts.nameTokenGames;
    const n = this.rows.length;
    this.allDocs = new Uint32Array(n);
    this.allFields = new Uint8Array(n);
    this.descriptionHits = new Uint32Array(this.descriptionDoc.length);
  }

  search(query: string, limit: number): TextHit[] {
    if (!(limit >= 1)) return [];
    return this.rank(query, undefined, (ranking) => ranking.hits(0, limit));
  }

  matches(query: string): TextMatches {
    return this.collected(query, undefined, () => this.allMatches(), false)?.value ?? EMPTY;
  }

  rank<T>(query: string, mask: Uint32Array | undefined, read: (ranking: TextRanking) => T): T {
    let live = true;
    const alive = (): void => {
      if (!live) throw new Error('a text ranking was read after its callback returned');
    };
    const ranking: { -readonly [K in keyof TextRanking]: TextRanking[K] } = {
      total: 0,
      hits: (start, end) => {
        alive();
        return this.hits(start, end);
      },
      rankOf: (row) => {
        alive();
        const doc = row >= 0 && row < this.docOfRow.length ? this.docOfRow[row] : -1;
        return doc < 0 || !this.searching ? -1 : this.bits.rankOf(doc);
      },
    };
    try {
      const ran = this.collected(query, mask, () => {
        ranking.total = this.bits.total;
        return read(ranking);
      });
      return ran === undefined ? read(ranking) : ran.value;
    } finally {
      live = false;
    }
  }

  docMask(keep: (row: number) => boolean): Uint32Array {
    const mask = new Uint32Array(this.bits.stride);
    for (let d = 0; d < this.rows.length; d++) if (keep(this.rows[d])) mask[d >>> 5] |= 1 << (d & 31);
    return mask;
  }

  /**
   * Runs one search: collects the matches of query, counts them (in mask; not for
   * matches(), which counts them as it reads them all), hands them to read, then clears
   * every trace of them. Undefined for a query too short to answer.
   */
  private collected<T>(
    query: string,
    mask: Uint32Array | undefined,
    read: () => T,
    count = true,
  ): { value: T } | undefined {
    const analyzed = analyzeText(query);
    if (codePointLength(analyzed.compact) < MIN_QUERY_LENGTH) return undefined;
    if (this.searching) throw new Error('a text search was started while another was being read');
    this.searching = true;
    try {
      this.collect(analyzed);
      if (count) this.bits.count(mask);
      return { value: read() };
    } finally {
      this.bits.clear();
      this.searching = false;
    }
  }

  /** The hits of ranks [start, end) of the search being read. */
  private hits(start: number, end: number): TextHit[] {
    const out: TextHit[] = [];
    const from = Math.max(0, start);
    if (!(end > from) || !this.searching) return out;
    const rows = this.rows;
    this.bits.walk(from, (doc, tier, field) => {
      out.push({ row: rows[doc], score: TIER_SCORES[tier], field: MATCHED_FIELDS[field] });
      return out.length < end - from;
    });
    return out;
  }

  /** Every match of the search being read, best first. */
  private allMatches(): TextMatches {
    const n = this.rows.length;
    const tierEnd = new Int32Array(TIERS);
    const count = this.bits.all(this.allDocs, this.allFields, tierEnd);
    const rows = new Uint32Array(count);
    const tiers = new Uint8Array(count);
    const fields = this.allFields.slice(0, count);
    const keys = new Uint32Array(count);
    const { rows: rowOf, allDocs: docs } = this;
    let i = 0;
    for (let tier = 0; tier < TIERS; tier++) {
      tiers.fill(tier, i, tierEnd[tier]);
      for (const key = tier * n; i < tierEnd[tier]; i++) {
        rows[i] = rowOf[docs[i]];
        keys[i] = key + docs[i];
      }
    }
    return { rows, tiers, fields, keys };
  }

  suggest(query: string): string | undefined {
    const analyzed = analyzeText(query);
    if (analyzed.words.length === 0 || this.count(query) > 0) return undefined;
    const corrected = analyzed.words.map((word) => this.closestToken(word) ?? word);
    const suggestion = [...corrected, ...analyzed.cjk].join(' ');
    if (suggestion === analyzed.words.join(' ')) return undefined;
    return this.count(suggestion) > 0 ? suggestion : undefined;
  }

  private count(query: string): number {
    return this.rank(query, undefined, (ranking) => ranking.total);
  }

  private collect(query: AnalyzedText): void {
    const { names, bits } = this;
    names.match(
      query,
      (entry, level) => bits.set(nameSlot(level, names.tag[entry]), names.owner[entry]),
      this.nameTokenGames.size > 0 ? this.orNameToken : undefined,
    );
    const people = this.people;
    people.match(
      query,
      (entry, level) => {
        const field = people.tag[entry];
        const e = people.owner[entry];
        const slot = level === EXACT && this.fullName[e] === 1 ? slotOf(TIER_NAME, field) : peopleSlot(field);
        bits.setAll(slot, this.entityDocs, this.entityStart[e], this.entityStart[e + 1]);
      },
      this.peopleTokenGames.size > 0 ? this.orPeopleToken : undefined,
    );
    this.matchDescriptions(query);
  }

  /** Documents whose description holds every query word as a whole word (CJK queries: none). */
  private matchDescriptions(query: AnalyzedText): void {
    if (query.cjk.length > 0 || query.words.length === 0 || this.descriptionDoc.length === 0) return;
    const { tokens, postingStart, postings } = this.description;
    const ids: number[] = [];
    for (const word of query.words) {
      const [lo, hi] = prefixRange(tokens, word);
      if (lo === hi || tokens[lo] !== word) return;
      ids.push(lo);
    }
    ids.sort((a, b) => postingStart[a + 1] - postingStart[a] - (postingStart[b + 1] - postingStart[b]));
    const hits = this.descriptionHits;
    const first = ids[0];
    let count = 0;
    for (let i = postingStart[first]; i < postingStart[first + 1]; i++) hits[count++] = postings[i];
    for (let w = 1; w < ids.length && count > 0; w++) {
      // Both lists ascending: a merge keeps the common entries.
      let kept = 0;
      let j = postingStart[ids[w]];
      const end = postingStart[ids[w] + 1];
      for (let i = 0; i < count; i++) {
        while (j < end && postings[j] < hits[i]) j++;
        if (j < end && postings[j] === hits[i]) hits[kept++] = hits[i];
      }
      count = kept;
    }
    const slot = slotOf(TIER_DESCRIPTION, FIELD_CODE.description);
    for (let i = 0; i < count; i++) this.bits.set(slot, this.descriptionDoc[hits[i]]);
  }

  /** The name or people token nearest to `word` (up to 3 edits), the most used among equals. */
  private closestToken(word: string): string | undefined {
    let best: string | undefined;
    let bestDistance = Infinity;
    let bestUse = -1;
    for (const matcher of [this.names, this.people]) {
      const { tokens, postingStart } = matcher.dictionary;
      const budget = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
      const ranges = matcher.trie.ranges(word, budget);
      for (let r = 0; r < ranges.length; r += 2) {
        for (let t = ranges[r]; t < ranges[r + 1]; t++) {
          const token = tokens[t];
          // Whole-token distance: a suggestion is a word, not a prefix.
          const distance = editDistance(word, token, budget);
          if (distance > budget) continue;
          const use = postingStart[t + 1] - postingStart[t];
          if (distance < bestDistance || (distance === bestDistance && use > bestUse)) {
            best = token;
            bestDistance = distance;
            bestUse = use;
          }
        }
      }
    }
    return best;
  }
}

/**
 * The games of one token, as bitsets over documents, one per key (a slot, or a field): whole
 * (stride words), or sparse (`index`: the non-zero words' indexes, ascending; `words`: their
 * values).
 */
interface TokenGames {
  keys: Uint8Array;
  words: Uint32Array[];
  /** Per key, the sparse words' indexes (null: whole). */
  index: (Uint32Array | null)[];
}

/**
 * The slot an entity's games are recorded under when it matches short of a full name: a
 * family's tier, or the people tier (fullName[e] never holds for a family).
 */
function peopleSlot(field: number): number {
  return slotOf(field === FIELD_CODE.family ? TIER_FAMILY : TIER_PEOPLE, field);
}

/** The slot a name entry of `field` matched at `level` is recorded under. */
function nameSlot(level: MatchLevel, field: number): number {
  return slotOf(level === FUZZY ? TIER_FUZZY : field === FIELD_NAME ? TIER_NAME : TIER_ALTERNATE, field);
}

/**
 * Whole bitsets (one per key) as sparse ones where under half their words are set: a sparse
 * one marks only its own words touched, so a narrow search's reads stay narrow (a whole one
 * marks every word: "castle" on the BGG catalog, 486 matches, took 225 µs that way, 68 µs
 * sparse), while a near-whole one is ORed faster whole and would take more bytes sparse.
 */
function sparseGames(keys: readonly number[], bitsets: readonly Uint32Array[]): TokenGames {
  const index: (Uint32Array | null)[] = [];
  const words: Uint32Array[] = [];
  for (const bitset of bitsets) {
    let n = 0;
    for (let w = 0; w < bitset.length; w++) if (bitset[w] !== 0) n++;
    if (n * 2 > bitset.length) {
      index.push(null);
      words.push(bitset);
      continue;
    }
    const at = new Uint32Array(n);
    const values = new Uint32Array(n);
    n = 0;
    for (let w = 0; w < bitset.length; w++) {
      if (bitset[w] === 0) continue;
      at[n] = w;
      values[n++] = bitset[w];
    }
    index.push(at);
    words.push(values);
  }
  return { keys: Uint8Array.from(keys), words, index };
}

function* tokenGamesSteps(
  matcher: NameMatcher,
  docs: Uint32Array,
  startOf: (entry: number) => number,
  endOf: (entry: number) => number,
  keyOf: (entry: number) => number,
  stride: number,
  minGames: number,
  maxBytes = Infinity,
  sparse = false,
): Generator<void, Map<number, TokenGames>> {
  const out = new Map<number, TokenGames>();
  const { postingStart, postings } = matcher.dictionary;
  const budget = new StepBudget(GAMES_PER_STEP);
  const candidates: number[] = [];
  const gamesOf = new Map<number, number>();
  for (let t = 0; t + 1 < postingStart.length; t++) {
    let games = 0;
    for (let i = postingStart[t]; i < postingStart[t + 1]; i++) games += endOf(postings[i]) - startOf(postings[i]);
    if (budget.spend(postingStart[t + 1] - postingStart[t])) yield;
    if (games === 0 || games < minGames) continue;
    candidates.push(t);
    gamesOf.set(t, games);
  }
  yield;
  // The most-held tokens first, while the bitsets fit in maxBytes.
  candidates.sort((a, b) => (gamesOf.get(b) ?? 0) - (gamesOf.get(a) ?? 0) || a - b);
  let bytes = 0;
  for (const t of candidates) {
    if (budget.spend(gamesOf.get(t) ?? 0)) yield;
    const keys: number[] = [];
    const words: Uint32Array[] = [];
    for (let i = postingStart[t]; i < postingStart[t + 1]; i++) {
      const entry = postings[i];
      const key = keyOf(entry);
      let k = keys.indexOf(key);
      if (k < 0) {
        k = keys.push(key) - 1;
        words.push(new Uint32Array(stride));
      }
      const bitset = words[k];
      for (let j = startOf(entry); j < endOf(entry); j++) {
        const d = docs[j];
        bitset[d >>> 5] |= 1 << (d & 31);
      }
    }
    const games: TokenGames = sparse
      ? sparseGames(keys, words)
      : { keys: Uint8Array.from(keys), words, index: keys.map(() => null) };
    for (let k = 0; k < games.words.length; k++) bytes += games.words[k].byteLength * (games.index[k] ? 2 : 1);
    if (bytes > maxBytes) break;
    out.set(t, games);
  }
  yield;
  return out;
}
