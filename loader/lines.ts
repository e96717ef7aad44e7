// Line sources for imports: a file or standard input, read as a stream of text lines.

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * readline emits lines as soon as the interface exists, and its async iterator buffers
 * only from the moment it is created. Consumers await other work (opening a transaction)
 * before their first `next()`, so the iterator is created here, at once; otherwise the
 * early lines and the end of input are lost and the consumer waits forever.
 */
export function readLines(pathOrDash: string, stdin: Readable = process.stdin): AsyncIterable<string> {
  const input = pathOrDash === '-' ? stdin : createReadStream(pathOrDash, { encoding: 'utf8' });
  const iterator = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  return { [Symbol.asyncIterator]: () => iterator };
}
