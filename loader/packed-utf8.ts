// Text columns of the visible games in row order as Arrow Utf8 vectors, straight from the
// bytes DuckDB holds: each column comes over as one BLOB (the values joined by the unit
// separator, a null as a lone record separator, encode()d, so DuckDB hands JS its UTF-8 bytes
// rather than a string), and the vector is cut from those bytes. No JS string per value, no
// decode and re-encode (the string path this replaced split one joined string into 150,000
// strings and encoded them again).
// UTF-8 never uses a byte below 0x80 inside a multi-byte character, so the separators are
// found by byte. When some value holds either control character, the plain per-value read is
// used instead.

import type { Utf8, Vector } from 'apache-arrow';
import { utf8Vector, utf8VectorOfParts } from '../engine/index.js';
import type { Queryable } from './store.js';
import { yieldTurn } from './turns.js';

const UNIT_SEPARATOR = 0x1f;
const NULL_MARK = 0x1e;

/**
 * `entries`: [name, SQL expression over `g` (the games row) and `r` (the rows table)].
 * `rows` is a load's TEMP table of visible games and their row index (see load.ts).
 * `json`: every expression is JSON text, which escapes control characters, so the scan for
 * the separators is left out.
 */
export async function loadPackedUtf8(
  store: Queryable,
  rows: string,
  entries: readonly (readonly [string, string])[],
  { json = false }: { json?: boolean } = {},
): Promise<Record<string, Vector<Utf8>>> {
  const out: Record<string, Vector<Utf8>> = {};
  if (entries.length === 0) return out;
  const unsafe = json
    ? 'false'
    : `bool_or(${entries.map(([, sql]) => `contains(coalesce(${sql}, ''), chr(31)) OR contains(coalesce(${sql}, ''), chr(30))`).join(' OR ')})`;
  const [packed] = await store.all<Record<string, Uint8Array | number | boolean | null>>(
    `SELECT count(*)::INTEGER AS n,
       ${unsafe} AS unsafe,
       ${entries.map(([c, sql]) => `encode(string_agg(coalesce(${sql}, chr(30)), chr(31) ORDER BY r.row)) AS ${c}`).join(', ')}
     FROM ${rows} r JOIN games g ON g.id = r.id`,
  );
  if (packed.unsafe === true) {
    const cols = await store.columns(
      `SELECT ${entries.map(([c, sql]) => `${sql} AS ${c}`).join(', ')} FROM ${rows} r JOIN games g ON g.id = r.id ORDER BY r.row`,
    );
    for (const [c] of entries) out[c] = utf8Vector(cols[c] as (string | null)[]);
    return out;
  }
  const n = Number(packed.n);
  for (const [c] of entries) {
    await yieldTurn();
    const joined = packed[c];
    out[c] = cutUtf8(joined instanceof Uint8Array ? joined : new Uint8Array(0), n, c);
  }
  return out;
}

/**
 * The n values joined in `joined` (see above) as a Utf8 vector: the bytes between the
 * separators moved together in place (`joined` is this read's own buffer), an offset per
 * value, a lone NULL_MARK a null. Throws when the bytes hold another number of values.
 */
export function cutUtf8(joined: Uint8Array, n: number, column: string): Vector<Utf8> {
  const offsets = new Int32Array(n + 1);
  const validity = new Uint8Array((n + 7) >> 3);
  let at = 0;
  let value = 0;
  let nulls = 0;
  let start = 0;
  const close = (stop: number): void => {
    // the value's one byte already moved to where it starts in the output
    if (stop - start === 1 && joined[offsets[value]] === NULL_MARK) {
      nulls++;
      at--;
    } else validity[value >> 3] |= 1 << (value & 7);
    offsets[++value] = at;
  };
  const wrong = (): Error => new Error(`text column ${column}: the packed read does not hold ${n} values`);
  if (n === 0) {
    if (joined.length > 0) throw wrong();
  } else {
    for (let i = 0; i < joined.length; i++) {
      const byte = joined[i];
      if (byte !== UNIT_SEPARATOR) joined[at++] = byte;
      else if (value === n - 1) throw wrong();
      else {
        close(i);
        start = i + 1;
      }
    }
    close(joined.length);
    if (value !== n) throw wrong();
  }
  return utf8VectorOfParts({ offsets, validity, nulls, bytes: joined.subarray(0, at) });
}
