// Utf8 Arrow columns to JS strings, fast: an all-ASCII buffer is decoded once and sliced by
// offsets (ids, slugs, enum values); other buffers decode string by string. Nulls come from
// the validity bitmap. Same result as columns.ts `stringColumn`, several times faster.

import { type Data, type Table, Type, type Utf8, type Vector } from 'apache-arrow';
import type { GameStringColumn } from './input.js';

const decoder = new TextDecoder();

export function utf8Column(table: Table, name: GameStringColumn): (string | null)[] {
  const vector = table.getChild(name);
  if (!vector) throw new RangeError(`games table has no column ${name}`);
  return utf8Values(vector);
}

/** Any Utf8 vector's values as JS strings (null stays null). */
export function utf8Values(vector: Vector): (string | null)[] {
  return decodeChunks(vector, decodeChunk);
}

/** Decodes every chunk of a Utf8 vector with `decode`, each into its rows of one array. */
function decodeChunks(
  vector: Vector,
  decode: (data: Data<Utf8>, out: (string | null)[], at: number) => void,
): (string | null)[] {
  if (vector.type.typeId !== Type.Utf8) throw new RangeError(`not a Utf8 column: ${vector.type}`);
  const out = new Array<string | null>(vector.length);
  let at = 0;
  for (const chunk of vector.data as Data<Utf8>[]) {
    decode(chunk, out, at);
    at += chunk.length;
  }
  return out;
}

function decodeChunk(data: Data<Utf8>, out: (string | null)[], at: number): void {
  const offsets = data.valueOffsets;
  const bytes = data.values;
  const nulls = data.nullCount > 0 ? data.nullBitmap : undefined;
  const first = offsets[0];
  const used = bytes.subarray(first, offsets[data.length]);
  const whole = decoder.decode(used);
  const ascii = whole.length === used.length;
  for (let i = 0; i < data.length; i++) {
    const bit = data.offset + i;
    if (nulls && (nulls[bit >> 3] & (1 << (bit & 7))) === 0) {
      out[at + i] = null;
      continue;
    }
    out[at + i] = ascii
      ? whole.substring(offsets[i] - first, offsets[i + 1] - first)
      : decoder.decode(bytes.subarray(offsets[i], offsets[i + 1]));
  }
}

/** Distinct values one chunk of repeatedUtf8Values decodes before it gives up on sharing. */
const MAX_SHARED = 64;

/**
 * A Utf8 vector whose values repeat (roles, result kinds, languages) as JS strings, each
 * distinct value decoded once and shared by every row that holds it: 400,000 credit roles
 * become references to two strings instead of 400,000 small strings on the heap. A chunk
 * with more than MAX_SHARED distinct values is decoded as utf8Values does.
 */
export function repeatedUtf8Values(vector: Vector): (string | null)[] {
  return decodeChunks(vector, (chunk, out, at) => {
    if (!decodeRepeated(chunk, out, at)) decodeChunk(chunk, out, at);
  });
}

function decodeRepeated(data: Data<Utf8>, out: (string | null)[], at: number): boolean {
  const offsets = data.valueOffsets;
  const bytes = data.values;
  const nulls = data.nullCount > 0 ? data.nullBitmap : undefined;
  const seen: { start: number; end: number; text: string }[] = [];
  for (let i = 0; i < data.length; i++) {
    const bit = data.offset + i;
    if (nulls && (nulls[bit >> 3] & (1 << (bit & 7))) === 0) {
      out[at + i] = null;
      continue;
    }
    const start = offsets[i];
    const end = offsets[i + 1];
    let text: string | undefined;
    for (const s of seen) {
      if (s.end - s.start !== end - start) continue;
      let k = 0;
      while (k < end - start && bytes[s.start + k] === bytes[start + k]) k++;
      if (k === end - start) {
        text = s.text;
        break;
      }
    }
    if (text === undefined) {
      if (seen.length === MAX_SHARED) return false;
      text = decoder.decode(bytes.subarray(start, end));
      seen.push({ start, end, text });
    }
    out[at + i] = text;
  }
  return true;
}
