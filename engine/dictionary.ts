// Strings with a small domain (type, mode, language dependence, funding source) become
// small integer codes at build time, each code with its posting bitmap of rows.

import type { Vector } from 'apache-arrow';
import { bitmapOfAscending, freeze, type Bitmap } from './bitmap.js';
import { NULL_CODE, utf8Codes, utf8Values } from './strings.js';

/** A row's code when its value is null (the same as strings.ts NULL_CODE). */
export const NO_CODE = NULL_CODE;

export class Dictionary {
  /** Row -> code; NO_CODE for null. */
  readonly codes: Uint16Array;
  /** Code -> value. */
  readonly values: string[];
  /** Code -> rows holding it. */
  readonly postings: Bitmap[];
  private readonly byValue: Map<string, number>;

  /**
   * @param column per row its value (null: none), or the rows' codes already made against
   *   `known` and the values met after it (ofUtf8)
   */
  constructor(
    column: readonly (string | null)[] | { codes: Uint16Array; values: readonly string[] },
    known: readonly string[] = [],
  ) {
    this.values = [...known];
    this.byValue = new Map(this.values.map((value, code) => [value, code]));
    if (Array.isArray(column)) {
      this.codes = new Uint16Array(column.length).fill(NO_CODE);
      for (let row = 0; row < column.length; row++) {
        const value = column[row];
        if (value !== null) this.codes[row] = this.codeOf(value);
      }
    } else {
      // Distinct values in first-appearance order get the codes the string path gives them.
      const { codes, values } = column as { codes: Uint16Array; values: readonly string[] };
      const remap = new Uint16Array(values.length);
      for (let v = 0; v < values.length; v++) remap[v] = this.codeOf(values[v]);
      this.codes = codes;
      for (let row = 0; row < codes.length; row++) if (codes[row] !== NULL_CODE) codes[row] = remap[codes[row]];
    }
    this.postings = postingsOfCodes(this.codes, this.values.length);
  }

  /**
   * The dictionary of a Utf8 column read from its bytes (strings.ts utf8Codes): the codes,
   * values and postings the strings would give, with no string made per row.
   */
  static ofUtf8(vector: Vector, known: readonly string[] = []): Dictionary {
    return new Dictionary(utf8Codes(vector) ?? utf8Values(vector), known);
  }

  /** The code of `value`, a new one when it is not known yet (while building only). */
  private codeOf(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.byValue.set(value, code);
    }
    return code;
  }

  code(value: string): number | undefined {
    return this.byValue.get(value);
  }

  value(row: number): string | null {
    const code = this.codes[row];
    return code === NO_CODE ? null : this.values[code];
  }

  /** The posting bitmaps of the known values among `values` (unknown values have none). */
  postingsOf(values: readonly string[]): Bitmap[] {
    const out: Bitmap[] = [];
    for (const value of values) {
      const code = this.byValue.get(value);
      if (code !== undefined) out.push(this.postings[code]);
    }
    return out;
  }
}

/**
 * Per code, the frozen bitmap of the rows holding it: the rows bucketed by a counting sort
 * into one typed array (an array of numbers per code was ~3 MB of garbage per column at start).
 */
function postingsOfCodes(codes: Uint16Array, count: number): Bitmap[] {
  const start = new Uint32Array(count + 1);
  for (let row = 0; row < codes.length; row++) if (codes[row] !== NO_CODE) start[codes[row] + 1]++;
  for (let c = 0; c < count; c++) start[c + 1] += start[c];
  const next = start.slice(0, count);
  const rows = new Uint32Array(start[count]);
  for (let row = 0; row < codes.length; row++) if (codes[row] !== NO_CODE) rows[next[codes[row]]++] = row;
  const out = new Array<Bitmap>(count);
  for (let c = 0; c < count; c++) out[c] = freeze(bitmapOfAscending(rows.subarray(start[c], start[c + 1])));
  return out;
}
