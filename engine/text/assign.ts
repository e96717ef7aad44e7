// The distinct-token rule of D56 on bitmasks: every query word needs its own name token.
// masks[j] has bit w set when name token j is acceptable for query word w (at most 8 words).
// With several words this is bipartite matching, which first-fit gets wrong ("c ca" against
// "ca cb"); Kuhn's augmenting paths are exact and cheap at name sizes.

export class DistinctAssigner {
  private owner = new Int32Array(16);
  private seen = new Uint8Array(16);
  private masks: Uint8Array = new Uint8Array(0);
  private width = 0;

  /** True when each of words 0..wordCount-1 can hold a distinct j with its bit in masks[j]. */
  assign(masks: Uint8Array, width: number, wordCount: number): boolean {
    if (wordCount === 0) return true;
    if (wordCount > width) return false;
    if (wordCount === 1) {
      for (let j = 0; j < width; j++) if ((masks[j] & 1) !== 0) return true;
      return false;
    }
    // When no token is acceptable for two words (the common case: words of distinct prefixes),
    // tokens covering every word are a distinct assignment, found without augmenting paths.
    const full = (1 << wordCount) - 1;
    let covered = 0;
    let serveTwo = false;
    for (let j = 0; j < width; j++) {
      const mask = masks[j] & full;
      covered |= mask;
      if ((mask & (mask - 1)) !== 0) serveTwo = true;
    }
    if (covered !== full) return false;
    if (!serveTwo) return true;
    if (width > this.owner.length) {
      this.owner = new Int32Array(width * 2);
      this.seen = new Uint8Array(width * 2);
    }
    this.masks = masks;
    this.width = width;
    this.owner.fill(-1, 0, width);
    for (let w = 0; w < wordCount; w++) {
      this.seen.fill(0, 0, width);
      if (!this.augment(w)) return false;
    }
    return true;
  }

  private augment(w: number): boolean {
    const bit = 1 << w;
    for (let j = 0; j < this.width; j++) {
      if ((this.masks[j] & bit) === 0 || this.seen[j] === 1) continue;
      this.seen[j] = 1;
      if (this.owner[j] === -1 || this.augment(this.owner[j])) {
        this.owner[j] = w;
        return true;
      }
    }
    return false;
  }
}
