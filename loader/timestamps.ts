// Timestamps cross from DuckDB as epoch milliseconds (numbers are far cheaper than strings)
// and become the engine's ISO 8601 strings here, written straight into a Utf8 vector: no
// JS string per row. A timestamp of years 0000–9999 is formatted by arithmetic into its 24
// bytes (Date#toISOString and its encoding took ~2.2 µs a row: 325–350 ms for 150,000
// distinct values); other years take the Date path. Imports and materializations stamp whole
// batches at once, so rows repeat a timestamp: a run of equal ones is one encoding, copied
// by doubling (the run's bytes copied row by row took 22–33 ms for 150,000 rows, a stall when
// a reload reads its new updated_at before the commit).

import type { Utf8, Vector } from 'apache-arrow';
import { utf8VectorOfParts } from '../engine/index.js';

const encoder = new TextEncoder();

const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years of four digits. */
const FIRST_SHORT_MS = -62_167_219_200_000;
const LAST_SHORT_MS = 253_402_300_799_999;
/** A four-digit year's string, its digits written over the zeros. */
const SHORT_TEMPLATE = encoder.encode('0000-00-00T00:00:00.000Z');
/** The longest ISO string of a Date: a six-digit year with its sign. */
const LONGEST = 27;

/** Epoch milliseconds (NaN for null) as a Utf8 vector of ISO 8601 strings, as Date#toISOString gives them. */
export function isoTimestampVector(values: Float64Array): Vector<Utf8> {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  const validity = new Uint8Array((n + 7) >> 3);
  // ISO strings are ASCII: 24 bytes, 27 for a year beyond 0000-9999
  let bytes = new Uint8Array(n * SHORT_TEMPLATE.length);
  const room = (need: number): void => {
    if (need <= bytes.length) return;
    const grown = new Uint8Array(Math.max(bytes.length * 2, need));
    grown.set(bytes);
    bytes = grown;
  };
  let at = 0;
  let nulls = 0;
  let i = 0;
  while (i < n) {
    const ms = values[i];
    if (Number.isNaN(ms)) {
      nulls++;
      offsets[++i] = at;
      continue;
    }
    let end = i + 1;
    while (end < n && values[end] === ms) end++;
    room(at + LONGEST);
    const length = writeIso(ms, bytes, at);
    // the run's other rows: the bytes written so far, doubled
    const total = (end - i) * length;
    room(at + total);
    for (let filled = length; filled < total; ) {
      const copy = Math.min(filled, total - filled);
      bytes.copyWithin(at + filled, at, at + copy);
      filled += copy;
    }
    for (; i < end; i++) {
      validity[i >> 3] |= 1 << (i & 7);
      at += length;
      offsets[i + 1] = at;
    }
  }
  // the used part: nulls leave the working buffer oversized, and it would stay alive behind a view
  return utf8VectorOfParts({ offsets, validity, nulls, bytes: at === bytes.length ? bytes : bytes.slice(0, at) });
}

/** Writes the ISO string of `ms` at `at` (room for LONGEST bytes); returns its length. */
function writeIso(ms: number, out: Uint8Array, at: number): number {
  // A Date's time value is the number truncated toward zero (TimeClip).
  const t = Math.trunc(ms);
  if (t < FIRST_SHORT_MS || t > LAST_SHORT_MS)
    return encoder.encodeInto(new Date(t).toISOString(), out.subarray(at)).written;
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  // The proleptic Gregorian date of a day number (H. Hinnant's civil_from_days, eras of 400 years).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  out.set(SHORT_TEMPLATE, at);
  digits(out, at, year, 4);
  digits(out, at + 5, month, 2);
  digits(out, at + 8, day, 2);
  digits(out, at + 11, hour, 2);
  digits(out, at + 14, minute, 2);
  digits(out, at + 17, second, 2);
  digits(out, at + 20, rest - second * 1000, 3);
  return SHORT_TEMPLATE.length;
}

/** `value` as `width` decimal digits, zero-padded, at `at`. */
function digits(out: Uint8Array, at: number, value: number, width: number): void {
  let v = value;
  for (let k = width - 1; k >= 0; k--) {
    out[at + k] = 48 + (v % 10); // '0' + digit
    v = Math.floor(v / 10);
  }
}
