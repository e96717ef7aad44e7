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

  /**
   * Over codes already made: `codes[row]` indexes `values`, NO_CODE for null (an Arrow
   * dictionary column's, engine/columns.ts enumCodes). Throws a RangeError on a code that
   * names no value.
   */
  constructor(codes: Uint16Array, values: readonly string[]) {
    for (let row = 0; row < codes.length; row++) {
      const code = codes[row];
      if (code !== NO_CODE && code >= values.length)
        throw new RangeError(`row ${row} holds code ${code} of ${values.length} values`);
    }
    this.codes = codes;
    this.values = [...values];
    this.byValue = new Map(this.values.map((value, code) => [value, code]));
    if (this.byValue.size !== this.values.length) throw new RangeError('a value appears twice among the values');
    this.postings = postingsOfCodes(codes, this.values.length);
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
 * Codes of an enumeration's values: the known values first, in their order, and any other
 * value after them in the order it is first met.
 */
export class EnumCoder {
  readonly values: string[];
  readonly byValue: Map<string, number>;

  constructor(known: readonly string[]) {
    this.values = [...known];
    this.byValue = new Map(this.values.map((value, code) => [value, code]));
  }

  code(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      code = this.values.length;
      if (code >= NO_CODE) throw new RangeError(`more than ${NO_CODE} distinct values`);
      this.values.push(value);
      this.byValue.set(value, code);
    }
    return code;
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
