// A query resolved against the index: each token's id range in the sorted dictionary, each
// CJK run's gram postings, and the part with the fewest postings chosen to supply candidates.

import type { AnalyzedText } from './analyze.js';
import { prefixRange, type TokenDictionary } from './dictionary.js';
import { runGrams, type GramIndex } from './grams.js';
import type { PrefixRanges } from './match.js';

export type CandidateSource =
  /** Entries holding a token of query word `word`'s range. */
  | { kind: 'range'; word: number }
  /** Entries holding the rarest gram of a CJK run (a superset: substrings still need checking). */
  | { kind: 'gram'; postings: Uint32Array }
  /** Some part occurs in no name: only an exact name (separators ignored) can still match. */
  | { kind: 'none' };

export interface PreparedQuery {
  analyzed: AnalyzedText;
  ranges: PrefixRanges;
  /** Per query word, the sum of postings over its range: an upper bound on entries it hits. */
  sizes: number[];
  /** Per query word, the id of the identical dictionary token, or -1 (for the whole-token bonus). */
  exactIds: number[];
  source: CandidateSource;
  /** The query begins with a word (not a CJK run): "starts" can compare token ids. */
  firstIsWord: boolean;
  /** Highest possible `whole` share: words absent from the dictionary never match a whole token. */
  maxWhole: number;
}

export function prepareQuery(analyzed: AnalyzedText, dictionary: TokenDictionary, grams: GramIndex): PreparedQuery {
  const { tokens, postingStart } = dictionary;
  const lo: number[] = [];
  const hi: number[] = [];
  const sizes: number[] = [];
  const exactIds: number[] = [];
  let source: CandidateSource = { kind: 'none' };
  let sourceSize = Infinity;
  let possible = true;
  for (let w = 0; w < analyzed.words.length; w++) {
    const word = analyzed.words[w];
    const [from, to] = prefixRange(tokens, word);
    if (from === to) possible = false;
    lo.push(from);
    hi.push(to);
    exactIds.push(from < to && tokens[from] === word ? from : -1);
    const size = postingStart[to] - postingStart[from];
    sizes.push(size);
    if (size < sourceSize) {
      sourceSize = size;
      source = { kind: 'range', word: w };
    }
  }
  for (const run of analyzed.cjk) {
    for (const key of runGrams(run)) {
      const postings = grams.postings(key);
      if (postings === undefined) {
        possible = false;
      } else if (postings.length < sourceSize) {
        sourceSize = postings.length;
        source = { kind: 'gram', postings };
      }
    }
  }
  return {
    analyzed,
    ranges: { lo, hi },
    sizes,
    exactIds,
    source: possible ? source : { kind: 'none' },
    firstIsWord: analyzed.words.length > 0 && analyzed.words[0] === analyzed.first,
    maxWhole: (exactIds.filter((id) => id >= 0).length + analyzed.cjk.length) / (lo.length + analyzed.cjk.length),
  };
}
