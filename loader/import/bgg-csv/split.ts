// CSV splitting for the BGG files: one record per line in both layouts, but names are
// quoted when they hold the separator or a quote ("" inside quotes is one quote). A
// quoted field may in principle hold a line break, so a record that ends inside quotes
// asks for the next line instead of being cut (the reader joins them).

/** Fields of one CSV record, or undefined when the text ends inside a quoted field. */
export function splitCsvRecord(text: string, separator: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === separator) {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

export interface CsvRecord {
  /** 1-based line number of the record's first line (the header is line 1). */
  line: number;
  fields: string[];
}

/**
 * Records from a stream of text lines (node:readline strips LF and CRLF); `firstLine` is
 * the number of the first line given (2 when the caller has read the header). The first
 * line loses its UTF-8 byte order mark; a trailing CR left by a split stream is cut.
 */
export async function* csvRecords(
  lines: AsyncIterable<string>,
  separator: string,
  firstLine = 1,
): AsyncGenerator<CsvRecord> {
  let lineNumber = firstLine - 1;
  let pending = '';
  let start = 0;
  for await (const raw of lines) {
    lineNumber++;
    let text = lineNumber === firstLine ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (pending === '') start = lineNumber;
    const joined = pending === '' ? text : `${pending}\n${text}`;
    if (joined === '') continue;
    const fields = splitCsvRecord(joined, separator);
    if (fields === undefined) {
      pending = joined;
      continue;
    }
    pending = '';
    yield { line: start, fields };
  }
  if (pending !== '') throw new Error(`line ${start}: the file ends inside a quoted field`);
}

/** A number written with a decimal comma (the 2021 dataset's "8,79") or point; NaN if not a number. */
export function parseDecimal(text: string): number {
  const t = text.trim();
  if (t === '' || !/^-?\d+([.,]\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/** An integer field; undefined when empty or not an integer. */
export function parseInteger(text: string): number | undefined {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

/** A comma+space list ("Dice Rolling, Hand Management"); empty text is an empty list. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
