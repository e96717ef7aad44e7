// Request bodies (SPEC-NOTES D37): JSON media type only (415), at most 64 KiB whatever the
// framing (413: a declared Content-Length is refused unread, a chunked body while it
// streams), delivered within the request time budget (408), UTF-8 that parses (400), nested
// at most MAX_JSON_DEPTH deep (400, checked on the text before parsing, so no later step —
// validation, a problem echoing a value — ever walks a hostile depth). The edge reads every
// body once (server/middleware/limits.ts), whether or not the route wants it, so a route
// that takes no body cannot be fed an unbounded one; routes then parse the buffered bytes.

import type { Readable } from 'node:stream';
import { ApiProblem, fieldError, validationProblem } from './problem.js';

/** The most a request body may carry (D37): every route, and the edge. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Deepest nesting of arrays and objects a JSON body may have; the contract's bodies need 3. */
export const MAX_JSON_DEPTH = 32;

/** `application/json` or any `+json` structured suffix; a charset, if named, must be UTF-8. */
export function isJsonMediaType(header: string | null): boolean {
  if (header === null) return false;
  const [essence, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(essence)) return false;
  for (const param of params) {
    const [name, value = ''] = param.split('=').map((s) => s.trim());
    if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8' && value.replace(/"/g, '') !== 'utf8') return false;
  }
  return true;
}

export function bodyTooLargeProblem(): ApiProblem {
  return new ApiProblem('payload-too-large', `The request body exceeds ${MAX_BODY_BYTES} bytes (64 KiB).`);
}

export function unsupportedMediaTypeProblem(type: string | null): ApiProblem {
  return new ApiProblem(
    'unsupported-media-type',
    `Send the body as application/json (UTF-8); the request said ${type === null ? 'no Content-Type' : `"${type}"`}.`,
  );
}

function bodyTimeoutProblem(timeoutMs: number): ApiProblem {
  return new ApiProblem(
    'request-timeout',
    `The request body did not arrive completely within ${timeoutMs} ms; send it promptly and try again.`,
  );
}

/** Bodies the edge has read, by request: routes parse these instead of the (spent) stream. */
const buffered = new WeakMap<Request, Uint8Array>();

/**
 * Reads the rest of an oversized body and throws it away, so the client (still sending)
 * gets its 413 on an orderly connection instead of a reset. Bounded by `untilMs`.
 */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>, untilMs: number): void {
  const next = (): void => {
    if (Date.now() > untilMs) {
      void reader.cancel().catch(() => undefined);
      return;
    }
    reader.read().then(
      ({ done }) => {
        if (!done) next();
      },
      () => undefined,
    );
  };
  next();
}

/**
 * Reads the whole body of `request` (at most `maxBytes`, within `timeoutMs`) and keeps it
 * for readJsonBody. Throws 413 or 408 problems; the client's rest is drained, not reset.
 */
export async function bufferBody(request: Request, timeoutMs: number, maxBytes = MAX_BODY_BYTES): Promise<void> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw bodyTooLargeProblem();
  if (request.body === null) {
    buffered.set(request, new Uint8Array(0));
    return;
  }
  const reader = request.body.getReader();
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(bodyTimeoutProblem(timeoutMs)), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        drain(reader, deadline);
        throw bodyTooLargeProblem();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiProblem && error.kind === 'request-timeout') void reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  buffered.set(request, out);
}

/**
 * bufferBody for a request node:http serves, read from its IncomingMessage rather than
 * through the web stream srvx makes of it: that stream (a ReadableStream, its reader, a
 * promise and a microtask per chunk) cost POST /v1/games/search 32 of its 133 µs of server
 * CPU a request (an A/B in one server, alternating turns). Same limits and answers: 413 with
 * the rest drained until the deadline, 408 when the body stalls (the response then closes the
 * connection: the unread rest must not be parsed as a next request), and a client that
 * closes mid-body gets a 400 naming the body (no one reads it; the log does).
 */
export function bufferNodeBody(
  request: Request,
  source: Readable,
  response: KeepAliveResponse,
  timeoutMs: number,
  maxBytes = MAX_BODY_BYTES,
): Promise<void> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return Promise.reject(bodyTooLargeProblem());
  // The client gone already: what a body cut short gets. Read already (never by this
  // server's own code): the web path says what is left.
  if (source.destroyed) return Promise.reject(incompleteBodyProblem());
  if (source.readableEnded) return bufferBody(request, timeoutMs, maxBytes);
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      clearTimeout(timer);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onCutShort);
      source.off('close', onCutShort);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      drainNode(source, deadline);
      reject(bodyTooLargeProblem());
    };
    const onEnd = (): void => {
      stop();
      buffered.set(request, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      resolve();
    };
    const onCutShort = (): void => {
      stop();
      reject(incompleteBodyProblem());
    };
    const timer = setTimeout(() => {
      stop();
      source.pause();
      if (!response.headersSent) response.shouldKeepAlive = false;
      reject(bodyTimeoutProblem(timeoutMs));
    }, timeoutMs);
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onCutShort);
    source.once('close', onCutShort);
  });
}

function incompleteBodyProblem(): ApiProblem {
  return validationProblem([fieldError('body', 'ended before it was complete', 'incomplete_body')]);
}

/** What bufferNodeBody asks of node:http's response: whether the connection outlives it. */
export interface KeepAliveResponse {
  readonly headersSent: boolean;
  shouldKeepAlive?: boolean;
}

/** Reads and drops what a client still sends after a 413, until `untilMs`; then hangs up. */
function drainNode(source: Readable, untilMs: number): void {
  const drop = (): void => {
    if (Date.now() <= untilMs) return;
    source.off('data', drop);
    source.destroy();
  };
  source.on('data', drop);
  source.resume();
}

/** The body the edge buffered, or (an app without the edge, a test) the body read now. */
async function bodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const kept = buffered.get(request);
  if (kept !== undefined) return kept;
  await bufferBody(request, 30_000, maxBytes);
  return buffered.get(request) ?? new Uint8Array(0);
}

/**
 * How deep `text` nests arrays and objects, counted without parsing (strings skipped);
 * stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The request has a body to read: a positive Content-Length or a chunked transfer. */
export function declaresBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > 0) return true;
  return request.headers.has('transfer-encoding');
}

/** The parsed JSON body of a request, or the problem that says why there is none. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) throw unsupportedMediaTypeProblem(type);
  const bytes = await bodyBytes(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationProblem([fieldError('body', 'is not valid UTF-8', 'malformed_json')]);
  }
  if (text.trim() === '')
    throw validationProblem([fieldError('body', 'is empty; send a JSON object', 'malformed_json')]);
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw validationProblem([
      fieldError('body', `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, 'too_deep'),
    ]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'cannot be parsed';
    throw validationProblem([fieldError('body', `is not valid JSON (${reason})`, 'malformed_json')]);
  }
}

/** The request's body bytes were sent (a body the edge buffered is not empty). */
export function hasBody(request: Request): boolean {
  const kept = buffered.get(request);
  return kept !== undefined ? kept.byteLength > 0 : declaresBody(request);
}
