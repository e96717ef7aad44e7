// The token dictionary behind the prefix rule (D56): tokens sorted by code unit, each token's
// postings the entries holding it, ascending and once each, however many steps the build
// takes (a dictionary of descriptions holds far more tokens than one step inverts).

import { describe, expect, it } from 'vitest';
import { prefixRange, tokenDictionaryBuilder } from '../../../engine/text/dictionary.js';
import { stepped } from '../../helpers/stepped.js';

/** Token -> entries holding it, ascending, once each: the postings by definition. */
function naivePostings(entries: readonly string[][]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  entries.forEach((words, e) => {
    for (const word of new Set(words)) {
      const list = out.get(word) ?? [];
      list.push(e);
      out.set(word, list);
    }
  });
  return out;
}

describe('token dictionary', () => {
  it('inverts 600,000 tokens over several steps into the postings a plain scan gives, repeats dropped', () => {
    const entries: string[][] = [];
    for (let e = 0; e < 200_000; e++) {
      const a = `w${(e * 7919) % 5003}`;
      const b = `x${e % 311}`;
      // every tenth entry repeats a word (kept in entryTokens, one posting)
      entries.push(e % 10 === 0 ? [a, b, a] : [a, b, `y${e % 3}`]);
    }
    const builder = tokenDictionaryBuilder();
    for (const words of entries) builder.add(words);
    const { result: dictionary, yields } = stepped(builder.buildSteps());
    // more than the four fixed yields: the renumbering and both passes of the inversion were cut up
    expect(yields).toBeGreaterThan(6);
    expect(dictionary.tokens).toEqual([...new Set(entries.flat())].sort());
    const expected = naivePostings(entries);
    dictionary.tokens.forEach((token, t) => {
      const got = dictionary.postings.subarray(dictionary.postingStart[t], dictionary.postingStart[t + 1]);
      expect(Array.from(got), token).toEqual(expected.get(token));
    });
    for (const e of [0, 1, 199_999]) {
      const ids = dictionary.entryTokens.subarray(dictionary.entryStart[e], dictionary.entryStart[e + 1]);
      expect(Array.from(ids, (id) => dictionary.tokens[id])).toEqual(entries[e]);
    }
    const [lo, hi] = prefixRange(dictionary.tokens, 'x1');
    expect(dictionary.tokens.slice(lo, hi).every((token) => token.startsWith('x1'))).toBe(true);
    expect(hi - lo).toBe(dictionary.tokens.filter((token) => token.startsWith('x1')).length);
  });
});
