// Timestamps cross from DuckDB as epoch milliseconds (numbers are far cheaper than strings)
// and become the engine's ISO 8601 strings here, written straight into a Utf8 vector: no
// JS string per row. Imports and materializations stamp whole batches at once, so rows
// repeat a timestamp, and a run of equal ones copies the bytes encoded for the first.

import type { Utf8, Vector } from 'apache-arrow';
import { utf8VectorOfParts } from '../engine/index.js';

const encoder = new TextEncoder();

/** Epoch milliseconds (NaN for null) as a Utf8 vector of ISO 8601 strings. */
export function isoTimestampVector(values: Float64Array): Vector<Utf8> {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  const validity = new Uint8Array((n + 7) >> 3);
  // ISO strings are ASCII: 24 bytes, 27 for a year beyond 0000-9999
  let bytes = new Uint8Array(n * 24);
  let at = 0;
  let nulls = 0;
  let lastMs = Number.NaN;
  let last = new Uint8Array(0);
  for (let i = 0; i < n; i++) {
    const ms = values[i];
    if (Number.isNaN(ms)) {
      nulls++;
      offsets[i + 1] = at;
      continue;
    }
    if (ms !== lastMs) {
      lastMs = ms;
      last = encoder.encode(new Date(ms).toISOString());
    }
    if (at + last.length > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + last.length));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    for (let k = 0; k < last.length; k++) bytes[at + k] = last[k];
    at += last.length;
    validity[i >> 3] |= 1 << (i & 7);
    offsets[i + 1] = at;
  }
  // the used part: nulls leave the working buffer oversized, and it would stay alive behind a view
  return utf8VectorOfParts({ offsets, validity, nulls, bytes: at === bytes.length ? bytes : bytes.slice(0, at) });
}
