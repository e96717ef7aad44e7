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
 * Whether each query token can be given its own name token that it prefixes.
 * `tokens[start..end)` are the name's token ids, duplicates included.
 */
export function assignDistinct(ranges: PrefixRanges, tokens: Uint32Array, start: number, end: number): boolean {
  const queryCount = ranges.lo.length;
  if (queryCount > end - start) return false;
  if (queryCount === 1) return anyInRange(ranges.lo[0], ranges.hi[0], tokens, start, end);
  // owner[j] = query token holding name token start+j, or -1.
  const owner = new Int32Array(end - start).fill(-1);
  const seen = new Uint8Array(end - start);
  const augment = (q: number): boolean => {
    const lo = ranges.lo[q];
    const hi = ranges.hi[q];
    for (let j = 0; j < end - start; j++) {
      const id = tokens[start + j];
      if (id < lo || id >= hi || seen[j] === 1) continue;
      seen[j] = 1;
      if (owner[j] === -1 || augment(owner[j])) {
        owner[j] = q;
        return true;
      }
    }
    return false;
  };
  for (let q = 0; q < queryCount; q++) {
    seen.fill(0);
    if (!augment(q)) return false;
  }
  return true;
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
