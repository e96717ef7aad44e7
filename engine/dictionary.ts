// Strings with a small domain (type, mode, language dependence, funding source) become
// small integer codes at build time, each code with its posting bitmap of rows.

import { bitmapOf, freeze, type Bitmap } from './bitmap.js';

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
    const rows: number[][] = this.values.map(() => []);
    for (let row = 0; row < column.length; row++) {
      const value = column[row];
      if (value === null) continue;
      let code = this.byValue.get(value);
      if (code === undefined) {
        code = this.values.length;
        this.values.push(value);
        this.byValue.set(value, code);
        rows.push([]);
      }
      this.codes[row] = code;
      rows[code].push(row);
    }
    this.postings = rows.map((list) => freeze(bitmapOf(list)));
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
