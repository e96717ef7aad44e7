// Candidate entries for a prepared query: the chosen source's postings, narrowed by the
// postings of the other query words. Marking postings in typed arrays costs a few
// nanoseconds per posting, far less than verifying a candidate, so intersecting first pays
// whenever the other word's postings are not much larger than the candidate list.

import type { NameEntries } from './entries.js';
import type { PreparedQuery } from './query.js';

/** A word's postings are used for narrowing only when at most this many times the candidates. */
const NARROW_RATIO = 8;
/**
 * Postings above entryCount / SWEEP_SHARE are collected by marking and sweeping all entries.
 * A broad prefix ("ca") concatenates many tokens' postings, visiting entries in random order;
 * every per-entry array read is then a cache miss, which made scoring memory-bound. A sweep
 * hands entries over in ascending order (and documents with them, as entries follow them).
 */
const SWEEP_SHARE = 32;

export class CandidateScratch {
  /** Stamp: the entry is in the current candidate list when it equals `generation`. */
  private readonly listed: Uint32Array;
  /** How many narrowing words have hit the entry so far (valid only when listed). */
  private readonly hits: Uint8Array;
  /** Sweep marks, all zero between calls; the 32-bit view skips four empty entries at a time. */
  private readonly marked: Uint8Array;
  private readonly markedWords: Uint32Array;
  /** The candidate list, reused: a broad query lists tens of thousands of entries. */
  private readonly list: Uint32Array;
  private generation = 0;

  constructor(entryCount: number) {
    this.listed = new Uint32Array(entryCount);
    this.hits = new Uint8Array(entryCount);
    this.markedWords = new Uint32Array(Math.ceil(entryCount / 4));
    this.marked = new Uint8Array(this.markedWords.buffer);
    this.list = new Uint32Array(entryCount);
  }

  /**
   * Entries that may match `query` by the token and CJK rules, each once; callers verify
   * them. The returned view is overwritten by the next call.
   */
  candidates(query: PreparedQuery, entries: NameEntries): Uint32Array {
    const generation = this.nextGeneration();
    const { source } = query;
    if (source.kind === 'none') return this.list.subarray(0, 0);
    let count = 0;
    if (source.kind === 'gram') {
      for (let i = 0; i < source.postings.length; i++) count = this.add(source.postings[i], count, generation);
    } else {
      const { postingStart, postings } = entries.dictionary;
      const from = postingStart[query.ranges.lo[source.word]];
      const to = postingStart[query.ranges.hi[source.word]];
      if (to - from > this.listed.length / SWEEP_SHARE) {
        for (let i = from; i < to; i++) this.marked[postings[i]] = 1;
        for (let word = 0; word < this.markedWords.length; word++) {
          if (this.markedWords[word] === 0) continue;
          for (let entry = word * 4; entry < word * 4 + 4; entry++) {
            if (this.marked[entry] === 1) count = this.add(entry, count, generation);
          }
          this.markedWords[word] = 0;
        }
      } else {
        for (let i = from; i < to; i++) {
          const entry = postings[i];
          // Several tokens of the range may share an entry ("Catan: Cities & Knights" for "c").
          if (this.listed[entry] !== generation) count = this.add(entry, count, generation);
        }
      }
    }
    return this.list.subarray(0, this.narrow(query, entries, count, generation));
  }

  private add(entry: number, count: number, generation: number): number {
    this.listed[entry] = generation;
    this.hits[entry] = 0;
    this.list[count] = entry;
    return count + 1;
  }

  /** Keeps the listed entries hit by every other word cheap enough to scan; returns the new count. */
  private narrow(query: PreparedQuery, entries: NameEntries, initial: number, generation: number): number {
    const { postingStart, postings } = entries.dictionary;
    const { source, sizes } = query;
    const order = sizes.map((_, w) => w).sort((a, b) => sizes[a] - sizes[b]);
    let count = initial;
    let stage = 0;
    for (const w of order) {
      if (source.kind === 'range' && source.word === w) continue;
      if (count === 0 || sizes[w] > NARROW_RATIO * count || stage === 255) break;
      for (let i = postingStart[query.ranges.lo[w]]; i < postingStart[query.ranges.hi[w]]; i++) {
        const entry = postings[i];
        // hits === stage: counted once per word even when two of its tokens share the entry.
        if (this.listed[entry] === generation && this.hits[entry] === stage) this.hits[entry] = stage + 1;
      }
      stage++;
      let kept = 0;
      for (let i = 0; i < count; i++) if (this.hits[this.list[i]] === stage) this.list[kept++] = this.list[i];
      count = kept;
    }
    return count;
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
