// Game↔entity links in two directions: per entity, the posting bitmap of its games; per
// game, its link entries in catalog order (a CSR layout: offsets + entry indexes).

import { bitmapOf, freeze, type Bitmap } from './bitmap.js';
import { IntListColumn, type ListColumn } from './list-column.js';
import { runSteps, StepBudget } from './steps.js';

/**
 * A counting sort: the `values` of the entries bucketed by key, in entry order within a key.
 * Key k's values are `items[start[k] .. start[k + 1])`; an entry whose key is `count` or more
 * is left out. Two passes, one typed array, no array per key: every posting list of a build
 * (links, dictionary codes, integer lists) is cut from one of these.
 */
export function bucketByKey(
  keys: Uint32Array,
  count: number,
  values: Uint32Array,
): { start: Uint32Array; items: Uint32Array } {
  const start = new Uint32Array(count + 1);
  for (let e = 0; e < keys.length; e++) if (keys[e] < count) start[keys[e] + 1]++;
  for (let k = 0; k < count; k++) start[k + 1] += start[k];
  const next = start.slice(0, count);
  const items = new Uint32Array(start[count]);
  for (let e = 0; e < keys.length; e++) if (keys[e] < count) items[next[keys[e]]++] = values[e];
  return { start, items };
}

/** 0, 1, …, n - 1: the entry (or row) indexes a counting sort buckets. */
export function indexesUpTo(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Per game row, the indexes of its link entries, in input order. */
export class GameLinks {
  /**
   * @param offsets game row -> start of its entries in `entries` (length games + 1)
   * @param entries link entry indexes grouped by game; hot loops read both arrays directly
   */
  private constructor(
    readonly offsets: Uint32Array,
    readonly entries: Uint32Array,
  ) {}

  /** Groups link entries by game, keeping input order within each game (counting sort). */
  static build(game: Uint32Array, games: number, keep?: (entry: number) => boolean): GameLinks {
    if (keep === undefined) {
      const grouped = GameLinks.grouped(game, games);
      if (grouped !== undefined) return grouped;
    }
    // An entry left out gets the key `games`, which bucketByKey drops.
    const keys = keep === undefined ? game : game.map((g, e) => (keep(e) ? g : games));
    const { start: offsets, items: entries } = bucketByKey(keys, games, indexesUpTo(game.length));
    return new GameLinks(offsets, entries);
  }

  /**
   * The links when the entries already come grouped by game, ascending (as the loader and
   * the column file give them): the entries are then 0, 1, 2, … and only the offsets are
   * counted, with no scatter pass. Undefined when some entry is out of order.
   */
  private static grouped(game: Uint32Array, games: number): GameLinks | undefined {
    const offsets = new Uint32Array(games + 1);
    let previous = 0;
    for (let e = 0; e < game.length; e++) {
      const g = game[e];
      if (g < previous || g >= games) return undefined;
      previous = g;
      offsets[g + 1]++;
    }
    for (let g = 0; g < games; g++) offsets[g + 1] += offsets[g];
    return new GameLinks(offsets, indexesUpTo(game.length));
  }

  /** Link entry indexes of one game. */
  of(row: number): Uint32Array {
    return this.entries.subarray(this.offsets[row], this.offsets[row + 1]);
  }
}

/**
 * Per target index, the frozen bitmap of games linked to it. The games are bucketed by a
 * counting sort into one typed array (no array per target), and every target without games
 * shares one frozen empty bitmap: most people are designers or artists, not both, so half
 * the targets of each role are empty. Both arrays are Uint32Array and there is no per-entry
 * callback: the loops stay monomorphic, which a start (each loop run once, cold) feels.
 */
export function postingsByTarget(game: Uint32Array, target: Uint32Array, targets: number): Bitmap[] {
  return runSteps(postingsByTargetSteps(game, target, targets));
}

/**
 * Entries made into bitmaps between two yields of postingsByTargetSteps (a few ms): the
 * terms' 825,000 links of 150,000 games in one step made most of a 76 ms stall of a reload.
 */
const POSTINGS_PER_STEP = 65_536;

/** postingsByTarget in steps: the bucketing, then the targets' bitmaps by their entries. */
export function* postingsByTargetSteps(
  game: Uint32Array,
  target: Uint32Array,
  targets: number,
): Generator<void, Bitmap[]> {
  const { start, items: rows } = bucketByKey(target, targets, game);
  yield;
  const empty = freeze(bitmapOf([]));
  const out = new Array<Bitmap>(targets);
  const budget = new StepBudget(POSTINGS_PER_STEP);
  for (let t = 0; t < targets; t++) {
    out[t] = start[t] === start[t + 1] ? empty : freeze(bitmapOf(rows.subarray(start[t], start[t + 1])));
    if (budget.spend(start[t + 1] - start[t] + 1)) yield;
  }
  return out;
}

/**
 * Per target, the frozen bitmap of its games, built on first use from the games bucketed by
 * target (a counting sort's offsets and rows). For the people: 20,000 per role at 150,000
 * games, each a native object costing ~1 µs and its share of the collector's work at every
 * start, while a request filters on a person or two. Read like an array (`at`).
 */
export class LazyPostings {
  private readonly built: (Bitmap | undefined)[];

  /**
   * @param start target -> first of its games in `rows` (length targets + 1)
   * @param rows the games of every target, grouped by target
   */
  constructor(
    private readonly start: Uint32Array,
    private readonly rows: Uint32Array,
    private readonly empty: Bitmap,
  ) {
    this.built = new Array<Bitmap | undefined>(start.length - 1);
  }

  get length(): number {
    return this.built.length;
  }

  /** The bitmap of target `t` (undefined past the targets). */
  at(t: number): Bitmap | undefined {
    if (!(t >= 0 && t < this.built.length)) return undefined;
    let bitmap = this.built[t];
    if (bitmap === undefined) {
      const from = this.start[t];
      const to = this.start[t + 1];
      bitmap = from === to ? this.empty : freeze(bitmapOf(this.rows.subarray(from, to)));
      this.built[t] = bitmap;
    }
    return bitmap;
  }
}

/**
 * Per group, the postings of every target (LazyPostings), in one pass: `group[e]` is entry
 * e's group (0 … groups - 1) or any larger value to leave it out. Designers and artists from
 * the credits: one counting sort over them, where a postingsByTarget per role made two with a
 * test per entry, and no bitmap until one is asked for.
 */
export function lazyPostingsPerGroup(
  game: Uint32Array,
  target: Uint32Array,
  targets: number,
  group: Uint8Array,
  groups: number,
): LazyPostings[] {
  const keys = groups * targets;
  // key = group × targets + target; an entry of no group gets `keys`, which bucketByKey leaves out
  const key = new Uint32Array(game.length);
  for (let e = 0; e < game.length; e++) key[e] = group[e] < groups ? group[e] * targets + target[e] : keys;
  const { start, items: rows } = bucketByKey(key, keys, game);
  const empty = freeze(bitmapOf([]));
  return Array.from(
    { length: groups },
    (_, g) => new LazyPostings(start.subarray(g * targets, (g + 1) * targets + 1), rows, empty),
  );
}

/** Per integer value found in per-row lists, the frozen bitmap of rows whose list has it. */
export function postingsByListValue(lists: ListColumn<readonly number[] | null>): Map<number, Bitmap> {
  if (lists instanceof IntListColumn) return postingsByIntList(lists);
  const rows = new Map<number, number[]>();
  for (let row = 0; row < lists.length; row++) {
    const list = lists.get(row);
    if (!list) continue;
    for (const value of list) {
      let bucket = rows.get(value);
      if (!bucket) {
        bucket = [];
        rows.set(value, bucket);
      }
      if (bucket[bucket.length - 1] !== row) bucket.push(row);
    }
  }
  const out = new Map<number, Bitmap>();
  for (const [value, bucket] of rows) out.set(value, freeze(bitmapOf(bucket)));
  return out;
}

/** Above this span of values, integer lists take the general path (a Map of buckets). */
const MAX_VALUE_SPAN = 1 << 16;

/**
 * postingsByListValue over integer lists held as offsets and values: a counting sort of the
 * rows by value into one typed array, no array per row or per value (at 150,000 games the
 * JSON rows it replaced cost ~50 ms a column at start, parsing and collecting).
 */
function postingsByIntList(lists: IntListColumn): Map<number, Bitmap> {
  const { offsets, values } = lists;
  const used = values.subarray(0, offsets[lists.length]);
  let min = Infinity;
  let max = -Infinity;
  for (const value of used) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const out = new Map<number, Bitmap>();
  if (used.length === 0) return out;
  if (max - min >= MAX_VALUE_SPAN) return postingsByListValue({ length: lists.length, get: (row) => lists.get(row) });
  const span = max - min + 1;
  const key = new Uint32Array(used.length);
  const rowOf = new Uint32Array(used.length);
  for (let row = 0; row < lists.length; row++)
    for (let i = offsets[row]; i < offsets[row + 1]; i++) {
      key[i] = values[i] - min;
      rowOf[i] = row;
    }
  const { start, items: rows } = bucketByKey(key, span, rowOf);
  // Rows are ascending within each value (a row listing a value twice appears twice: one bit).
  for (let v = 0; v < span; v++)
    if (start[v] < start[v + 1]) out.set(v + min, freeze(bitmapOf(rows.subarray(start[v], start[v + 1]))));
  return out;
}
