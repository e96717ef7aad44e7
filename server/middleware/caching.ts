// HTTP caching (SPEC-NOTES D44): a strong ETag (SHA-1 of the body) on 200 GET/HEAD answers
// with a whole body, 304 when If-None-Match names it, and Cache-Control by kind of data.
// The ETag hashes the body, so it changes exactly when a Dataset swap changes it. A body
// sent compressed (server/middleware/compression.ts) is another representation with a tag
// of its own: weak, the hash and the coding (`W/"<sha1>-br"`), as compressed bytes are
// equivalent to the plain ones but not promised byte for byte across zlib versions.

import { createHash } from 'node:crypto';
import { HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { ContentEncoding } from '../compress/negotiate.js';
import type { AnswerHeaders } from './answer.js';
import { representationEncoding } from './compression.js';
import { isThenable } from './thenable.js';

export const NO_STORE = 'no-store';
export const SHORT_CACHE = 'public, max-age=300';
export const LONG_CACHE = 'public, max-age=86400';

/** Taxonomy and awards change only with imports: a day (D44). */
const LONG_CACHE_ROUTES = new Set([
  '/v1/mechanics',
  '/v1/mechanics/:slug',
  '/v1/categories',
  '/v1/categories/:slug',
  '/v1/themes',
  '/v1/themes/:slug',
  '/v1/awards',
  '/v1/awards/:id',
]);

/**
 * Cache-Control for a response that did not set its own: no-store on errors, writes and
 * admin routes; a day on taxonomy and awards; five minutes on game and aggregate data,
 * which changes with each materialization.
 */
export function cacheControlFor(method: string, route: string | undefined, status: number): string {
  if (status >= 300 && status !== 304) return NO_STORE;
  if (method !== 'GET' && method !== 'HEAD') return NO_STORE;
  if (route === undefined || route.startsWith('/v1/admin')) return NO_STORE;
  return LONG_CACHE_ROUTES.has(route) ? LONG_CACHE : SHORT_CACHE;
}

/** The SHA-1 of the UTF-8 body, base64url: what the entity tags are made of. */
export function bodyHash(body: string): string {
  return createHash('sha1').update(body, 'utf8').digest('base64url');
}

/** A strong entity tag: the SHA-1 of the UTF-8 body, base64url. */
export function strongEtag(body: string): string {
  return `"${bodyHash(body)}"`;
}

/** The tag of the body sent with `encoding`: strong when plain, weak and coding-named when compressed. */
export function representationEtag(hash: string, encoding: ContentEncoding | null): string {
  return encoding === null ? `"${hash}"` : `W/"${hash}-${encoding}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return trimmed.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * Conditional requests: a 200 GET/HEAD string body that may be cached gets an ETag
 * (and its Cache-Control, staged now so the tag and the policy agree), or becomes a 304
 * when If-None-Match names the tag. Anything else passes as it came.
 */
export const conditional: Middleware = (event, next) => {
  const value = next();
  return isThenable(value) ? conditionalLater(value, event) : conditionalNow(value, event);
};

async function conditionalLater(value: PromiseLike<unknown>, event: H3Event): Promise<unknown> {
  return conditionalNow(await value, event);
}

function conditionalNow(value: unknown, event: H3Event): unknown {
  const method = event.req.method;
  if (typeof value !== 'string' || (event.res.status ?? 200) !== 200 || (method !== 'GET' && method !== 'HEAD'))
    return value;
  const staged = event.res.headers;
  const cacheControl = staged.get('cache-control') ?? cacheControlFor(method, event.context.matchedRoute?.route, 200);
  if (cacheControl.includes(NO_STORE)) return value;
  const hash = bodyHash(value);
  event.context.bodyHash = hash;
  const etag = representationEtag(hash, representationEncoding(event, value) ?? null);
  staged.set('etag', etag);
  staged.set('cache-control', cacheControl);
  if (!ifNoneMatchMatches(event.req.headers.get('if-none-match'), etag)) return value;
  staged.delete('content-type');
  return new HTTPResponse(null, { status: 304, statusText: 'Not Modified' });
}

/** Answer headers: Cache-Control by kind of data, unless the answer set its own. */
export const cacheControlHeader: AnswerHeaders = (headers, event, status) => {
  if (!headers.has('cache-control'))
    headers.set('cache-control', cacheControlFor(event.req.method, event.context.matchedRoute?.route, status));
};
