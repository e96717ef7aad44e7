// The only door to roaring. Everything else in the engine speaks `Bitmap` (a 32-bit roaring
// bitmap of row indexes) and these few helpers. Index bitmaps are frozen after build, so a
// query can never mutate shared state by accident: queries clone or use the static ops.

import roaring from 'roaring';

const { RoaringBitmap32 } = roaring;

export type Bitmap = InstanceType<typeof RoaringBitmap32>;

export function emptyBitmap(): Bitmap {
  return new RoaringBitmap32();
}

/** Above this many values, bitmapOf sorts a copy first (see there). */
const SORT_BEFORE_ADD = 1024;

/**
 * A new bitmap holding the given row indexes (any order). Thousands of unsorted values into
 * one array container cost a memmove each (quadratic); sorted, they append: measured 2× faster
 * at 3,000–4,096 values (a mid-size range slice), the same below ~1,000.
 */
export function bitmapOf(values: Uint32Array | readonly number[]): Bitmap {
  const out = new RoaringBitmap32();
  if (values.length > SORT_BEFORE_ADD && !ascending(values)) out.addMany(Uint32Array.from(values).sort());
  else if (values.length > 0) out.addMany(values);
  return out;
}

/** A new bitmap of row indexes known to be ascending (no sortedness check). */
export function bitmapOfAscending(values: Uint32Array): Bitmap {
  const out = new RoaringBitmap32();
  if (values.length > 0) out.addMany(values);
  return out;
}

function ascending(values: Uint32Array | readonly number[]): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] < values[i - 1]) return false;
  return true;
}

/** Rows [start, end). */
export function rangeBitmap(start: number, end: number): Bitmap {
  return end > start ? RoaringBitmap32.fromRange(start, end) : new RoaringBitmap32();
}

/** A bitmap's portable serialization (the format every roaring implementation reads). */
export function serializeBitmap(bitmap: Bitmap): Uint8Array {
  return bitmap.serialize('portable');
}

/** A read-only bitmap from its portable serialization; throws on bytes that are not one. */
export function frozenBitmapOf(bytes: Uint8Array): Bitmap {
  const bitmap = RoaringBitmap32.deserialize(bytes, 'portable');
  bitmap.freeze();
  return bitmap;
}

/** Marks an index bitmap read-only (compacted first). */
export function freeze(bitmap: Bitmap): Bitmap {
  bitmap.runOptimize();
  bitmap.shrinkToFit();
  bitmap.freeze();
  return bitmap;
}

/**
 * The rows of [0, size) not in b, frozen (and not run-optimized: mostly bitset containers, the
 * cheapest kind to AND with).
 */
export function complementBitmap(b: Bitmap, size: number): Bitmap {
  const out = RoaringBitmap32.andNot(RoaringBitmap32.fromRange(0, size), b);
  out.freeze();
  return out;
}

export function and(a: Bitmap, b: Bitmap): Bitmap {
  return RoaringBitmap32.and(a, b);
}

export function andNot(a: Bitmap, b: Bitmap): Bitmap {
  return RoaringBitmap32.andNot(a, b);
}

/**
 * Removes b's rows from `into` by building the difference anew and swapping it in (the old
 * contents are freed at once, not left to the collector). CRoaring's in-place andnot was the
 * slower way here (150k games: facets-typical's shared products 102 → 62 µs, alternating in
 * one process; page queries against the previous build, alternating processes: typical
 * 55 → 32 µs, exclusions 91 → 60 µs, medians under load average 3.3–3.6). A range's lower
 * bound (plan.ts) goes the same way: typical 23.8 → 21.2 µs (means of four medians each,
 * alternating processes, 150k games from the column file).
 */
export function removeRows(into: Bitmap, b: Bitmap): void {
  const fresh = RoaringBitmap32.andNot(into, b);
  RoaringBitmap32.swap(into, fresh);
  fresh.clear();
}

/**
 * Union of any number of bitmaps, to be read only: a lone input is returned as is (no copy,
 * no garbage; index bitmaps are frozen, so a write would throw rather than corrupt them).
 */
export function orAll(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) return new RoaringBitmap32();
  if (bitmaps.length === 1) return bitmaps[0];
  return RoaringBitmap32.orMany(bitmaps);
}

/** Intersection of at least one bitmap (a new bitmap), smallest first so work shrinks early. */
export function andAll(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) throw new RangeError('andAll needs at least one bitmap');
  const sorted = [...bitmaps].sort((x, y) => x.size - y.size);
  const out = sorted[0].clone();
  for (let i = 1; i < sorted.length && out.size > 0; i++) out.andInPlace(sorted[i]);
  return out;
}

/** The elements of rank [offset, offset + limit) in ascending order. */
export function rankSlice(bitmap: Bitmap, offset: number, limit: number): Uint32Array {
  const count = Math.max(0, Math.min(limit, bitmap.size - offset));
  if (count === 0) return new Uint32Array(0);
  return bitmap.rangeUint32Array(new Uint32Array(count), offset, count);
}
