// Facet counts: per dimension, count over the games matching every filter except that
// dimension's own (the plan skips its clauses). Each dimension is counted the cheaper of two
// ways for the rows at hand: one andCardinality per key against the key's posting bitmap
// (cost grows with the keys and with the values each call probes), or one pass over the
// result's rows reading a per-row code column (cost grows with the rows and their links): the
// taxonomy terms of each kind in CSR form (and packed four to a word per row for kinds of
// fewer than 255 terms), the type code, the player range (one 2-byte word per row) into a
// difference array. Nothing is materialized per key either way. Outside effective mode the rows of all dimensions come from shared
// prefix and suffix intersections (countShared) in bitmaps this counter reuses; the row buffer
// is the Dataset's.

import { bitmapOf, emptyBitmap, freeze, type Bitmap } from './bitmap.js';
import type { Catalog } from './catalog.js';
import { NO_CODE } from './dictionary.js';
import type { TaxonomyKind } from './domain.js';
import type { Clause, Plan } from './filter.js';
import type { Games } from './games.js';
import { runSteps } from './steps.js';
import type { FacetKindColumns } from './prebuilt.js';
import type { GameIndexes } from './indexes.js';
import type { DatasetInput } from './input.js';
import { DENSE_SHARE, estimate, evaluate, intersect, narrow, type Scratch, touches } from './plan.js';
import type { FacetDimension, Facets } from './query.js';
import type { Variants } from './variants.js';

/**
 * Row visits one andCardinality call is worth: a dimension is counted by walking its rows
 * when rows × (1 + links per row) is below this × the calls' weight (keys, plus the probes
 * their values cost: PROBES_PER_CALL). Measured at 150k games, every dimension both ways, on
 * random row sets of 500 to 80,000 rows and on the bench's facets-typical: one call cost
 * about as much as 400–800 row visits.
 */
export const DEFAULT_FACET_CUTOVER = 400;

/**
 * Rows an andCardinality call probes for the cost of one more call. A call between a bitset
 * and an array container probes each value of the array, so the calls cost with those
 * values, not only their number: a taxonomy kind's small (array) postings, all its links;
 * the players' bitset postings over sparse counted rows, those rows once per call. Measured
 * at 150k games on facets-typical: the walk of a kind and its calls break even near 35,000
 * rows for mechanics (121 keys, 450,000 links: 165 µs by andCardinality, 87 µs by the walk of
 * 19,600 rows), 18,000–25,000 for categories (32 keys, 225,000 links) and themes (43,
 * 150,000); players (8 keys over 5,960 rows) 26 µs by andCardinality, 18 µs by the walk.
 */
const PROBES_PER_CALL = 2000;

const KINDS: Readonly<Record<'mechanics' | 'categories' | 'themes', TaxonomyKind>> = {
  mechanics: 'mechanic',
  categories: 'category',
  themes: 'theme',
};

export interface FacetSources {
  games: Games;
  indexes: GameIndexes;
  catalog: Catalog;
  variants: Variants;
  gameTerms: DatasetInput['gameTerms'];
}

/** A kind's link columns and the term index of each local code. */
interface KindLinks extends FacetKindColumns {
  terms: readonly number[];
}

/** A `more` word no row of at most eight distinct codes can have (four bytes of 255). */
const OVERFLOW = 0xffffffff;

/** Where walkPacked's second set of four byte histograms starts. */
const SECOND_SET = 4 * 256;

export class FacetCounter {
  private readonly kinds = new Map<TaxonomyKind, KindLinks>();
  /** Reused bitmaps of the shared products (countShared). */
  private readonly bitmaps: Bitmap[] = [];
  /** Reused: the counted rows that have more than four codes of a kind (KindLinks.wide). */
  private readonly wideRows: Bitmap = emptyBitmap();
  private counters = new Int32Array(0);
  private ranges: Uint16Array | undefined;

  /**
   * @param cutover see DEFAULT_FACET_CUTOVER (0: always andCardinality; huge: always walk)
   * @param results two result bitmaps to overwrite: the whole filter's, one dimension's at a time
   */
  constructor(
    private readonly src: FacetSources,
    private readonly cutover: number,
    private readonly scratch: Scratch,
    private readonly results: readonly [Bitmap, Bitmap],
  ) {}

  /**
   * Takes another counter's per-kind link columns: built from the same term links, catalog
   * and rows (a Dataset updated in place, column-update.ts), they are the same.
   */
  adopt(previous: FacetCounter): void {
    if (previous.src.gameTerms !== this.src.gameTerms || previous.src.catalog !== this.src.catalog) return;
    for (const [kind, links] of previous.kinds) this.kinds.set(kind, links);
  }

  /** The per-kind link columns built so far (what a column file carries). */
  builtLinks(): Map<TaxonomyKind, FacetKindColumns> {
    return new Map(
      [...this.kinds].map(([kind, { offsets, codes, packed, wide, more }]) => [
        kind,
        { offsets, codes, packed, wide, more },
      ]),
    );
  }

  /**
   * Takes per-kind link columns built elsewhere (a column file's, prebuilt.ts) for these games
   * and terms; columns that do not fit them (row count, offsets, codes past the kind's terms,
   * packed words for a kind that has none) throw a RangeError and nothing is taken.
   */
  adoptLinks(links: ReadonlyMap<TaxonomyKind, FacetKindColumns>): void {
    const checked = new Map<TaxonomyKind, KindLinks>();
    const rows = this.src.games.size;
    for (const [kind, columns] of links) {
      const terms = this.src.catalog.taxonomy(kind).terms;
      const { offsets, codes, packed, wide, more } = columns;
      const bad = (why: string) => new RangeError(`facet links of ${kind}: ${why}`);
      if (offsets.length !== rows + 1 || offsets[0] !== 0 || offsets[rows] !== codes.length)
        throw bad('offsets do not fit the rows');
      for (let row = 0; row < rows; row++) if (offsets[row + 1] < offsets[row]) throw bad('offsets go back');
      for (let e = 0; e < codes.length; e++) if (codes[e] >= terms.length) throw bad('a code past the terms');
      const small = terms.length < 255;
      if (small !== (packed !== null) || (packed !== null && packed.length !== rows)) throw bad('packed words');
      if ((more !== null && (packed === null || more.length !== rows)) || (wide !== null) !== (more !== null))
        throw bad('wide rows');
      if (wide !== null && wide.size > 0 && wide.maximum() >= rows) throw bad('a wide row past the games');
      checked.set(kind, { offsets, codes, packed, wide, more, terms });
    }
    for (const [kind, links] of checked) this.kinds.set(kind, links);
  }

  /** Builds the per-kind link columns now rather than on the first facet request. */
  prepare(): void {
    runSteps(this.prepareSteps());
  }

  /** prepare() a kind per step (each a pass over every game's links: tens of ms at 150k games). */
  *prepareSteps(): Generator<void, void> {
    for (const kind of Object.values(KINDS)) {
      this.links(kind);
      yield;
    }
    this.playerRanges(this.src.indexes.facetPlayers);
  }

  count(plan: Plan, dimensions: readonly FacetDimension[]): Facets {
    const dims = [...new Set(dimensions)];
    const out: Facets = {};
    // keys in the order asked for, whatever order they are counted in
    for (const dim of dims) out[dim] = {};
    if (plan.effective === null) this.countShared(plan, dims, out);
    else this.countEach(plan, dims, out);
    return out;
  }

  /**
   * Effective mode: each dimension's rows evaluated on their own (the effective-aware clauses
   * are combined over base rows and variants, which the shared products below do not model).
   */
  private countEach(plan: Plan, dims: readonly FacetDimension[], out: Facets): void {
    const { games, variants } = this.src;
    let all: Bitmap | undefined;
    for (const dim of dims) {
      let rows: Bitmap;
      if (touches(plan, dim)) rows = evaluate(plan, games.size, variants, this.results[0], this.scratch, dim).result;
      else rows = all ??= evaluate(plan, games.size, variants, this.results[1], this.scratch).result;
      out[dim] = this.countOne(dim, rows);
    }
  }

  /**
   * Every dimension from shared products. The clauses no asked dimension owns are intersected
   * once (the base B); with the asked dimensions' own clause groups D_0 … D_k-1, "all but i" is
   * prefix_i ∩ suffix_i+1, where prefix_i = B ∩ D_0 ∩ … ∩ D_i-1 is kept from a forward pass and
   * suffix_i+1 = B ∩ D_i+1 ∩ … ∩ D_k-1 is narrowed in place on the way back: about 3k bitmap
   * steps, all over rows already within B, instead of k + 1 evaluations of every clause
   * (150k games, bench facets-typical, k = 4: every dimension's rows in 105 µs instead of 260 µs,
   * compile included, both measured in one run).
   */
  private countShared(plan: Plan, dims: readonly FacetDimension[], out: Facets): void {
    const size = this.src.games.size;
    const scratch = this.scratch;
    const owned = dims.flatMap((dim) => {
      const group = plan.clauses.filter((c) => c.dim === dim);
      return group.length > 0 ? [{ dim, group, rows: groupEstimate(group, size) }] : [];
    });
    // most selective first: the prefixes shrink fastest
    owned.sort((x, y) => x.rows - y.rows);
    const k = owned.length;
    const common = plan.clauses.filter((c) => c.dim === null || !owned.some((o) => o.dim === c.dim));
    const pool = this.pool(k + 3);
    const prefixes = [intersect(common, size, pool[0], scratch)];
    const needAll = dims.length > k;
    for (let i = 1; i < k + (needAll ? 1 : 0); i++) {
      const prefix = pool[i];
      prefix.copyFrom(prefixes[i - 1]);
      prefixes.push(narrow(prefix, owned[i - 1].group, size, scratch));
    }
    if (needAll)
      for (const dim of dims) if (!owned.some((o) => o.dim === dim)) out[dim] = this.countOne(dim, prefixes[k]);
    if (k === 0) return;
    const suffix = pool[k + 1];
    if (k > 1) suffix.copyFrom(prefixes[0]);
    for (let i = k - 1; i >= 0; i--) {
      let rows: Bitmap;
      if (i === k - 1) rows = prefixes[i];
      else if (i === 0) rows = suffix;
      else {
        const [small, large] = prefixes[i].size <= suffix.size ? [prefixes[i], suffix] : [suffix, prefixes[i]];
        rows = pool[k + 2];
        rows.copyFrom(small);
        rows.andInPlace(large);
      }
      out[owned[i].dim] = this.countOne(owned[i].dim, rows);
      if (i > 0) narrow(suffix, owned[i].group, size, scratch);
    }
  }

  /** At least n reusable bitmaps (contents undefined). */
  private pool(n: number): Bitmap[] {
    while (this.bitmaps.length < n) this.bitmaps.push(emptyBitmap());
    return this.bitmaps;
  }

  private countOne(dim: FacetDimension, rows: Bitmap): Record<string, number> {
    if (dim === 'type') return this.types(rows);
    if (dim === 'players') return this.players(rows);
    return this.terms(KINDS[dim], rows);
  }

  /** Whether walking n rows with this many links per row beats andCardinality calls of this weight. */
  private walks(n: number, linksPerRow: number, calls: number): boolean {
    return n * (1 + linksPerRow) < calls * this.cutover;
  }

  private types(rows: Bitmap): Record<string, number> {
    const types = this.src.games.types;
    const out: Record<string, number> = {};
    const n = rows.size;
    if (!this.walks(n, 0, types.values.length)) {
      for (let code = 0; code < types.values.length; code++)
        put(out, types.values[code], types.postings[code].andCardinality(rows));
      return out;
    }
    const keys = types.values.length;
    const counts = this.tally(keys);
    const list = this.rowsOf(rows, n);
    const codes = types.codes;
    for (let i = 0; i < n; i++) {
      const code = codes[list[i]];
      if (code !== NO_CODE) counts[code]++;
    }
    for (let code = 0; code < keys; code++) put(out, types.values[code], counts[code]);
    return out;
  }

  /** Per player count n ≤ facetPlayers, rows with min_players ≤ n ≤ max_players. */
  private players(rows: Bitmap): Record<string, number> {
    const { indexes } = this.src;
    const top = indexes.facetPlayers;
    const out: Record<string, number> = {};
    const n = rows.size;
    // The postings are dense (bitsets); over sparse rows (arrays) a call probes each row.
    const sparse = n * DENSE_SHARE < this.src.games.size;
    if (!this.walks(n, 0, top * (sparse ? 1 + n / PROBES_PER_CALL : 1))) {
      for (let p = 1; p <= top; p++) put(out, String(p), indexes.players(p).andCardinality(rows));
      return out;
    }
    // +1 at the first count of a row's range, -1 after its last; prefix sums give the counts.
    // Most rows share a few ranges: rows alternate between two difference arrays, so an
    // update does not wait on the previous row's update of the same slot (walkPacked).
    const second = top + 2;
    const diff = this.tally(2 * second);
    const ranges = this.playerRanges(top);
    const list = this.rowsOf(rows, n);
    // Hot loop: two rows, one read each, two unconditional updates each.
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const w = ranges[list[i]];
      const v = ranges[list[i + 1]];
      diff[w & 255]++;
      diff[w >>> 8]--;
      diff[second + (v & 255)]++;
      diff[second + (v >>> 8)]--;
    }
    if (i < n) {
      const w = ranges[list[i]];
      diff[w & 255]++;
      diff[w >>> 8]--;
    }
    let running = 0;
    for (let p = 1; p <= top; p++) {
      running += diff[p] + diff[second + p];
      put(out, String(p), running);
    }
    return out;
  }

  private terms(kind: TaxonomyKind, rows: Bitmap): Record<string, number> {
    const { catalog, indexes } = this.src;
    const out: Record<string, number> = {};
    const links = this.links(kind);
    const n = rows.size;
    const keys = links.terms.length;
    const perRow = links.codes.length / Math.max(1, this.src.games.size);
    if (!this.walks(n, perRow, keys + links.codes.length / PROBES_PER_CALL)) {
      for (const term of links.terms) put(out, catalog.terms[term].slug, indexes.terms[term].andCardinality(rows));
      return out;
    }
    const list = this.rowsOf(rows, n);
    const counts =
      links.packed === null ? this.walkCsr(links, list, n) : this.walkPacked(links, links.packed, rows, list, n);
    for (let code = 0; code < keys; code++) put(out, catalog.terms[links.terms[code]].slug, counts[code]);
    return out;
  }

  /** Per local code, its rows among list[0, n), read from the CSR. */
  private walkCsr(links: KindLinks, list: Uint32Array, n: number): Int32Array {
    const counts = this.tally(links.terms.length);
    const { offsets, codes } = links;
    // Hot loop: the result's rows and their links of this kind.
    for (let i = 0; i < n; i++) {
      const row = list[i];
      const end = offsets[row + 1];
      for (let e = offsets[row]; e < end; e++) counts[codes[e]]++;
    }
    return counts;
  }

  /**
   * The same from one packed word per row (the codes beyond the fourth of the wide rows, for
   * a kind that has some, after them). A loop per code mispredicts on rows of none to four
   * codes, so each byte position goes, unconditionally, to a histogram of its own (position p
   * counts byte value b at p × 256 + b; b = 0, no code, is a slot never read), and the four
   * increments of a row do not wait on each other. Rows alternate between two such sets:
   * most rows have no third or fourth code, so one set would add 1 to the same "no code" slot
   * row after row, each increment waiting on the one before. Mechanics (up to six a row) over
   * 19,600 rows, on an Intel VM: 235 µs reading the CSR for rows of five or more, 128 µs with
   * one set, against 184 µs by andCardinality; on an AMD EPYC VM, the loop alone with one set
   * and with two, 194 and 142 µs (interleaved rounds; bench/README.md, engine rows).
   */
  private walkPacked(links: KindLinks, packed: Uint32Array, rows: Bitmap, list: Uint32Array, n: number): Int32Array {
    const keys = links.terms.length;
    const h = this.tally(SECOND_SET + 4 * 256 + keys);
    // Hot loop: two rows, one word each, four increments into each row's own set.
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const w = packed[list[i]];
      const v = packed[list[i + 1]];
      h[w & 255]++;
      h[256 + ((w >>> 8) & 255)]++;
      h[512 + ((w >>> 16) & 255)]++;
      h[768 + (w >>> 24)]++;
      h[SECOND_SET + (v & 255)]++;
      h[SECOND_SET + 256 + ((v >>> 8) & 255)]++;
      h[SECOND_SET + 512 + ((v >>> 16) & 255)]++;
      h[SECOND_SET + 768 + (v >>> 24)]++;
    }
    if (i < n) {
      const w = packed[list[i]];
      h[w & 255]++;
      h[256 + ((w >>> 8) & 255)]++;
      h[512 + ((w >>> 16) & 255)]++;
      h[768 + (w >>> 24)]++;
    }
    // the codes beyond the fourth, counted after the two sets
    const rest = 2 * SECOND_SET;
    if (links.wide !== null && links.more !== null) {
      const wide = this.wideRows;
      wide.copyFrom(links.wide);
      wide.andInPlace(rows);
      const m = wide.size;
      // after the walked rows in the same buffer (list is not read again)
      const wideList = this.scratch.rows(n + m).subarray(n, n + m);
      wide.toUint32Array(wideList);
      const { offsets, codes, more } = links;
      // the same four histograms for the fifth to eighth codes
      for (let i = 0; i < m; i++) {
        const row = wideList[i];
        const w = more[row];
        if (w === OVERFLOW) {
          const end = offsets[row + 1];
          for (let e = offsets[row] + 4; e < end; e++) h[rest + codes[e]]++;
          continue;
        }
        h[w & 255]++;
        h[256 + ((w >>> 8) & 255)]++;
        h[512 + ((w >>> 16) & 255)]++;
        h[768 + (w >>> 24)]++;
      }
    }
    // Folded into the first `keys` counters: code c is slot c + 1 of each position of both
    // sets, and h[c] is written only once h[c + 1] (position 0's slot of code c) has been read.
    const t = SECOND_SET;
    for (let code = 0; code < keys; code++) {
      h[code] =
        h[rest + code] +
        h[code + 1] +
        h[257 + code] +
        h[513 + code] +
        h[769 + code] +
        h[t + code + 1] +
        h[t + 257 + code] +
        h[t + 513 + code] +
        h[t + 769 + code];
    }
    return h;
  }

  /**
   * Per game row, its player range clamped to [1, top] as first | (last + 1) << 8, and an
   * empty one (NaN bounds fail both comparisons, as they fail the posting's range) as
   * (top + 1) twice, so its +1 and -1 cancel: one 2-byte read per walked row instead of two
   * float columns and their rounding (players over 5,960 rows: 45 → 18 µs, against 26 µs by
   * andCardinality; in-process, alternating). Built on first use; not adopted (an update may
   * change the bounds).
   */
  private playerRanges(top: number): Uint16Array {
    if (this.ranges !== undefined) return this.ranges;
    const { min_players: min, max_players: max } = this.src.games.numbers;
    const ranges = new Uint16Array(min.length);
    const none = (top + 1) | ((top + 1) << 8);
    for (let row = 0; row < ranges.length; row++) {
      const lo = Math.max(1, Math.ceil(min[row]));
      const hi = Math.min(top, Math.floor(max[row]));
      ranges[row] = lo <= hi ? lo | ((hi + 1) << 8) : none;
    }
    this.ranges = ranges;
    return ranges;
  }

  /** n zeroed counters, in a buffer reused by every count (one dimension is counted at a time). */
  private tally(n: number): Int32Array {
    if (this.counters.length < n) this.counters = new Int32Array(Math.max(n, this.counters.length * 2));
    else this.counters.fill(0, 0, n);
    return this.counters;
  }

  /** The rows of the bitmap, ascending, in the scratch buffer. */
  private rowsOf(rows: Bitmap, n: number): Uint32Array {
    const list = this.scratch.rows(n);
    rows.toUint32Array(list);
    return list;
  }

  /** The kind's links per game row, each (row, term) once, built on first use. */
  private links(kind: TaxonomyKind): KindLinks {
    const known = this.kinds.get(kind);
    if (known) return known;
    const { catalog, indexes, gameTerms, games } = this.src;
    const terms = catalog.taxonomy(kind).terms;
    const local = new Int32Array(catalog.terms.length).fill(-1);
    terms.forEach((term, code) => {
      local[term] = code;
    });
    const { offsets: rowStart, entries } = indexes.termLinks;
    const target = gameTerms.target;
    const offsets = new Uint32Array(games.size + 1);
    // Sized for every link (no kind has more), cut to this kind's once filled: no array grows
    // by push and no second copy from a number[] (the three kinds' builds at a start took
    // 137-164 ms of a 150k-game profile that way).
    const all = new Uint16Array(entries.length);
    let n = 0;
    for (let row = 0; row < games.size; row++) {
      const first = n;
      for (let i = rowStart[row]; i < rowStart[row + 1]; i++) {
        const code = local[target[entries[i]]];
        if (code < 0) continue;
        let seen = false;
        for (let j = first; j < n && !seen; j++) seen = all[j] === code;
        if (!seen) all[n++] = code;
      }
      offsets[row + 1] = n;
    }
    const codes = all.slice(0, n);
    let packed: Uint32Array | null = null;
    let wide: Bitmap | null = null;
    let more: Uint32Array | null = null;
    if (terms.length < 255) {
      // codes + 1 fit a byte; 0 ends the word
      const word = (a: number, m: number): number => {
        let w = 0;
        for (let j = m - 1; j >= 0; j--) w = w * 256 + codes[a + j] + 1;
        return w;
      };
      packed = new Uint32Array(games.size);
      const wideRows: number[] = [];
      for (let row = 0; row < games.size; row++) {
        const a = offsets[row];
        const m = offsets[row + 1] - a;
        packed[row] = word(a, Math.min(m, 4));
        if (m <= 4) continue;
        wideRows.push(row);
        more ??= new Uint32Array(games.size);
        more[row] = m > 8 ? OVERFLOW : word(a + 4, m - 4);
      }
      if (wideRows.length > 0) wide = freeze(bitmapOf(wideRows));
    }
    const out = { offsets, codes, terms, packed, wide, more };
    this.kinds.set(kind, out);
    return out;
  }
}

function put(out: Record<string, number>, key: string, n: number): void {
  if (n > 0) out[key] = (out[key] ?? 0) + n;
}

/** Rows a clause group can keep at most: its smallest kept operand (all rows when it only excludes). */
function groupEstimate(group: readonly Clause[], size: number): number {
  let rows = size;
  for (const c of group) if (!c.exclude) rows = Math.min(rows, estimate(c.rows, size));
  return rows;
}
