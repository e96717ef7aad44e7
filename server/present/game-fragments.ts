// Per-Dataset JSON fragments of games: a game's JSON is the same in every page that shows it
// until the Dataset changes, so it is serialized once and joined into pages. A fragment is
// the JSON without its closing brace, so members that vary per request (matched_via, embeds)
// are appended without slicing the string.
//
// The cache hangs off the Dataset object (a WeakMap key): a reload swaps in another Dataset,
// which starts empty, and the old one's fragments go with it. It is bounded: a page shows
// at most 100 games and traffic goes to few of them (the first pages of common listings),
// while caching all of 150,000 games at ~1.5 KB would hold ~225 MB for the life of the
// Dataset. Past the cap the oldest entry goes (insertion order, FIFO): no per-hit
// bookkeeping, unlike LRU, and a miss costs what an uncached game always cost. A fragment a
// games page used is kept as UTF-8 bytes too (up to the same cap): that page is joined and
// sent as bytes (server/present/games-page.ts).

import type { DatasetApi } from '../../engine/index.js';

/**
 * 10,000 fragments: ~15 MB of one-byte strings at ~1.5 KB a game (the bench store's pages),
 * as much again for their bytes,
 * 100 full pages of 100 games; under 7 % of a 150,000-game catalogue. Large enough for the
 * hot set, small beside the ~450 MB a 150,000-game process already holds.
 */
export const FRAGMENT_CAP = 10_000;

export class FragmentCache {
  private readonly strings = new Map<number, string>();
  /** The same fragments as UTF-8 bytes, for pages sent as bytes (the games list). */
  private readonly encoded = new Map<number, Buffer>();
  /** fragment()'s bytes, made once here: a hit makes no closure (a page asks 25 to 100 times). */
  private readonly encode = (row: number): Buffer => Buffer.from(this.fragment(row));

  /** @param build the fragment of a row, on a miss */
  constructor(
    private readonly build: (row: number) => string,
    readonly cap: number = FRAGMENT_CAP,
  ) {
    if (!Number.isInteger(cap) || cap < 1) throw new RangeError('the fragment cap must be a positive integer');
  }

  get size(): number {
    return this.strings.size;
  }

  /** The fragment of `row`, built on a miss (and kept, evicting the oldest past the cap). */
  fragment(row: number): string {
    return kept(this.strings, this.cap, row, this.build);
  }

  /**
   * The fragment of `row` as UTF-8 bytes, encoded from fragment() on a miss and kept the same
   * way: a page joined from bytes is sent as they are, where a page joined as a string was
   * measured encoding (and its length counted) on every request.
   */
  bytes(row: number): Buffer {
    return kept(this.encoded, this.cap, row, this.encode);
  }
}

/** `map`'s value of `row`, made by `build` on a miss and kept, the oldest going past `cap`. */
function kept<T>(map: Map<number, T>, cap: number, row: number, build: (row: number) => T): T {
  let value = map.get(row);
  if (value === undefined) {
    value = build(row);
    if (map.size >= cap) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(row, value);
  }
  return value;
}

const caches = new WeakMap<DatasetApi, FragmentCache>();

/**
 * The fragment cache of this Dataset object, created on first use with `build` (a function of
 * the module, not a closure per call: the cache binds it to the Dataset once).
 */
export function fragmentsOf(dataset: DatasetApi, build: (dataset: DatasetApi, row: number) => string): FragmentCache {
  let cache = caches.get(dataset);
  if (cache === undefined) {
    cache = new FragmentCache((row) => build(dataset, row));
    caches.set(dataset, cache);
  }
  return cache;
}
