// A lookup from a string key to the first row that holds it, as an open-addressing hash
// table in one Int32Array. Why not a Map: at 150,000 games the two Maps of ids and slugs
// took ~170 ms of a column-file start (each insertion allocates, and the collector then
// walks 300,000 entries); this table is one allocation, filled by hashing the keys the
// Games already hold, and a lookup compares against those same strings.

const EMPTY = -1;
/** Keys a step of StringRows.buildSteps inserts (a few milliseconds). */
const KEYS_PER_STEP = 32_768;

/** Slots of a table over `keys` keys: a power of two at least twice as many. */
function capacityFor(keys: number): number {
  let capacity = 16;
  while (capacity < keys * 2) capacity *= 2;
  return capacity;
}

/** FNV-1a over UTF-16 code units, folded to 32 bits. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class StringRows {
  private readonly slots: Int32Array;
  private readonly mask: number;

  /**
   * Indexes `keys[row]` for every row; when a key repeats, the first row keeps it. Given the
   * `table` of a StringRows over the same keys (a column file carries it), takes it instead
   * of hashing every key: ~50 ms of a 150,000-game start for the id and slug lookups. A table
   * that cannot be one over this many keys throws a RangeError.
   */
  constructor(
    private readonly keys: readonly string[],
    table?: Int32Array,
  ) {
    const capacity = capacityFor(keys.length);
    this.mask = capacity - 1;
    if (table !== undefined) {
      if (table.length !== capacity)
        throw new RangeError(`a lookup table of ${table.length} slots for ${keys.length} keys`);
      let used = 0;
      for (let slot = 0; slot < capacity; slot++) {
        const row = table[slot];
        if (row === EMPTY) continue;
        if (row < 0 || row >= keys.length) throw new RangeError(`a lookup table names row ${row} of ${keys.length}`);
        used++;
      }
      if (used > keys.length) throw new RangeError(`a lookup table holds ${used} rows of ${keys.length}`);
      this.slots = table;
      return;
    }
    this.slots = new Int32Array(capacity).fill(EMPTY);
    for (let row = 0; row < keys.length; row++) this.insert(keys[row], row);
  }

  /**
   * The StringRows the constructor builds over `keys`, KEYS_PER_STEP keys a step, for a
   * caller that gives the event loop turns between steps (a reload's rebuild).
   */
  static *buildSteps(keys: readonly string[]): Generator<void, StringRows> {
    const rows = new StringRows(keys, new Int32Array(capacityFor(keys.length)).fill(EMPTY));
    for (let start = 0; start < keys.length; start += KEYS_PER_STEP) {
      const end = Math.min(keys.length, start + KEYS_PER_STEP);
      for (let row = start; row < end; row++) rows.insert(keys[row], row);
      if (end < keys.length) yield;
    }
    return rows;
  }

  /** The open-addressing table, for a column file (what the constructor takes back). */
  get table(): Int32Array {
    return this.slots;
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
