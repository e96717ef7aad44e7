// Candidate lookup for the CJK substring rule of D56. A name contains a run only if it
// contains every bigram of it, so the rarest bigram's postings bound the candidates; the
// caller then confirms with a real substring test. Single characters get unigram postings so
// one-character runs inside a longer query ("三国 志") still find candidates.
//
// Grams are hashed into a fixed number of buckets rather than kept exactly: a collision only
// adds candidates that the substring test rejects, and buckets make the build a counting sort
// over typed arrays instead of a Map of hundreds of thousands of keys.

import { cjkRuns } from './analyze.js';

export interface GramIndex {
  /** Entries that may contain the gram (ascending, once each); undefined when none can. */
  postings(bucket: number): Uint32Array | undefined;
}

export interface GramIndexBuilder {
  /** `compact`: the entry's letters with separators removed (bigrams may span a separator). */
  add(entry: number, compact: string): void;
  build(): GramIndex;
}

const BUCKET_BITS = 18;
const BUCKET_MASK = (1 << BUCKET_BITS) - 1;

/** Bucket of the bigram (first, second), or of the unigram `first` when second is -1. */
function bucket(first: number, second: number): number {
  let h = Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 1, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & BUCKET_MASK;
}

/** Buckets a query run needs: its unigram when one character long, else its bigrams. */
export function runGrams(run: string): number[] {
  const points = Array.from(run, (c) => c.codePointAt(0) ?? 0);
  if (points.length === 1) return [bucket(points[0], -1)];
  const buckets: number[] = [];
  for (let i = 1; i < points.length; i++) buckets.push(bucket(points[i - 1], points[i]));
  return buckets;
}

export function gramIndexBuilder(): GramIndexBuilder {
  // (bucket, entry) pairs in entry order; build() groups them by bucket.
  const pairBucket: number[] = [];
  const pairEntry: number[] = [];
  return {
    add(entry, compact) {
      // Runs of the compact form: "ブラス：バーミンガム" is one run "ブラスバーミンガム", so a query
      // typed without the colon still matches.
      for (const run of cjkRuns(compact)) {
        let previous = -1;
        for (let i = 0; i < run.length; i++) {
          const point = run.codePointAt(i) ?? 0;
          if (point > 0xffff) i++; // astral: two code units
          pairBucket.push(bucket(point, -1));
          pairEntry.push(entry);
          if (previous >= 0) {
            pairBucket.push(bucket(previous, point));
            pairEntry.push(entry);
          }
          previous = point;
        }
      }
    },
    build() {
      const buckets = BUCKET_MASK + 1;
      const start = new Uint32Array(buckets + 1);
      // lastEntry drops a bucket repeated within one name (a repeated gram, or a collision).
      const lastEntry = new Int32Array(buckets).fill(-1);
      for (let i = 0; i < pairBucket.length; i++) {
        const b = pairBucket[i];
        if (lastEntry[b] === pairEntry[i]) continue;
        lastEntry[b] = pairEntry[i];
        start[b + 1]++;
      }
      for (let b = 0; b < buckets; b++) start[b + 1] += start[b];
      const postings = new Uint32Array(start[buckets]);
      const fill = start.slice(0, buckets);
      lastEntry.fill(-1);
      for (let i = 0; i < pairBucket.length; i++) {
        const b = pairBucket[i];
        if (lastEntry[b] === pairEntry[i]) continue;
        lastEntry[b] = pairEntry[i];
        postings[fill[b]++] = pairEntry[i];
      }
      return {
        postings: (b) => (start[b + 1] > start[b] ? postings.subarray(start[b], start[b + 1]) : undefined),
      };
    },
  };
}
