// Text columns of the visible games in row order as Arrow Utf8 vectors, straight from the
// bytes DuckDB holds: every column of a game comes over in one record (its values joined by
// the unit separator, a null as a lone record separator), the records joined by the unit
// separator too in one ordered string_agg, encode()d so DuckDB hands JS its UTF-8 bytes
// rather than a string; each column's vector is cut from those bytes. No JS string per
// value, no decode and re-encode, and one sort for all the columns (an ordered aggregate per
// column sorted the games once per column: 8 sorts, ~250 ms of a 150,000-game load).
// UTF-8 never uses a byte below 0x80 inside a multi-byte character, so the separators are
// found by byte. A value holding the unit separator adds one, so the count of values tells;
// a value that is exactly the record separator would read as null, so the query flags it.
// Either way the plain per-value read is used instead.

import type { Utf8, Vector } from 'apache-arrow';
import { runSteps, utf8Vector, utf8VectorOfParts } from '../engine/index.js';
import type { Queryable } from './store.js';
import { runInSlices } from './turns.js';

const UNIT_SEPARATOR = 0x1f;
const NULL_MARK = 0x1e;

/**
 * `entries`: [name, SQL expression over `g` (the games row) and `r` (the rows table)].
 * `rows` is a load's TEMP table of visible games and their row index (see load.ts).
 */
export async function loadPackedUtf8(
  store: Queryable,
  rows: string,
  entries: readonly (readonly [string, string])[],
): Promise<Record<string, Vector<Utf8>>> {
  const out: Record<string, Vector<Utf8>> = {};
  if (entries.length === 0) return out;
  const from = `${rows} r JOIN games g ON g.id = r.id`;
  const [packed] = await store.all<PackedRead<Uint8Array>>(packedSelect(entries, from, 'r.row', { bytes: true }));
  const columns =
    packed.unsafe === true
      ? undefined
      : await runInSlices(cutRecordsSteps(packed.packed ?? new Uint8Array(0), packed.n, entries.length));
  if (columns === undefined) {
    const cols = await store.columns(plainSelect(entries, from, 'r.row'));
    for (const [c] of entries) out[c] = utf8Vector(cols[c] as (string | null)[]);
    return out;
  }
  entries.forEach(([c], i) => {
    out[c] = columns[i];
  });
  return out;
}

/** Bytes the first pass of cutRecordsSteps scans or the second copies, and records it copies, between yields. */
const SCAN_BYTES_PER_STEP = 1 << 20;
const RECORDS_PER_STEP = 8192;

/**
 * The `n` records of `width` values each joined in `joined` (see above), as one Utf8 vector
 * per value position: a lone NULL_MARK a null. Undefined when the bytes hold another number
 * of values (a value held a separator).
 */
export function cutRecords(joined: Uint8Array, n: number, width: number): Vector<Utf8>[] | undefined {
  return runSteps(cutRecordsSteps(joined, n, width));
}

/**
 * cutRecords in steps (a MiB of bytes scanned or copied, or 8,192 records copied, each), for a caller
 * on the serving thread (runInSlices): a materialization's reload cuts the JSON of every
 * game's polls this way, one call of which held the thread 240 ms at 150,000 games. Two
 * passes over the bytes in order: one finds the values and sizes the columns, one copies
 * each value to its column's buffer.
 */
export function* cutRecordsSteps(
  joined: Uint8Array,
  n: number,
  width: number,
): Generator<void, Vector<Utf8>[] | undefined> {
  const values = n * width;
  if (values === 0) return joined.length === 0 ? Array.from({ length: width }, () => utf8Vector([])) : undefined;
  const ends = new Int32Array(values);
  const sizes = new Float64Array(width);
  let value = 0;
  let column = 0;
  let start = 0;
  for (let from = 0; from < joined.length; from += SCAN_BYTES_PER_STEP) {
    if (from > 0) yield;
    const to = Math.min(joined.length, from + SCAN_BYTES_PER_STEP);
    for (let i = from; i < to; i++) {
      if (joined[i] !== UNIT_SEPARATOR) continue;
      if (value === values - 1) return undefined;
      ends[value++] = i;
      sizes[column] += i - start;
      start = i + 1;
      if (++column === width) column = 0;
    }
  }
  if (value !== values - 1) return undefined;
  ends[value] = joined.length;
  sizes[column] += joined.length - start;
  // parallel arrays, not an object per column: this loop runs once per value
  const bytesOf = Array.from({ length: width }, (_, c) => new Uint8Array(sizes[c]));
  const offsetsOf = Array.from({ length: width }, () => new Int32Array(n + 1));
  const validityOf = Array.from({ length: width }, () => new Uint8Array((n + 7) >> 3));
  const nulls = new Int32Array(width);
  const ats = new Int32Array(width);
  start = 0;
  value = 0;
  let stepStart = 0;
  for (let row = 0; row < n; row++) {
    // records of any size: a step ends after a MiB copied, or that many (small) records
    if ((row > 0 && row % RECORDS_PER_STEP === 0) || start - stepStart >= SCAN_BYTES_PER_STEP) {
      yield;
      stepStart = start;
    }
    for (let c = 0; c < width; c++) {
      const end = ends[value++];
      let at = ats[c];
      if (end - start === 1 && joined[start] === NULL_MARK) nulls[c]++;
      else {
        validityOf[c][row >> 3] |= 1 << (row & 7);
        const bytes = bytesOf[c];
        for (let i = start; i < end; i++) bytes[at++] = joined[i];
        ats[c] = at;
      }
      offsetsOf[c][row + 1] = at;
      start = end + 1;
    }
  }
  return bytesOf.map((bytes, c) =>
    utf8VectorOfParts({
      offsets: offsetsOf[c],
      validity: validityOf[c],
      nulls: nulls[c],
      bytes: bytes.subarray(0, ats[c]),
    }),
  );
}

/**
 * String columns of a small table (people, publishers, ...) as JS strings, in `orderBy`
 * order: the rows packed as above into one string, which DuckDB decodes once and JS splits
 * (DuckDB's per-value conversion costs ~1.5 µs a string: 130 ms for the 20,000 people of the
 * 150,000-game bench catalog, 20 ms packed). `columns`: [name, SQL expression over `from`'s
 * columns]; `orderBy` an expression over them. Falls back to the per-value read as above.
 */
export async function loadPackedStrings(
  store: Queryable,
  from: string,
  columns: readonly (readonly [string, string])[],
  orderBy: string,
): Promise<Record<string, (string | null)[]>> {
  const [packed] = await store.all<PackedRead<string>>(packedSelect(columns, from, orderBy, { bytes: false }));
  const width = columns.length;
  const values = packed.n === 0 ? [] : (packed.packed ?? '').split('\u001f');
  if (packed.unsafe === true || values.length !== packed.n * width) {
    return (await store.columns(plainSelect(columns, from, orderBy))) as Record<string, (string | null)[]>;
  }
  const out: Record<string, (string | null)[]> = {};
  columns.forEach(([name], c) => {
    const column = new Array<string | null>(packed.n);
    for (let row = 0, v = c; row < packed.n; row++, v += width) {
      const value = values[v];
      column[row] = value === '\u001e' ? null : value;
    }
    out[name] = column;
  });
  return out;
}

/** What a packed read answers: the count of records, the lone-mark flag, the records joined. */
interface PackedRead<T> {
  n: number;
  unsafe: boolean | null;
  packed: T | null;
}

/**
 * The packed read of `entries` over `from` in `order` (an expression over it): each row's
 * values as one record, a null as the lone record separator, the records joined in one
 * ordered string_agg; `bytes` hands it over as a BLOB of UTF-8 rather than as a string.
 */
function packedSelect(
  entries: readonly (readonly [string, string])[],
  from: string,
  order: string,
  { bytes }: { bytes: boolean },
): string {
  const record = entries.map(([, sql]) => `coalesce(${sql}, chr(30))`).join(', chr(31), ');
  const lone = entries.map(([, sql]) => `${sql} = chr(30)`).join(' OR ');
  const joined = 'string_agg(ludex_record, chr(31) ORDER BY ludex_order)';
  return `SELECT count(*)::INTEGER AS n, bool_or(ludex_lone) AS unsafe, ${bytes ? `encode(${joined})` : joined} AS packed
    FROM (SELECT ${order} AS ludex_order, concat(${record}) AS ludex_record, ${lone} AS ludex_lone FROM ${from})`;
}

/** The per-value read of the same values, in the same order (the fallback). */
function plainSelect(entries: readonly (readonly [string, string])[], from: string, order: string): string {
  return `SELECT ${entries.map(([c, sql]) => `${sql} AS ${c}`).join(', ')} FROM ${from} ORDER BY ${order}`;
}
