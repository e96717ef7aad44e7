// Matching a query against a list of short texts (game names and alternate names, or the
// names of people, publishers and families), each text an "entry". Per entry it answers how
// the query matched, best first:
//   EXACT   the entry's folded letters equal the query's (separators ignored: "tic tac toe"
//           finds "TicTacToe");
//   WORDS   every query word prefixes a distinct token of the entry (D56 rule), whether or
//           not the entry starts with the query: the index ranks both alike, so telling them
//           apart would only cost a read of each candidate's string;
//   FUZZY   the same, with each word allowed its typo budget (fuzzy.ts).
// CJK runs of the query (Han, kana, Hangul) must be substrings of the entry's folded letters
// in every case: they are matched by substring, never with typos.
//
// Lookup: each query word's prefix range in the sorted token dictionary plus its typo ranges;
// the word (or CJK run) with the fewest postings supplies candidates; each candidate is
// verified on its token ids. When that word is common, the other words' postings first narrow
// its candidates to the entries holding a token of every word's ranges (narrowCandidates):
// reading a posting costs a few nanoseconds, verifying a candidate a hundred or more. When
// every word narrowed and no two words share a token (their ranges are disjoint), the stamps
// decide alone: an entry holding a token of each word's ranges holds a distinct one for each,
// so it matches, by WORDS if it also holds one of each word's prefix range (stampsDecide). A query
// of one word and no CJK needs no verification: an entry holding a token of its prefix range
// matches by WORDS, and one holding only tokens of its typo ranges by FUZZY, so the prefix
// range's postings are listed first.

import type { AnalyzedText } from './analyze.js';
import { analyzeText } from './analyze.js';
import { DistinctAssigner } from './assign.js';
import { prefixRange, tokenDictionaryBuilder, type TokenDictionary } from './dictionary.js';
import { TokenTrie, typoBudget } from './fuzzy.js';
import { gramIndexBuilder, runGrams, type GramIndex } from './grams.js';
import { StringIds } from './strings.js';
import { runSteps } from '../steps.js';

export const EXACT = 0;
export const WORDS = 1;
export const FUZZY = 2;
export type MatchLevel = typeof EXACT | typeof WORDS | typeof FUZZY;

/** Query words beyond this many are ignored (one bit per word in the token masks). */
export const MAX_WORDS = 8;

/**
 * A multi-word query's candidates are narrowed by the other words' postings only when its
 * source word has at least this many postings (below it verifying them all is as quick).
 */
const NARROW_FROM = 256;
/**
 * A word narrows the candidates only while its postings number at most this many times the
 * candidates left: reading a posting costs a few nanoseconds, verifying a candidate a hundred
 * or more (BGG names, "star wars": the 7,375 postings of "star" and its typos verified one by
 * one took 695 µs a search; narrowed by the 9,607 of "wars" and its typos, 360 µs).
 */
const NARROW_RATIO = 32;

/** Texts analysed per step of a stepped build (buildSteps). */
const TEXTS_PER_STEP = 2048;

/** What a matcher is made of (NameMatcher.buildSteps builds them). */
interface NameMatcherParts {
  owner: Uint32Array;
  tag: Uint8Array;
  hasCjk: Uint8Array;
  compact: readonly string[];
  compactIds: StringIds;
  lastEntry: Int32Array;
  sameCompact: Int32Array;
  dictionary: TokenDictionary;
  grams: GramIndex;
  trie: TokenTrie;
}

export class NameMatcher {
  /** Owner (caller's number: a document, an entity) of each entry. */
  readonly owner: Uint32Array;
  /** Caller's tag of each entry (which field it came from). */
  readonly tag: Uint8Array;
  readonly dictionary: TokenDictionary;
  /** The dictionary as a trie, for typo tolerance. */
  readonly trie: TokenTrie;
  private readonly compact: readonly string[];
  private readonly hasCjk: Uint8Array;
  private readonly compactIds: StringIds;
  private readonly lastEntry: Int32Array;
  private readonly sameCompact: Int32Array;
  private readonly grams: GramIndex;
  // Per-search scratch (search is synchronous, so one set per matcher is never shared).
  private readonly fuzzyMask: Uint8Array;
  private readonly listed: Uint32Array;
  private generation = 0;
  /**
   * Per entry, how many of the query's words it holds a token of, counted up from a search's
   * base (narrowCandidates).
   */
  private readonly reach: Uint32Array;
  private reachBase = 0;
  /** narrowCandidates' last call stamped every word, each a group of its own. */
  private narrowedByEvery = false;
  /**
   * 1 when an entry holds one token twice ("The Lord of the Rings"): it may answer one word
   * twice over ("the the") though it lists once in that token's postings.
   */
  private readonly repeatsToken: Uint8Array;
  private readonly exactMasks = new Uint8Array(256);
  /**
   * No entry has more tokens than verify() reads (exactMasks' length), so a one-word query,
   * or a multi-word one its stamps decide, may skip verification and find just what verify()
   * would.
   */
  private readonly entriesFitVerify: boolean;
  private readonly fuzzyMasks = new Uint8Array(256);
  private readonly assigner = new DistinctAssigner();

  /** A matcher over `texts` (the entry of text i belongs to owners[i], tagged tags[i]). */
  static build(texts: readonly string[], owners: ArrayLike<number>, tags: ArrayLike<number>): NameMatcher {
    return runSteps(NameMatcher.buildSteps(texts, owners, tags));
  }

  /**
   * The same, built a few thousand texts per step, then its dictionary and trie a step each
   * (150,000 game names take a few hundred milliseconds in all).
   */
  static *buildSteps(
    texts: readonly string[],
    owners: ArrayLike<number>,
    tags: ArrayLike<number>,
  ): Generator<void, NameMatcher> {
    const words = tokenDictionaryBuilder();
    const grams = gramIndexBuilder();
    const owner: number[] = [];
    const tag: number[] = [];
    const hasCjk: number[] = [];
    const compact: string[] = [];
    const compactIds = new StringIds(Math.max(16, texts.length));
    const sameCompact: number[] = [];
    const lastEntry: number[] = [];
    for (let i = 0; i < texts.length; i++) {
      if (i % TEXTS_PER_STEP === TEXTS_PER_STEP - 1) yield;
      const analyzed = analyzeText(texts[i]);
      if (analyzed.compact.length === 0) continue;
      const entry = owner.length;
      owner.push(owners[i]);
      tag.push(tags[i]);
      compact.push(analyzed.compact);
      const id = compactIds.intern(analyzed.compact);
      if (id === lastEntry.length) lastEntry.push(-1);
      sameCompact.push(lastEntry[id]);
      lastEntry[id] = entry;
      words.add(analyzed.words);
      hasCjk.push(analyzed.cjk.length > 0 ? 1 : 0);
      if (analyzed.cjk.length > 0) grams.add(entry, analyzed.compact);
    }
    yield;
    const dictionary = yield* words.buildSteps();
    const trie = new TokenTrie(dictionary.tokens);
    yield;
    return new NameMatcher({
      owner: Uint32Array.from(owner),
      tag: Uint8Array.from(tag),
      hasCjk: Uint8Array.from(hasCjk),
      compact,
      compactIds,
      lastEntry: Int32Array.from(lastEntry),
      sameCompact: Int32Array.from(sameCompact),
      dictionary,
      grams: grams.build(),
      trie,
    });
  }

  private constructor(parts: NameMatcherParts) {
    this.owner = parts.owner;
    this.tag = parts.tag;
    this.hasCjk = parts.hasCjk;
    this.compact = parts.compact;
    this.compactIds = parts.compactIds;
    this.lastEntry = parts.lastEntry;
    this.sameCompact = parts.sameCompact;
    this.dictionary = parts.dictionary;
    this.grams = parts.grams;
    this.trie = parts.trie;
    this.fuzzyMask = new Uint8Array(this.dictionary.tokens.length);
    let widest = 0;
    const { entryStart, entryTokens } = this.dictionary;
    for (let e = 0; e < this.owner.length; e++) widest = Math.max(widest, entryStart[e + 1] - entryStart[e]);
    this.repeatsToken = new Uint8Array(this.owner.length);
    for (let e = 0; e < this.owner.length; e++) {
      // Only the tokens verify() reads can answer a word.
      const end = Math.min(entryStart[e + 1], entryStart[e] + this.exactMasks.length);
      if (holdsTwice(entryTokens, entryStart[e], end)) this.repeatsToken[e] = 1;
    }
    this.entriesFitVerify = widest <= this.exactMasks.length;
    this.listed = new Uint32Array(this.owner.length);
    this.reach = new Uint32Array(this.owner.length);
  }

  get size(): number {
    return this.owner.length;
  }

  /**
   * Calls visit(entry, level) for every matching entry (an entry may be visited twice).
   * `wholeToken`, for a one-word query: offered each matching token first, with the level
   * its entries match at; when it takes the token (returns true, having recorded every entry
   * holding it itself), that token's entries are not visited through it.
   */
  match(
    query: AnalyzedText,
    visit: (entry: number, level: MatchLevel) => void,
    wholeToken?: (token: number, level: MatchLevel) => boolean,
  ): void {
    const generation = this.nextGeneration();
    const compactId = this.compactIds.find(query.compact);
    for (let e = compactId < 0 ? -1 : this.lastEntry[compactId]; e >= 0; e = this.sameCompact[e]) {
      this.listed[e] = generation;
      visit(e, EXACT);
    }
    const { tokens, postingStart, postings, entryStart, entryTokens } = this.dictionary;
    const words = query.words.slice(0, MAX_WORDS);
    const lo: number[] = [];
    const hi: number[] = [];
    const fuzzy: number[][] = [];
    const sizes: number[] = [];
    let sourceWord = -1;
    let sourceSize = Infinity;
    for (let w = 0; w < words.length; w++) {
      const [from, to] = prefixRange(tokens, words[w]);
      lo.push(from);
      hi.push(to);
      const budget = typoBudget(words[w]);
      const ranges = budget > 0 ? this.trie.ranges(words[w], budget) : [from, to];
      fuzzy.push(ranges);
      let size = 0;
      for (let r = 0; r < ranges.length; r += 2) {
        size += postingStart[ranges[r + 1]] - postingStart[ranges[r]];
        if (budget > 0) for (let t = ranges[r]; t < ranges[r + 1]; t++) this.fuzzyMask[t] |= 1 << w;
      }
      sizes.push(size);
      if (size < sourceSize) {
        sourceSize = size;
        sourceWord = w;
      }
    }
    let gramSource: Uint32Array | undefined;
    let possible = sourceSize > 0;
    for (const run of query.cjk) {
      for (const key of runGrams(run)) {
        const list = this.grams.postings(key);
        if (list === undefined) possible = false;
        else if (list.length < sourceSize) {
          sourceSize = list.length;
          gramSource = list;
        }
      }
    }
    try {
      if (!possible || (words.length === 0 && gramSource === undefined)) return;
      if (words.length === 1 && query.cjk.length === 0 && this.entriesFitVerify) {
        this.matchOneWord(lo[0], hi[0], fuzzy[0], generation, visit, wholeToken);
        return;
      }
      const verify = (entry: number): void => {
        if (this.listed[entry] === generation) return;
        this.listed[entry] = generation;
        const level = this.verify(query, entry, words.length, lo, hi, entryStart, entryTokens);
        if (level >= 0) visit(entry, level as MatchLevel);
      };
      if (gramSource !== undefined) {
        for (let i = 0; i < gramSource.length; i++) verify(gramSource[i]);
      } else {
        const ranges = fuzzy[sourceWord];
        const reached = sourceSize >= NARROW_FROM ? this.narrowCandidates(fuzzy, sizes, sourceWord) : -1;
        if (reached === 0) return;
        const reach = this.reach;
        if (reached > 0 && this.stampsDecide(query, fuzzy)) {
          // Every survivor matches: by WORDS once it also reaches `wordsLevel` (stampPrefixes).
          const wordsLevel = this.stampPrefixes(lo, hi, fuzzy, reached);
          const listed = this.listed;
          for (let r = 0; r < ranges.length; r += 2) {
            for (let i = postingStart[ranges[r]]; i < postingStart[ranges[r + 1]]; i++) {
              const entry = postings[i];
              if (reach[entry] < reached || listed[entry] === generation) continue;
              listed[entry] = generation;
              visit(entry, reach[entry] === wordsLevel ? WORDS : FUZZY);
            }
          }
          return;
        }
        for (let r = 0; r < ranges.length; r += 2) {
          for (let i = postingStart[ranges[r]]; i < postingStart[ranges[r + 1]]; i++) {
            const entry = postings[i];
            if (reached < 0 || reach[entry] === reached) verify(entry);
          }
        }
      }
    } finally {
      for (let w = 0; w < words.length; w++) {
        const ranges = fuzzy[w];
        if (typoBudget(words[w]) === 0) continue;
        for (let r = 0; r < ranges.length; r += 2) this.fuzzyMask.fill(0, ranges[r], ranges[r + 1]);
      }
    }
  }

  /**
   * The entries of a one-word query: WORDS for those holding a token of its prefix range
   * [lo, hi), then FUZZY for those holding only tokens of its typo ranges (flattened lo, hi
   * pairs, which contain [lo, hi) or lie beside it). Entries already listed (EXACT) are
   * skipped. Token by token: a token `wholeToken` takes is not read here.
   */
  private matchOneWord(
    lo: number,
    hi: number,
    ranges: readonly number[],
    generation: number,
    visit: (entry: number, level: MatchLevel) => void,
    wholeToken: ((token: number, level: MatchLevel) => boolean) | undefined,
  ): void {
    const { postingStart, postings } = this.dictionary;
    const listed = this.listed;
    const visitTokens = (from: number, to: number, level: MatchLevel): void => {
      for (let t = from; t < to; t++) {
        if (wholeToken?.(t, level)) continue;
        for (let i = postingStart[t]; i < postingStart[t + 1]; i++) {
          const entry = postings[i];
          if (listed[entry] === generation) continue;
          listed[entry] = generation;
          visit(entry, level);
        }
      }
    };
    visitTokens(lo, hi, WORDS);
    // The typo ranges less [lo, hi), whose tokens were seen above.
    for (let r = 0; r < ranges.length; r += 2) {
      visitTokens(ranges[r], Math.min(ranges[r + 1], lo), FUZZY);
      visitTokens(Math.max(ranges[r], hi), ranges[r + 1], FUZZY);
    }
  }

  /**
   * Stamps, in `reach`, the entries of the source word's ranges that also hold a token of
   * each other word's ranges (fuzzy: every word's flattened lo, hi pairs; sizes: their
   * postings' counts), the other words taken fewest postings first while they narrow
   * cheaply (NARROW_RATIO). Words of the same ranges ("war war") count as one word held
   * that many times: an entry must hold that many distinct tokens of them (a token lists an
   * entry once), unless it holds a token twice (repeatsToken: kept for verify() to decide).
   * Returns the stamp the surviving entries carry (0: none survive; -1: no word narrowed,
   * verify them all). An entry pruned here cannot match: verify() needs every word's bit,
   * each from a token of its own.
   */
  private narrowCandidates(fuzzy: readonly number[][], sizes: readonly number[], sourceWord: number): number {
    const { postingStart, postings } = this.dictionary;
    // Words of the same ranges as one, with their count; the source word's group first.
    const groups = [{ ranges: fuzzy[sourceWord], size: sizes[sourceWord], count: 1 }];
    for (let w = 0; w < fuzzy.length; w++) {
      if (w === sourceWord) continue;
      const same = groups.find((g) => sameRanges(g.ranges, fuzzy[w]));
      if (same) same.count++;
      else groups.push({ ranges: fuzzy[w], size: sizes[w], count: 1 });
    }
    const [source, ...others] = groups;
    others.sort((a, b) => a.size - b.size);
    this.narrowedByEvery = false;
    if (source.count === 1 && (others.length === 0 || others[0].size > NARROW_RATIO * source.size)) return -1;
    const reach = this.reach;
    // Stamps for every word here, and as many again for stampPrefixes.
    const base = this.nextReachBase(2 * fuzzy.length + 1);
    const repeats = this.repeatsToken;
    // Each posting of a group's ranges moves an entry already at [from, from + count) one up
    // (one holding a token twice, all the way); the entries reaching from + count hold a
    // token of each of the group's words.
    const stamp = (ranges: readonly number[], from: number, count: number): number => {
      const to = from + count;
      let reached = 0;
      for (let r = 0; r < ranges.length; r += 2) {
        for (let i = postingStart[ranges[r]]; i < postingStart[ranges[r + 1]]; i++) {
          const entry = postings[i];
          const at = reach[entry];
          if (at >= from && at < to) {
            const next = repeats[entry] === 1 ? to : at + 1;
            reach[entry] = next;
            if (next === to) reached++;
          }
        }
      }
      return reached;
    };
    // Every stamp so far is at most base: the source group's entries start the count there
    // (a group of one word: they are all counted at once, one pass over its postings).
    let left = 0;
    if (source.count === 1) {
      for (let r = 0; r < source.ranges.length; r += 2) {
        for (let i = postingStart[source.ranges[r]]; i < postingStart[source.ranges[r + 1]]; i++) {
          const entry = postings[i];
          if (reach[entry] <= base) {
            reach[entry] = base + 1;
            left++;
          }
        }
      }
    } else {
      for (let r = 0; r < source.ranges.length; r += 2) {
        for (let i = postingStart[source.ranges[r]]; i < postingStart[source.ranges[r + 1]]; i++) {
          if (reach[postings[i]] < base) reach[postings[i]] = base;
        }
      }
      left = stamp(source.ranges, base, source.count);
    }
    let level = base + source.count;
    let stamped = 1;
    for (const group of others) {
      if (left === 0) return 0;
      if (group.size > NARROW_RATIO * left) break;
      left = stamp(group.ranges, level, group.count);
      level += group.count;
      stamped++;
    }
    this.narrowedByEvery = stamped === groups.length && groups.length === fuzzy.length;
    return left === 0 ? 0 : level;
  }

  /**
   * Whether the stamps of the last narrowCandidates decide every survivor without verify():
   * every word stamped, each its own group, no two words' ranges sharing a token (so the
   * tokens an entry holds for each word are distinct ones, which is all verify()'s assignment
   * asks), no CJK run to find, and no entry with more tokens than verify() reads.
   */
  private stampsDecide(query: AnalyzedText, fuzzy: readonly number[][]): boolean {
    if (!this.narrowedByEvery || query.cjk.length > 0 || !this.entriesFitVerify) return false;
    for (let a = 1; a < fuzzy.length; a++) {
      for (let b = 0; b < a; b++) if (overlapping(fuzzy[a], fuzzy[b])) return false;
    }
    return true;
  }

  /**
   * After a narrowCandidates that stamped every word (survivors at `reached`), moves the
   * survivors holding a token of each word's prefix range [lo, hi) up one stamp a word, word
   * by word (the stamps narrowCandidates kept for it; `fuzzy`: each word's ranges); returns
   * the stamp those holding all of them reach. Survivors stay at or above `reached`, every
   * other entry below it.
   */
  private stampPrefixes(
    lo: readonly number[],
    hi: readonly number[],
    fuzzy: readonly number[][],
    reached: number,
  ): number {
    const { postingStart, postings } = this.dictionary;
    const reach = this.reach;
    let level = reached;
    for (let w = 0; w < lo.length; w++) {
      // A word without typos ("the") has its prefix range as its only range: every survivor
      // holds one of its tokens already.
      if (fuzzy[w].length === 2 && fuzzy[w][0] === lo[w] && fuzzy[w][1] === hi[w]) continue;
      for (let i = postingStart[lo[w]]; i < postingStart[hi[w]]; i++) {
        const entry = postings[i];
        if (reach[entry] === level) reach[entry] = level + 1;
      }
      level++;
    }
    return level;
  }

  /** A base at or above every stamp in `reach`, with `span` fresh stamps above it. */
  private nextReachBase(span: number): number {
    if (this.reachBase + span >= 0xffffffff) {
      this.reach.fill(0);
      this.reachBase = 0;
    }
    const base = this.reachBase;
    this.reachBase += span;
    return base;
  }

  /** The entry's match level, or -1. */
  private verify(
    query: AnalyzedText,
    entry: number,
    wordCount: number,
    lo: readonly number[],
    hi: readonly number[],
    entryStart: Uint32Array,
    entryTokens: Uint32Array,
  ): number {
    if (query.cjk.length > 0) {
      if (this.hasCjk[entry] === 0) return -1;
      const compact = this.compact[entry];
      for (const run of query.cjk) if (!compact.includes(run)) return -1;
    }
    const start = entryStart[entry];
    const width = Math.min(entryStart[entry + 1] - start, this.exactMasks.length);
    let exactAll = 0;
    let fuzzyAll = 0;
    for (let j = 0; j < width; j++) {
      const id = entryTokens[start + j];
      let exact = 0;
      for (let w = 0; w < wordCount; w++) if (id >= lo[w] && id < hi[w]) exact |= 1 << w;
      this.exactMasks[j] = exact;
      const fuzzy = exact | this.fuzzyMask[id];
      this.fuzzyMasks[j] = fuzzy;
      exactAll |= exact;
      fuzzyAll |= fuzzy;
    }
    const full = (1 << wordCount) - 1;
    // Never EXACT: match() lists the entries of the query's own letters before verifying, and
    // verify() sees only the others (no read of the entry's string for a comparison that fails).
    if (exactAll === full && this.assigner.assign(this.exactMasks, width, wordCount)) return WORDS;
    if (fuzzyAll === full && this.assigner.assign(this.fuzzyMasks, width, wordCount)) return FUZZY;
    return -1;
  }

  private nextGeneration(): number {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.listed.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

/** Two flattened lists of lo, hi pairs hold the same ranges. */
function sameRanges(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Two flattened lists of lo, hi pairs share a token. */
function overlapping(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 2) {
    for (let j = 0; j < b.length; j += 2) if (a[i] < b[j + 1] && b[j] < a[i + 1]) return true;
  }
  return false;
}

/** tokens[start .. end) holds some token id twice. */
function holdsTwice(tokens: Uint32Array, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    for (let j = start; j < i; j++) if (tokens[i] === tokens[j]) return true;
  }
  return false;
}
