// Compression (issue 17): gzip or brotli, negotiated by Accept-Encoding, for answers worth
// it: 200s of JSON or text of at least 1 KiB (pages, the OpenAPI document, the reference
// script) and streamed exports, which stay streams. Every such answer says
// `Vary: Accept-Encoding`, compressed or not. A tagged body (server/middleware/caching.ts
// tags each coding apart) is compressed once and kept per Dataset, keyed by what its tag
// names (the request, or the body's hash), so a popular page costs its compression once
// per Dataset. Plain string bodies get their Content-Length here (HEAD answers carry it
// too); whether an answer is a candidate is decided once a request (the conditional
// middleware asks first), not once per middleware.

import type { H3Event, Middleware } from 'h3';
import { CompressedCache } from '../compress/cache.js';
import { compressBody, compressionStream } from '../compress/encode.js';
import { type ContentEncoding, isCompressibleType, negotiateEncoding } from '../compress/negotiate.js';
import { answerHeadersOf } from './answer-headers.js';
import { isThenable } from './thenable.js';
import { appendVary } from './vary.js';

declare module 'h3' {
  interface H3EventContext {
    /** The coding the client accepts best (null: none); set before the route runs. */
    contentEncoding?: ContentEncoding | null;
    /** What a tagged body's ETag names (set by the conditional middleware): its compressed copy's key. */
    representationKey?: string;
    /** representationEncoding's answer for this request's body, once asked. */
    representation?: { body: unknown; encoding: ContentEncoding | null | undefined };
    /** Bytes of the body sent, when this middleware knows them (the request log reads them). */
    bodyBytes?: number;
  }
}

/** Smaller bodies are sent as they are: the coding's framing would eat the gain. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Compressed bodies kept per Dataset. */
export const COMPRESSED_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The coding `value` will be sent with, or null to send it as it is; undefined when the
 * answer is not a candidate at all (then nothing varies). Candidates get their Vary here.
 */
export function representationEncoding(event: H3Event, value: unknown): ContentEncoding | null | undefined {
  const known = event.context.representation;
  if (known !== undefined && known.body === value) return known.encoding;
  const encoding = decideEncoding(event, value);
  event.context.representation = { body: value, encoding };
  return encoding;
}

function decideEncoding(event: H3Event, value: unknown): ContentEncoding | null | undefined {
  if ((event.res.status ?? 200) !== 200) return undefined;
  const headers = answerHeadersOf(event);
  const size = typeof value === 'string' ? value.length : value instanceof Uint8Array ? value.byteLength : undefined;
  if (size === undefined ? !(value instanceof ReadableStream) : size < MIN_COMPRESSED_BYTES) return undefined;
  if (headers.has('content-encoding') || !isCompressibleType(headers.get('content-type'))) return undefined;
  appendVary(headers, 'Accept-Encoding');
  return event.context.contentEncoding ?? null;
}

/**
 * `cacheOwner` answers what compressed bodies are kept with (the app: the Dataset being
 * served), so a reload starts a fresh cache and the old one goes with its Dataset.
 */
export function compression(cacheOwner: () => object): Middleware {
  const perDataset = new WeakMap<object, CompressedCache>();
  const perBuffer = new WeakMap<ArrayBufferLike, Map<string, Uint8Array>>();

  const cached = async (
    key: string,
    cache: Map<string, Uint8Array> | CompressedCache,
    make: () => Promise<Uint8Array>,
  ) => {
    let bytes = cache.get(key);
    if (bytes === undefined) {
      bytes = await make();
      cache.set(key, bytes);
    }
    return bytes;
  };

  const compressedBody = (event: H3Event, body: string | Uint8Array, encoding: ContentEncoding) => {
    const make = () => compressBody(body, encoding);
    const key = event.context.representationKey;
    if (key === undefined && typeof body !== 'string' && event.req.method === 'GET') {
      // Bytes a GET answers with no representation key (the reference script) are the same
      // buffer on every request: key on it. (A POSTed search's page is bytes made anew.)
      let cache = perBuffer.get(body.buffer);
      if (!cache) {
        cache = new Map();
        perBuffer.set(body.buffer, cache);
      }
      return cached(`${body.byteOffset}:${body.byteLength}:${encoding}`, cache, make);
    }
    if (key === undefined) return make();
    const owner = cacheOwner();
    let cache = perDataset.get(owner);
    if (!cache) {
      cache = new CompressedCache(COMPRESSED_CACHE_BYTES);
      perDataset.set(owner, cache);
    }
    return cached(`${key}:${encoding}`, cache, make);
  };

  const encode = (value: unknown, event: H3Event): unknown => {
    const encoding = representationEncoding(event, value);
    if (!encoding) {
      if (typeof value === 'string') {
        const bytes = Buffer.byteLength(value);
        event.context.bodyBytes = bytes;
        answerHeadersOf(event).set('content-length', String(bytes));
      }
      return value;
    }
    answerHeadersOf(event).set('content-encoding', encoding);
    if (value instanceof ReadableStream) {
      // HEAD: the headers GET would send, no body to compress.
      return event.req.method === 'HEAD' ? value : value.pipeThrough(compressionStream(encoding));
    }
    return compressedBody(event, value as string | Uint8Array, encoding).then((bytes) => {
      event.context.bodyBytes = bytes.byteLength;
      return bytes;
    });
  };

  return (event, next) => {
    event.context.contentEncoding = negotiateEncoding(event.req.headers.get('accept-encoding'));
    const value = next();
    return isThenable(value)
      ? Promise.resolve(value).then((resolved) => encode(resolved, event))
      : encode(value, event);
  };
}
