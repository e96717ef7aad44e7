// Compressing a body: whole (a string or bytes, on libuv's thread pool, so the event loop
// keeps answering) or as a stream (a zlib transform: the export stays a stream, with
// backpressure, and memory holds zlib's window rather than the body). Brotli runs at
// quality 5, about gzip's speed with a smaller result; quality 11 is for static files.

import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip, type BrotliOptions } from 'node:zlib';
import type { ContentEncoding } from './negotiate.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

function brotliOptions(sizeHint = 0): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
    },
  };
}

export async function compressBody(body: string | Uint8Array, encoding: ContentEncoding): Promise<Uint8Array> {
  const input = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const out =
    encoding === 'br'
      ? await brotliAsync(input, brotliOptions(input.byteLength))
      : await gzipAsync(input, { level: GZIP_LEVEL });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** A web transform stream that compresses what passes through it. */
export function compressionStream(encoding: ContentEncoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const zlib = encoding === 'br' ? createBrotliCompress(brotliOptions()) : createGzip({ level: GZIP_LEVEL });
  return Duplex.toWeb(zlib) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
}
