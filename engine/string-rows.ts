// A lookup from a string key to the first row that holds it, as an open-addressing hash
// table in one Int32Array. Why not a Map: at 150,000 games the two Maps of ids and slugs
// took ~170 ms of a column-file start (each insertion allocates, and the collector then
// walks 300,000 entries); this table is one allocation, filled by hashing the keys the
// Games already hold, and a lookup compares against those same strings.

const EMPTY = -1;

/** FNV-1a over UTF-16 code units, folded to 32 bits. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class StringRows {
  private readonly slots: Int32Array;
  private readonly mask: number;

  /** Indexes `keys[row]` for every row; when a key repeats, the first row keeps it. */
  constructor(private readonly keys: readonly string[]) {
    let capacity = 16;
    while (capacity < keys.length * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
    for (let row = 0; row < keys.length; row++) this.insert(keys[row], row);
  }

  private insert(key: string, row: number): void {
    let slot = hashOf(key) & this.mask;
    for (;;) {
      const held = this.slots[slot];
      if (held === EMPTY) {
        this.slots[slot] = row;
        return;
      }
      if (this.keys[held] === key) return;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The first row whose key is `key`, if any. */
  get(key: string): number | undefined {
    let slot = hashOf(key) & this.mask;
    for (;;) {
      const held = this.slots[slot];
      if (held === EMPTY) return undefined;
      if (this.keys[held] === key) return held;
      slot = (slot + 1) & this.mask;
    }
  }
}
