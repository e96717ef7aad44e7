// The distinct-token rule (D56) on bitmasks: DistinctAssigner against every assignment tried
// by brute force, on masks where no token serves two words (its shortcut) and where tokens
// serve several (augmenting paths), with masks of more words than asked for.

import { describe, expect, it } from 'vitest';
import { DistinctAssigner } from '../../../engine/text/assign.js';
import { seeded } from '../../helpers/seeded.js';

/** True when words 0..wordCount-1 can each take a distinct token j with its bit in masks[j]. */
function bruteForce(masks: readonly number[], wordCount: number): boolean {
  const taken = new Array<boolean>(masks.length).fill(false);
  const place = (w: number): boolean => {
    if (w === wordCount) return true;
    for (let j = 0; j < masks.length; j++) {
      if (taken[j] || (masks[j] & (1 << w)) === 0) continue;
      taken[j] = true;
      if (place(w + 1)) return true;
      taken[j] = false;
    }
    return false;
  };
  return place(0);
}

describe('DistinctAssigner', () => {
  it('answers what brute force answers, on 20,000 random cases', () => {
    const next = seeded(20261129);
    const assigner = new DistinctAssigner();
    let found = 0;
    let shortcut = 0;
    for (let c = 0; c < 20_000; c++) {
      const width = 1 + Math.floor(next() * 7);
      const wordCount = Math.floor(next() * 6);
      const oneWordEach = next() < 0.5;
      const masks = Array.from({ length: width }, () => {
        if (oneWordEach) return next() < 0.3 ? 0 : 1 << Math.floor(next() * 7);
        return Math.floor(next() * 128);
      });
      const want = bruteForce(masks, wordCount);
      expect(assigner.assign(Uint8Array.from(masks), width, wordCount), `${JSON.stringify(masks)} ${wordCount}`).toBe(
        want,
      );
      if (want) found++;
      if (want && oneWordEach && wordCount > 1) shortcut++;
    }
    // Both answers, and the shortcut's case, occur often enough to mean something.
    expect(found).toBeGreaterThan(3000);
    expect(found).toBeLessThan(17_000);
    expect(shortcut).toBeGreaterThan(200);
  });

  it('needs a token per word: two words on one token that serves both fail', () => {
    const assigner = new DistinctAssigner();
    expect(assigner.assign(Uint8Array.of(0b11), 1, 2)).toBe(false);
    expect(assigner.assign(Uint8Array.of(0b10, 0b01), 2, 2)).toBe(true);
    // First fit would give token 0 to word 0 and find nothing for word 1 ("c ca" against "ca cb").
    expect(assigner.assign(Uint8Array.of(0b11, 0b01), 2, 2)).toBe(true);
    expect(assigner.assign(Uint8Array.of(0b01, 0b01), 2, 2)).toBe(false);
  });
});
