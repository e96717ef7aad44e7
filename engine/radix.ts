// Stable LSD radix argsorts (16-bit digits): sorting 150k rows by a Float64 column or by UUID
// takes a few milliseconds instead of a comparator sort's hundred. Stability is the point:
// rows handed in tie order (e.g. by id) come out ordered by (key, tie).

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const DIGITS = 1 << 16;

/**
 * Sorts `rows` by unsigned multi-word keys (`words[0]` most significant, each indexed by
 * row), stably. Returns a new array.
 */
export function radixSortRows(rows: Uint32Array, words: readonly Uint32Array[]): Uint32Array {
  let from = Uint32Array.from(rows);
  let to = new Uint32Array(rows.length);
  const counts = new Uint32Array(DIGITS);
  // Hot loop: two passes per 32-bit word, least significant first.
  for (let w = words.length - 1; w >= 0; w--) {
    const key = words[w];
    for (let shift = 0; shift <= 16; shift += 16) {
      counts.fill(0);
      for (let i = 0; i < from.length; i++) counts[(key[from[i]] >>> shift) & 0xffff]++;
      if (counts[(key[from[0]] >>> shift) & 0xffff] === from.length) continue; // one digit: pass is a no-op
      let sum = 0;
      for (let d = 0; d < DIGITS; d++) {
        const c = counts[d];
        counts[d] = sum;
        sum += c;
      }
      for (let i = 0; i < from.length; i++) {
        const row = from[i];
        to[counts[(key[row] >>> shift) & 0xffff]++] = row;
      }
      const swap = from;
      from = to;
      to = swap;
    }
  }
  return from;
}

/**
 * Order-preserving unsigned keys of a Float64 column (high word, low word per row), for
 * ascending or (inverted) descending order; -0 sorts with +0. Null when the platform is
 * big-endian (callers fall back to a comparator sort). NaN rows get meaningless keys.
 */
export function floatKeys(values: Float64Array, desc: boolean): [Uint32Array, Uint32Array] | null {
  if (!LITTLE_ENDIAN || values.length === 0) return LITTLE_ENDIAN ? [new Uint32Array(0), new Uint32Array(0)] : null;
  const raw = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  const hi = new Uint32Array(values.length);
  const lo = new Uint32Array(values.length);
  const flip = desc ? 0xffffffff : 0;
  for (let i = 0; i < values.length; i++) {
    let h = raw[2 * i + 1];
    let l = raw[2 * i];
    if (h === 0x80000000 && l === 0) h = 0; // -0 -> +0
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    hi[i] = (h ^ flip) >>> 0;
    lo[i] = (l ^ flip) >>> 0;
  }
  return [hi, lo];
}

const UUID_LOWER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Rows in ascending string order of their ids. Lowercase UUIDs (the normal case) compare as
 * their 128-bit numbers and radix-sort; anything else falls back to a comparator sort.
 */
export function rowsByString(ids: readonly string[]): Uint32Array {
  const n = ids.length;
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) rows[i] = i;
  if (!ids.every((id) => UUID_LOWER.test(id))) {
    return Uint32Array.from([...rows].sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : a - b)));
  }
  const words = [new Uint32Array(n), new Uint32Array(n), new Uint32Array(n), new Uint32Array(n)];
  for (let i = 0; i < n; i++) {
    const hex = ids[i].replace(/-/g, '');
    for (let w = 0; w < 4; w++) words[w][i] = parseInt(hex.slice(w * 8, w * 8 + 8), 16) >>> 0;
  }
  return radixSortRows(rows, words);
}
