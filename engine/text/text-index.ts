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

import type { TextHit, TextMatches } from '../api.js';
import { MATCHED_FIELDS, type MatchedField } from '../domain.js';
import { analyzeText, codePointLength, type AnalyzedText } from './analyze.js';
import { tokenDictionaryBuilder, type TokenDictionary, prefixRange } from './dictionary.js';
import { editDistance } from './fuzzy.js';
import { EXACT, FUZZY, NameMatcher } from './name-matcher.js';

export type EntityField = 'designer' | 'artist' | 'publisher' | 'family';

/** The score each tier reports (0..1, a name match = 1, so the exact name is 1 as D56 says). */
export const TIER_SCORES = [1, 0.8, 0.6, 0.5, 0.4, 0.3] as const;
export const TIER_NAMES = ['name', 'alternate_name', 'fuzzy', 'people', 'family', 'description'] as const;
const TIER_NAME = 0;
const TIER_ALTERNATE = 1;
const TIER_FUZZY = 2;
const TIER_PEOPLE = 3;
const TIER_FAMILY = 4;
const TIER_DESCRIPTION = 5;
const NO_TIER = 255;
/** From this many matches on, ranked() reads the tier bitsets instead of sorting keys. */
const RANK_BY_BITS_FROM = 2048;
/** Words a person's name needs for an exact match to count as a full name (tier 0). */
const FULL_NAME_WORDS = 2;

const FIELD_NAME = 0;
const FIELD_ALTERNATE = 1;
const FIELD_CODE: Readonly<Record<MatchedField, number>> = {
  name: 0,
  alternate_name: 1,
  designer: 2,
  artist: 3,
  publisher: 4,
  family: 5,
  description: 6,
};

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

export function buildTextIndex(docs: readonly TextDocument[], entities: readonly TextEntity[] = []): TextIndex {
  return new Index(docs, entities);
}

/** Documents in popularity order: popularity desc, rankKey desc (NaN last in both), id asc. */
function popularityOrder(docs: readonly TextDocument[]): TextDocument[] {
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
  // Per-search scratch.
  /** Each document's best tier so far (NO_TIER: none). */
  private readonly tier: Uint8Array;
  /**
   * One bitset over documents per tier, tier after tier (bitStride words each): a document's
   * bit is set in its current tier's only, so reading them in order is relevance order.
   */
  private readonly tierBits: Uint32Array;
  private readonly bitStride: number;
  private readonly field: Uint8Array;
  /** Documents holding each tier now (a document moves down as better matches come). */
  private readonly tierCount = new Int32Array(TIER_SCORES.length);
  private readonly touched: Uint32Array;
  private readonly descriptionHits: Uint32Array;
  private touchedCount = 0;

  constructor(input: readonly TextDocument[], entities: readonly TextEntity[]) {
    const docs = popularityOrder(input);
    const n = docs.length;
    this.rows = Uint32Array.from(docs, (d) => d.row);
    const docOfRow = new Map<number, number>();
    for (let d = 0; d < n; d++) docOfRow.set(docs[d].row, d);

    const texts: string[] = [];
    const owners: number[] = [];
    const tags: number[] = [];
    const descriptions = tokenDictionaryBuilder();
    const descriptionDoc: number[] = [];
    for (let d = 0; d < n; d++) {
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
    this.names = new NameMatcher(texts, owners, tags);
    this.description = descriptions.build();
    this.descriptionDoc = Uint32Array.from(descriptionDoc);

    const entityStart = new Uint32Array(entities.length + 1);
    const entityDocs: number[] = [];
    for (let e = 0; e < entities.length; e++) {
      const seen = new Set<number>();
      for (const row of entities[e].rows) {
        const d = docOfRow.get(row);
        if (d !== undefined) seen.add(d);
      }
      // Ascending: a broad query records them in memory order, which the order of a set allows.
      for (const d of [...seen].sort((a, b) => a - b)) entityDocs.push(d);
      entityStart[e + 1] = entityDocs.length;
    }
    this.entityStart = entityStart;
    this.fullName = Uint8Array.from(entities, (e) => {
      if (e.field === 'family') return 0;
      const analyzed = analyzeText(e.name);
      return analyzed.words.length + analyzed.cjk.length >= FULL_NAME_WORDS ? 1 : 0;
    });
    this.entityDocs = Uint32Array.from(entityDocs);
    this.people = new NameMatcher(
      entities.map((e) => e.name),
      entities.map((_, e) => e),
      entities.map((e) => FIELD_CODE[e.field]),
    );

    this.tier = new Uint8Array(n).fill(NO_TIER);
    this.bitStride = Math.ceil(n / 32);
    this.tierBits = new Uint32Array(TIER_SCORES.length * this.bitStride);
    this.field = new Uint8Array(n);
    this.touched = new Uint32Array(n);
    this.descriptionHits = new Uint32Array(this.descriptionDoc.length);
  }

  search(query: string, limit: number): TextHit[] {
    if (!(limit >= 1)) return [];
    const m = this.matches(query);
    const out: TextHit[] = [];
    for (let i = 0; i < m.rows.length && i < limit; i++) {
      out.push({ row: m.rows[i], score: TIER_SCORES[m.tiers[i]], field: MATCHED_FIELDS[m.fields[i]] });
    }
    return out;
  }

  matches(query: string): TextMatches {
    const analyzed = analyzeText(query);
    if (codePointLength(analyzed.compact) < MIN_QUERY_LENGTH) return EMPTY;
    this.touchedCount = 0;
    this.tierCount.fill(0);
    try {
      this.collect(analyzed);
      return this.ranked();
    } finally {
      this.clearTiers();
    }
  }

  /** Every document back to NO_TIER and no bit set: by the touched list, or in two fills when many were touched. */
  private clearTiers(): void {
    if (this.touchedCount > this.rows.length >>> 4) {
      this.tier.fill(NO_TIER);
      this.tierBits.fill(0);
      return;
    }
    for (let i = 0; i < this.touchedCount; i++) {
      const doc = this.touched[i];
      this.tierBits[this.tier[doc] * this.bitStride + (doc >>> 5)] = 0;
      this.tier[doc] = NO_TIER;
    }
  }

  suggest(query: string): string | undefined {
    const analyzed = analyzeText(query);
    if (analyzed.words.length === 0 || this.matches(query).rows.length > 0) return undefined;
    const corrected = analyzed.words.map((word) => this.closestToken(word) ?? word);
    const suggestion = [...corrected, ...analyzed.cjk].join(' ');
    if (suggestion === analyzed.words.join(' ')) return undefined;
    return this.matches(suggestion).rows.length > 0 ? suggestion : undefined;
  }

  private record(doc: number, tier: number, field: number): void {
    const current = this.tier[doc];
    if (current === NO_TIER) this.touched[this.touchedCount++] = doc;
    else if (current < tier || (current === tier && this.field[doc] <= field)) return;
    else {
      this.tierCount[current]--;
      this.tierBits[current * this.bitStride + (doc >>> 5)] &= ~(1 << (doc & 31));
    }
    this.tierCount[tier]++;
    this.tierBits[tier * this.bitStride + (doc >>> 5)] |= 1 << (doc & 31);
    this.tier[doc] = tier;
    this.field[doc] = field;
  }

  private collect(query: AnalyzedText): void {
    const names = this.names;
    names.match(query, (entry, level) => {
      const field = names.tag[entry];
      const tier = level === FUZZY ? TIER_FUZZY : field === FIELD_NAME ? TIER_NAME : TIER_ALTERNATE;
      this.record(names.owner[entry], tier, field);
    });
    const people = this.people;
    people.match(query, (entry, level) => {
      const field = people.tag[entry];
      const e = people.owner[entry];
      const tier =
        field === FIELD_CODE.family ? TIER_FAMILY : level === EXACT && this.fullName[e] === 1 ? TIER_NAME : TIER_PEOPLE;
      const docs = this.entityDocs;
      for (let i = this.entityStart[e], end = this.entityStart[e + 1]; i < end; i++) this.record(docs[i], tier, field);
    });
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
    for (let i = 0; i < count; i++) this.record(this.descriptionDoc[hits[i]], TIER_DESCRIPTION, FIELD_CODE.description);
  }

  /** The matches in relevance order: by tier, then document number (popularity). */
  private ranked(): TextMatches {
    return this.touchedCount < RANK_BY_BITS_FROM ? this.rankedBySort() : this.rankedByBits();
  }

  /** Few matches: their keys (tier × n + document), sorted. */
  private rankedBySort(): TextMatches {
    const n = this.rows.length;
    const count = this.touchedCount;
    const keys = new Uint32Array(count);
    for (let i = 0; i < count; i++) keys[i] = this.tier[this.touched[i]] * n + this.touched[i];
    keys.sort();
    const rows = new Uint32Array(count);
    const tiers = new Uint8Array(count);
    const fields = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const doc = keys[i] % n;
      rows[i] = this.rows[doc];
      tiers[i] = this.tier[doc];
      fields[i] = this.field[doc];
    }
    return { rows, tiers, fields, keys };
  }

  /**
   * Many matches: read from the tier bitsets in order (tier, then document), each tier's
   * read stopped once its matches are used up. Linear, where a sort of 40,000 keys took
   * milliseconds ("castle" on 150,000 games), and with no pass over non-matches.
   */
  private rankedByBits(): TextMatches {
    const { rows: rowOf, field: fieldOf, tierBits: bits, bitStride: stride } = this;
    const n = rowOf.length;
    const take = this.touchedCount;
    const rows = new Uint32Array(take);
    const tiers = new Uint8Array(take);
    const fields = new Uint8Array(take);
    const keys = new Uint32Array(take);
    let i = 0;
    for (let t = 0; t < TIER_SCORES.length && i < take; t++) {
      const end = i + this.tierCount[t];
      const first = i;
      const tierKey = t * n;
      for (let w = t * stride, base = 0; i < end; w++, base += 32) {
        let word = bits[w];
        while (word !== 0 && i < end) {
          const lowest = word & -word;
          const doc = base + 31 - Math.clz32(lowest);
          rows[i] = rowOf[doc];
          fields[i] = fieldOf[doc];
          keys[i] = tierKey + doc;
          i++;
          word ^= lowest;
        }
      }
      tiers.fill(t, first, i);
    }
    return { rows, tiers, fields, keys };
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
