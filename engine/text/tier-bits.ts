// A text search's matches while it runs: one bitset over documents per (tier, field) slot,
// and a summary with one bit per bitset word that any match touched.
//
// Why slots and not a best-tier-per-document array: a broad query ("castle" on 150,000
// games) records ~40,000 (entity, game) pairs, and a pair costs one OR here where keeping the
// best tier costs a compare, a count and a move between tier bitsets. A document's tier is
// the first tier holding its bit and its field the first slot of that tier holding it, which
// is the order of SLOTS (tier, then the field code the engine prefers inside a tier), so
// composing the slots word by word when the matches are read gives what keeping the best
// would have. The summary keeps that composing, the counting and the clearing to the words
// a search touched: a narrow query pays for its matches, not for the catalog.
//
// One TierBits belongs to one text index and serves one search at a time: set() the
// matches, count(), read with walk()/tierOf()/rankOf(), then clear(); nothing of a search
// is left for the next.

import {
  FIELD_CODE,
  FIELDS,
  TIER_ALTERNATE,
  TIER_DESCRIPTION,
  TIER_FAMILY,
  TIER_FUZZY,
  TIER_NAME,
  TIER_PEOPLE,
  TIERS,
} from './codes.js';

export { TIERS } from './codes.js';

const NAME = FIELD_CODE.name;
const ALTERNATE = FIELD_CODE.alternate_name;
const DESIGNER = FIELD_CODE.designer;
const ARTIST = FIELD_CODE.artist;
const PUBLISHER = FIELD_CODE.publisher;
const FAMILY = FIELD_CODE.family;
const DESCRIPTION = FIELD_CODE.description;

/** Every (tier, field) a match can be recorded under, tier by tier, preferred field first. */
const SLOTS: readonly (readonly [tier: number, field: number])[] = [
  [TIER_NAME, NAME],
  [TIER_NAME, DESIGNER],
  [TIER_NAME, ARTIST],
  [TIER_NAME, PUBLISHER],
  [TIER_ALTERNATE, ALTERNATE],
  [TIER_FUZZY, NAME],
  [TIER_FUZZY, ALTERNATE],
  [TIER_PEOPLE, DESIGNER],
  [TIER_PEOPLE, ARTIST],
  [TIER_PEOPLE, PUBLISHER],
  [TIER_FAMILY, FAMILY],
  [TIER_DESCRIPTION, DESCRIPTION],
];
const SLOT_TIER = Uint8Array.from(SLOTS, ([tier]) => tier);
const SLOT_FIELD = Uint8Array.from(SLOTS, ([, field]) => field);
/** Slot of (tier, field) at tier · FIELDS + field; -1 for a pair no match is recorded under. */
const SLOT_OF = (() => {
  const out = new Int8Array(TIERS * FIELDS).fill(-1);
  SLOTS.forEach(([tier, field], slot) => {
    out[tier * FIELDS + field] = slot;
  });
  return out;
})();

/** The slot a match of (tier, field) is recorded under. */
export function slotOf(tier: number, field: number): number {
  const slot = SLOT_OF[tier * FIELDS + field];
  if (slot < 0) throw new RangeError(`no text slot for tier ${tier}, field ${field}`);
  return slot;
}

/** Set bits of a 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Receives a document, its tier and its field, in relevance order; false stops the walk. */
export type DocVisitor = (doc: number, tier: number, field: number) => boolean;

export class TierBits {
  /** Words per slot bitset. */
  readonly stride: number;
  private readonly bits: Uint32Array;
  /** Bit w set: word w of some slot may be non-zero. */
  private readonly dirty: Uint32Array;
  /**
   * The touched words (the dirty bits) as word indexes, ascending: listed once a search's
   * matches are all set (touched()), which every read and clear() then loops over.
   */
  private readonly words: Uint32Array;
  /** How many of `words` are listed; -1 until touched() lists them. */
  private wordCount = -1;
  /** Bit s set: slot s holds a match. */
  private used = 0;
  /** Documents set by setAll() so far, and whether that marked every word touched. */
  private listed = 0;
  private allDirty = false;
  /** The used slots' offsets into bits and their tiers, in slot order (set by count()). */
  private readonly usedBase = new Int32Array(SLOTS.length);
  private readonly usedTier = new Uint8Array(SLOTS.length);
  private readonly usedField = new Uint8Array(SLOTS.length);
  private usedCount = 0;
  /** Kept documents (bit per document), or undefined for all: what count() was given. */
  private mask: Uint32Array | undefined;
  /** Kept documents in all, as of count(). */
  total = 0;
  /**
   * Kept documents per tier, worked out when first needed (tierCounts()): a first page needs
   * only the total, which one popcount a word gives.
   */
  private readonly tierCount = new Int32Array(TIERS);
  private tiersCounted = false;

  constructor(documents: number) {
    this.stride = Math.ceil(documents / 32);
    this.bits = new Uint32Array(SLOTS.length * this.stride);
    this.dirty = new Uint32Array(Math.ceil(this.stride / 32));
    this.words = new Uint32Array(this.stride);
  }

  /** The number of touched words, listed ascending in `words` on the first call after set(). */
  private touched(): number {
    if (this.wordCount >= 0) return this.wordCount;
    const { dirty, words } = this;
    let n = 0;
    for (let d = 0; d < dirty.length; d++) {
      let summary = dirty[d];
      while (summary !== 0) {
        const lowest = summary & -summary;
        summary ^= lowest;
        words[n++] = (d << 5) + 31 - Math.clz32(lowest);
      }
    }
    this.wordCount = n;
    return n;
  }

  set(slot: number, doc: number): void {
    const w = doc >>> 5;
    // (Marking a word already marked by allDirty costs less than testing the flag.)
    this.bits[slot * this.stride + w] |= 1 << (doc & 31);
    this.dirty[w >>> 5] |= 1 << (w & 31);
    this.used |= 1 << slot;
  }

  /**
   * Sets the documents of a whole bitset (`words`: stride words, as this one's slots) in
   * `slot`: one OR a word, every word marked touched (the caller keeps such bitsets for
   * document sets larger than the stride, where a bit at a time would cost more).
   */
  orWords(slot: number, words: Uint32Array): void {
    const { bits, stride } = this;
    if (words.length !== stride) throw new RangeError(`a bitset of ${words.length} words, not ${stride}`);
    this.used |= 1 << slot;
    this.markAllDirty();
    const base = slot * stride;
    for (let w = 0; w < stride; w++) bits[base + w] |= words[w];
  }

  /**
   * Sets the documents of a sparse bitset in `slot`: words[i] ORed into word index[i] (indexes
   * ascending), each marked touched, so a narrow search's reads still cover only its words.
   */
  orSparse(slot: number, index: Uint32Array, words: Uint32Array): void {
    const { bits, dirty } = this;
    const base = slot * this.stride;
    this.used |= 1 << slot;
    this.listed += index.length;
    if (this.listed > this.stride) this.markAllDirty();
    if (this.allDirty) {
      for (let i = 0; i < index.length; i++) bits[base + index[i]] |= words[i];
      return;
    }
    for (let i = 0; i < index.length; i++) {
      const w = index[i];
      bits[base + w] |= words[i];
      dirty[w >>> 5] |= 1 << (w & 31);
    }
  }

  private markAllDirty(): void {
    if (this.allDirty) return;
    this.allDirty = true;
    const { dirty } = this;
    dirty.fill(-1);
    const tail = this.stride & 31;
    if (tail !== 0) dirty[dirty.length - 1] = (1 << tail) - 1;
  }

  /**
   * set() for docs[start .. end). Once the lists set this way hold more documents than there
   * are words, every word is marked touched at once and the lists skip the summary: a broad
   * query's people tier (~40,000 documents for "castle") then costs one OR a document.
   */
  setAll(slot: number, docs: Uint32Array, start: number, end: number): void {
    if (start >= end) return;
    const { bits, dirty } = this;
    const base = slot * this.stride;
    this.used |= 1 << slot;
    this.listed += end - start;
    if (this.listed > this.stride) this.markAllDirty();
    if (this.allDirty) {
      for (let i = start; i < end; i++) {
        const doc = docs[i];
        bits[base + (doc >>> 5)] |= 1 << (doc & 31);
      }
      return;
    }
    for (let i = start; i < end; i++) {
      const doc = docs[i];
      const w = doc >>> 5;
      bits[base + w] |= 1 << (doc & 31);
      dirty[w >>> 5] |= 1 << (w & 31);
    }
  }

  /** The used slots, in slot order, for the reads. */
  private prepare(mask: Uint32Array | undefined): void {
    this.mask = mask;
    this.tiersCounted = false;
    this.usedCount = 0;
    for (let slot = 0; slot < SLOTS.length; slot++) {
      if ((this.used & (1 << slot)) === 0) continue;
      this.usedBase[this.usedCount] = slot * this.stride;
      this.usedField[this.usedCount] = SLOT_FIELD[slot];
      this.usedTier[this.usedCount++] = SLOT_TIER[slot];
    }
  }

  /** Counts the matches (total), of the documents in `mask` only when given. */
  count(mask?: Uint32Array): void {
    this.prepare(mask);
    const { bits, words, usedBase, usedCount } = this;
    const touched = this.touched();
    let total = 0;
    for (let i = 0; i < touched; i++) {
      const w = words[i];
      let word = 0;
      for (let k = 0; k < usedCount; k++) word |= bits[usedBase[k] + w];
      if (mask !== undefined) word &= mask[w];
      if (word !== 0) total += popcount(word);
    }
    this.total = total;
  }

  /** The kept matches of each tier (counted on the first call after count()). */
  private tierCounts(): Int32Array {
    const counts = this.tierCount;
    if (this.tiersCounted) return counts;
    counts.fill(0);
    const { bits, words, usedBase, usedTier, usedCount, mask } = this;
    const touched = this.touched();
    for (let i = 0; i < touched; i++) {
      const w = words[i];
      const keep = mask === undefined ? -1 : mask[w];
      let before = 0;
      let k = 0;
      while (k < usedCount) {
        const tier = usedTier[k];
        let word = 0;
        for (; k < usedCount && usedTier[k] === tier; k++) word |= bits[usedBase[k] + w];
        // Most words hold matches of one or two tiers: skipping empty ones halves the count.
        const mine = word & ~before & keep;
        if (mine !== 0) counts[tier] += popcount(mine);
        before |= word;
      }
    }
    this.tiersCounted = true;
    return counts;
  }

  /** Whether some slot of the tier holds a match. */
  private holds(tier: number): boolean {
    for (let k = 0; k < this.usedCount; k++) if (this.usedTier[k] === tier) return true;
    return false;
  }

  /** Word w of tier t's kept documents (not in an earlier tier). */
  private tierWord(tier: number, w: number): number {
    const { bits, usedBase, usedTier, usedCount } = this;
    let before = 0;
    let word = 0;
    for (let k = 0; k < usedCount && usedTier[k] <= tier; k++) {
      if (usedTier[k] < tier) before |= bits[usedBase[k] + w];
      else word |= bits[usedBase[k] + w];
    }
    return word & ~before & (this.mask === undefined ? -1 : this.mask[w]);
  }

  /** The field of a document of tier t: the first slot of t holding it. */
  private fieldOf(tier: number, doc: number): number {
    const w = doc >>> 5;
    const bit = 1 << (doc & 31);
    for (let slot = 0; slot < SLOTS.length; slot++) {
      if (SLOT_TIER[slot] === tier && (this.bits[slot * this.stride + w] & bit) !== 0) return SLOT_FIELD[slot];
    }
    throw new RangeError(`document ${doc} is not in tier ${tier}`);
  }

  /**
   * The kept matches of ranks start.. in relevance order (tier, then document), handed to
   * visit until it returns false or they run out. Tiers and words before `start` are skipped
   * by their counts, so a page deep in the ranking costs a pass over words, not matches.
   */
  walk(start: number, visit: DocVisitor): void {
    let rank = 0;
    const words = this.words;
    const touched = this.touched();
    const counts = start > 0 ? this.tierCounts() : undefined;
    for (let tier = 0; tier < TIERS; tier++) {
      if (!this.holds(tier)) continue;
      if (counts !== undefined && rank + counts[tier] <= start) {
        rank += counts[tier];
        continue;
      }
      for (let i = 0; i < touched; i++) {
        const w = words[i];
        let word = this.tierWord(tier, w);
        if (word === 0) continue;
        const bits = popcount(word);
        if (rank + bits <= start) {
          rank += bits;
          continue;
        }
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          if (rank++ < start) continue;
          const doc = (w << 5) + 31 - Math.clz32(low);
          if (!visit(doc, tier, this.fieldOf(tier, doc))) return;
        }
      }
    }
  }

  /**
   * Every match in relevance order, without count(): docs[i] and fields[i] the match of
   * rank i, tierEnd[t] the end of tier t's ranks; answers the number of matches. Tier by
   * tier over the touched words, skipping tiers no slot holds; no count beforehand, which
   * would be one more pass over the words (a sixth of matches("schmidt"), 11,700 matches).
   */
  all(docs: Uint32Array, fields: Uint8Array, tierEnd: Int32Array): number {
    this.prepare(undefined);
    const { bits, words, usedBase, usedTier, usedField, usedCount } = this;
    const touched = this.touched();
    let i = 0;
    let from = 0;
    for (let tier = 0; tier < TIERS; tier++) {
      let to = from;
      while (to < usedCount && usedTier[to] === tier) to++;
      for (let t = 0; t < touched && to > from; t++) {
        const w = words[t];
        let word = 0;
        for (let k = from; k < to; k++) word |= bits[usedBase[k] + w];
        if (word === 0) continue;
        for (let k = 0; k < from; k++) word &= ~bits[usedBase[k] + w];
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          let k = from;
          while ((bits[usedBase[k] + w] & low) === 0) k++;
          docs[i] = (w << 5) + 31 - Math.clz32(low);
          fields[i++] = usedField[k];
        }
      }
      tierEnd[tier] = i;
      from = to;
    }
    return i;
  }

  /** The rank of a document among the kept matches, or -1 when it is not one. */
  rankOf(doc: number): number {
    const w = doc >>> 5;
    const bit = 1 << (doc & 31);
    let rank = 0;
    const counts = this.tierCounts();
    for (let tier = 0; tier < TIERS; tier++) {
      const word = this.tierWord(tier, w);
      if ((word & bit) === 0) {
        rank += counts[tier];
        continue;
      }
      const { words } = this;
      const touched = this.touched();
      for (let i = 0; i < touched && words[i] < w; i++) rank += popcount(this.tierWord(tier, words[i]));
      return rank + popcount(word & (bit - 1));
    }
    return -1;
  }

  /** Back to no match: the touched words of the used slots, or whole slots when most were touched. */
  clear(): void {
    const { bits, dirty, words, stride } = this;
    const touched = this.touched();
    for (let slot = 0; slot < SLOTS.length; slot++) {
      if ((this.used & (1 << slot)) === 0) continue;
      const base = slot * stride;
      if (touched > stride >>> 2) bits.fill(0, base, base + stride);
      else for (let i = 0; i < touched; i++) bits[base + words[i]] = 0;
    }
    dirty.fill(0);
    this.wordCount = -1;
    this.used = 0;
    this.listed = 0;
    this.allDirty = false;
    this.usedCount = 0;
    this.mask = undefined;
    this.tiersCounted = false;
    this.total = 0;
  }
}
