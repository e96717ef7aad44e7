// Line sources for imports: a file or standard input, read as a stream of text lines.

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export function readLines(pathOrDash: string, stdin: Readable = process.stdin): AsyncIterable<string> {
  const input = pathOrDash === '-' ? stdin : createReadStream(pathOrDash, { encoding: 'utf8' });
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}
