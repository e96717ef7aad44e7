// Dense ids for distinct strings. A Map<string, number> with a few hundred thousand fresh
// keys was the largest cost of building the text index (hashing plus scattered buckets);
// FNV-1a over char codes into an open-addressing Int32Array does the same job several times
// faster.

const EMPTY = -1;

export class StringIds {
  /** Distinct strings by id, in first-seen order. */
  readonly keys: string[] = [];
  private slots: Int32Array;
  private mask: number;

  constructor(expected = 1024) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.slots = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
  }

  get size(): number {
    return this.keys.length;
  }

  /** The id of `key`, assigning the next one when it is new. */
  intern(key: string): number {
    let slot = hash(key) & this.mask;
    for (;;) {
      const id = this.slots[slot];
      if (id === EMPTY) break;
      if (this.keys[id] === key) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.keys.length;
    this.keys.push(key);
    this.slots[slot] = id;
    if (this.keys.length * 2 > this.slots.length) this.grow();
    return id;
  }

  /** The id of `key`, or -1 when it was never interned. */
  find(key: string): number {
    let slot = hash(key) & this.mask;
    for (;;) {
      const id = this.slots[slot];
      if (id === EMPTY || this.keys[id] === key) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let id = 0; id < this.keys.length; id++) {
      let slot = hash(this.keys[id]) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  // Fold the high bits in: the mask keeps only low ones, where FNV mixes least.
  return (h ^ (h >>> 16)) >>> 0;
}
