// Candidate lookup for the CJK substring rule of D56. A name contains a run only if it
// contains every bigram of it, so the rarest bigram's postings bound the candidates; the
// caller then confirms with a real substring test. Single characters get unigram postings so
// one-character runs inside a longer query ("三国 志") still find candidates.

import { cjkRuns } from './text-analyze.js';

export interface GramIndex {
  /** Entries containing the gram, ascending; undefined when none. */
  postings(key: number): Uint32Array | undefined;
}

export interface GramIndexBuilder {
  /** `compact`: the entry's letters with separators removed (bigrams may span a separator). */
  add(entry: number, compact: string): void;
  build(): GramIndex;
}

const PLANE = 0x110000;

/** Keys of the grams a query run needs: its unigram when one character long, else its bigrams. */
export function runGrams(run: string): number[] {
  const points = Array.from(run, (c) => c.codePointAt(0) as number);
  if (points.length === 1) return points;
  const keys: number[] = [];
  for (let i = 1; i < points.length; i++) keys.push(points[i - 1] * PLANE + points[i]);
  return keys;
}

export function gramIndexBuilder(): GramIndexBuilder {
  const lists = new Map<number, number[]>();
  const push = (key: number, entry: number): void => {
    const list = lists.get(key);
    if (list === undefined) lists.set(key, [entry]);
    else if (list[list.length - 1] !== entry) list.push(entry);
  };
  return {
    add(entry, compact) {
      // Runs of the compact form: "ブラス：バーミンガム" is one run "ブラスバーミンガム", so a query
      // typed without the colon still matches.
      for (const run of cjkRuns(compact)) {
        let previous = -1;
        for (const char of run) {
          const point = char.codePointAt(0) as number;
          push(point, entry);
          if (previous >= 0) push(previous * PLANE + point, entry);
          previous = point;
        }
      }
    },
    build() {
      let total = 0;
      for (const list of lists.values()) total += list.length;
      const buffer = new Uint32Array(total);
      const index = new Map<number, Uint32Array>();
      let at = 0;
      for (const [key, list] of lists) {
        buffer.set(list, at);
        index.set(key, buffer.subarray(at, at + list.length));
        at += list.length;
      }
      return { postings: (key) => index.get(key) };
    },
  };
}
