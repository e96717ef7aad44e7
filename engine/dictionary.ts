// Strings with a small domain (type, mode, language dependence, funding source) become
// small integer codes at build time, each code with its posting bitmap of rows.

import { bitmapOfAscending, freeze, type Bitmap } from './bitmap.js';
import { bucketByKey, indexesUpTo } from './links.js';

export const NO_CODE = 0xffff;

export class Dictionary {
  /** Row -> code; NO_CODE for null. */
  readonly codes: Uint16Array;
  /** Code -> value. */
  readonly values: string[];
  /** Code -> rows holding it. */
  readonly postings: Bitmap[];
  private readonly byValue: Map<string, number>;

  constructor(column: readonly (string | null)[], known: readonly string[] = []) {
    this.values = [...known];
    this.byValue = new Map(this.values.map((value, code) => [value, code]));
    this.codes = new Uint16Array(column.length).fill(NO_CODE);
    for (let row = 0; row < column.length; row++) {
      const value = column[row];
      if (value === null) continue;
      let code = this.byValue.get(value);
      if (code === undefined) {
        code = this.values.length;
        this.values.push(value);
        this.byValue.set(value, code);
      }
      this.codes[row] = code;
    }
    this.postings = postingsOfCodes(this.codes, this.values.length);
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
 * Per code, the frozen bitmap of the rows holding it: the rows bucketed by code in one
 * counting sort (an array of numbers per code was ~3 MB of garbage per column at start).
 * NO_CODE is above every code, so its rows are left out.
 */
function postingsOfCodes(codes: Uint16Array, count: number): Bitmap[] {
  const { start, items } = bucketByKey(Uint32Array.from(codes), count, indexesUpTo(codes.length));
  const out = new Array<Bitmap>(count);
  for (let c = 0; c < count; c++) out[c] = freeze(bitmapOfAscending(items.subarray(start[c], start[c + 1])));
  return out;
}
