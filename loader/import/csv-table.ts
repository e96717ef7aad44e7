// A comma-separated file with a header line, read as a stream of records whose fields are
// found by column name (so a file with its columns in another order, or with extra
// columns, reads the same). Splitting is bgg-csv's measured splitter (bgg-csv/split.ts):
// quoted fields, "" inside quotes, BOM, CRLF.

import { readLines } from '../lines.js';
import { csvRecords, type CsvRecord } from './bgg-csv/split.js';

export interface CsvTable {
  /** The header's column names, trimmed. */
  header: string[];
  /** The data records (line numbers count the header as line 1). */
  records: AsyncIterable<CsvRecord>;
  /** Stops reading (when the header is not what the caller needs). */
  close(): Promise<void>;
}

export async function openCsvTable(path: string): Promise<CsvTable> {
  const iterator = csvRecords(readLines(path), ',')[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? [] : first.value.fields.map((f) => f.trim());
  return {
    header,
    records: { [Symbol.asyncIterator]: () => iterator },
    close: async () => {
      await iterator.return?.(undefined);
    },
  };
}

/** Column name → index in the header; `missing` lists the required names it lacks. */
export function columnsOf(
  header: readonly string[],
  required: readonly string[],
): { index: Map<string, number>; missing: string[] } {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  return { index, missing: required.filter((name) => !index.has(name)) };
}

/** A whole number of at least `min` written as plain digits; undefined otherwise. */
export function wholeNumber(text: string | undefined, min = 0): number | undefined {
  const t = (text ?? '').trim();
  if (!/^-?\d{1,9}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min ? n : undefined;
}
