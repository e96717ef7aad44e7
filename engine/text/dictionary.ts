// Sorted token dictionary with postings, for the prefix rule of D56. Sorting the tokens
// makes "every token starting with q" one contiguous id range found by binary search, so a
// name token prefixed by q is just an id inside [lo, hi) and verification needs no strings.

import { runSteps } from '../steps.js';
import { StringIds } from './strings.js';

export interface TokenDictionary {
  /** Distinct tokens in code-unit order; a token's id is its position. */
  readonly tokens: readonly string[];
  /** Entries containing token t: postings[postingStart[t] .. postingStart[t+1]), ascending, once each. */
  readonly postingStart: Uint32Array;
  readonly postings: Uint32Array;
  /** Token ids of entry e in text order, duplicates kept: entryTokens[entryStart[e] .. entryStart[e+1]). */
  readonly entryStart: Uint32Array;
  readonly entryTokens: Uint32Array;
}

export interface TokenDictionaryBuilder {
  /** Entries must be added in id order 0, 1, 2, ... */
  add(words: readonly string[]): void;
  build(): TokenDictionary;
  /** build() as steps: the tokens' sort, their renumbering, the postings. */
  buildSteps(): Generator<void, TokenDictionary>;
}

export function tokenDictionaryBuilder(): TokenDictionaryBuilder {
  // Ids in first-seen order until build() sorts the strings and renumbers.
  const firstSeen = new StringIds(1 << 14);
  const entryStart: number[] = [0];
  const entryTokens: number[] = [];
  return {
    add(words) {
      for (let i = 0; i < words.length; i++) entryTokens.push(firstSeen.intern(words[i]));
      entryStart.push(entryTokens.length);
    },
    build: () => runSteps(buildSteps()),
    buildSteps,
  };

  function* buildSteps(): Generator<void, TokenDictionary> {
    // The default sort compares UTF-16 code units, the order startsWith ranges need, and
    // runs natively: several times faster than sorting ids with a comparator callback.
    const tokens = [...firstSeen.keys].sort();
    yield;
    const renumber = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) renumber[firstSeen.find(tokens[i])] = i;
    const entryCount = entryStart.length - 1;
    const starts = Uint32Array.from(entryStart);
    const ids = new Uint32Array(entryTokens.length);
    for (let j = 0; j < ids.length; j++) {
      ids[j] = renumber[entryTokens[j]];
      if (j % TOKENS_PER_STEP === TOKENS_PER_STEP - 1) yield;
    }
    yield;
    const { postingStart, postings } = yield* invertSteps(tokens.length, entryCount, starts, ids);
    yield;
    return { tokens, postingStart, postings, entryStart: starts, entryTokens: ids };
  }
}

/**
 * Entry tokens renumbered or inverted between two yields of buildSteps (a few ms): inverting
 * the descriptions' dictionary of 150,000 games in one step held a serving thread ~55 ms.
 */
const TOKENS_PER_STEP = 1 << 18;

/** Entry -> tokens turned into token -> entries (counting sort, so postings come out ascending). */
function* invertSteps(
  tokenCount: number,
  entryCount: number,
  entryStart: Uint32Array,
  entryTokens: Uint32Array,
): Generator<void, { postingStart: Uint32Array; postings: Uint32Array }> {
  // lastEntry drops a token repeated within one name ("Catan: Catan Junior").
  const lastEntry = new Int32Array(tokenCount).fill(-1);
  const postingStart = new Uint32Array(tokenCount + 1);
  const entries = { entryStart, entryTokens, lastEntry, entryCount };
  for (let e = 0; e < entryCount; ) {
    e = postingsPass(entries, e, postingStart.subarray(1), null);
    yield;
  }
  for (let t = 0; t < tokenCount; t++) postingStart[t + 1] += postingStart[t];
  const postings = new Uint32Array(postingStart[tokenCount]);
  const fill = postingStart.slice(0, tokenCount);
  lastEntry.fill(-1);
  for (let e = 0; e < entryCount; ) {
    e = postingsPass(entries, e, fill, postings);
    yield;
  }
  return { postingStart, postings };
}

/**
 * One pass of the inversion from entry e on, about TOKENS_PER_STEP tokens: without
 * `postings` it counts each token's entries into `at[t]`, with them it writes each entry at
 * `at[t]` (moving it on). Returns the entry it stopped at.
 */
function postingsPass(
  entries: { entryStart: Uint32Array; entryTokens: Uint32Array; lastEntry: Int32Array; entryCount: number },
  e: number,
  at: Uint32Array,
  postings: Uint32Array | null,
): number {
  const { entryStart, entryTokens, lastEntry, entryCount } = entries;
  const stop = entryStart[e] + TOKENS_PER_STEP;
  for (; e < entryCount && entryStart[e] < stop; e++) {
    for (let j = entryStart[e]; j < entryStart[e + 1]; j++) {
      const t = entryTokens[j];
      if (lastEntry[t] === e) continue;
      lastEntry[t] = e;
      if (postings === null) at[t]++;
      else postings[at[t]++] = e;
    }
  }
  return e;
}

/** Ids [lo, hi) of the tokens starting with `prefix` (empty when lo === hi). */
export function prefixRange(tokens: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  // Tokens with the prefix are contiguous from lo; find where they stop.
  let end = tokens.length;
  let from = lo;
  while (from < end) {
    const mid = (from + end) >>> 1;
    if (tokens[mid].startsWith(prefix)) from = mid + 1;
    else end = mid;
  }
  return [lo, from];
}
