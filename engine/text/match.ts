// The token-prefix rule of D56: every query token must prefix a *distinct* token of the name
// ("cat cat" needs two tokens starting with "cat"). With several query tokens this is a
// bipartite matching problem that first-fit assignment gets wrong: "c ca" against "ca cb"
// gives "ca" to "c" and leaves nothing for "ca", though c->cb, ca->ca works. Kuhn's
// augmenting paths are exact and trivially cheap for name-sized inputs.

/** Query token i prefixes exactly the dictionary ids lo[i] <= id < hi[i] (the dictionary is sorted). */
export interface PrefixRanges {
  lo: readonly number[];
  hi: readonly number[];
}

/**
 * Decides whether each query token can be given its own name token that it prefixes.
 * Holds its scratch arrays so verifying thousands of candidates allocates nothing.
 */
export class DistinctMatcher {
  // owner[j] = query token holding name token start+j, or -1.
  private owner: Int32Array;
  private seen: Uint8Array;
  private ranges: PrefixRanges = { lo: [], hi: [] };
  private tokens: Uint32Array = new Uint32Array(0);
  private start = 0;
  private width = 0;

  constructor(capacity: number) {
    this.owner = new Int32Array(capacity);
    this.seen = new Uint8Array(capacity);
  }

  /** `tokens[start..end)` are the name's token ids, duplicates included. */
  matches(ranges: PrefixRanges, tokens: Uint32Array, start: number, end: number): boolean {
    const queryCount = ranges.lo.length;
    const width = end - start;
    if (queryCount > width) return false;
    if (queryCount === 1) return anyInRange(ranges.lo[0], ranges.hi[0], tokens, start, end);
    if (width > this.owner.length) {
      this.owner = new Int32Array(width);
      this.seen = new Uint8Array(width);
    }
    this.ranges = ranges;
    this.tokens = tokens;
    this.start = start;
    this.width = width;
    this.owner.fill(-1, 0, width);
    for (let q = 0; q < queryCount; q++) {
      this.seen.fill(0, 0, width);
      if (!this.augment(q)) return false;
    }
    return true;
  }

  /** Kuhn's step: find query token q a name token, evicting earlier owners along an augmenting path. */
  private augment(q: number): boolean {
    const lo = this.ranges.lo[q];
    const hi = this.ranges.hi[q];
    for (let j = 0; j < this.width; j++) {
      const id = this.tokens[this.start + j];
      if (id < lo || id >= hi || this.seen[j] === 1) continue;
      this.seen[j] = 1;
      if (this.owner[j] === -1 || this.augment(this.owner[j])) {
        this.owner[j] = q;
        return true;
      }
    }
    return false;
  }
}

export function anyInRange(lo: number, hi: number, tokens: Uint32Array, start: number, end: number): boolean {
  for (let j = start; j < end; j++) {
    const id = tokens[j];
    if (id >= lo && id < hi) return true;
  }
  return false;
}

export function contains(value: number, tokens: Uint32Array, start: number, end: number): boolean {
  for (let j = start; j < end; j++) if (tokens[j] === value) return true;
  return false;
}
