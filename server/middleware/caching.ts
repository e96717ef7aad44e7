// HTTP caching (SPEC-NOTES D44): a strong ETag on 200 GET/HEAD answers with a whole body,
// 304 when If-None-Match names it, and Cache-Control by kind of data.
//
// The tag of an answer made from the Dataset and the request alone (DATASET_ROUTES: the
// games, search, game resources, catalog, docs) is the Dataset's version and a digest of
// the request's path and query: no byte of the body is hashed, and it changes with every
// Dataset swap (the version names the Dataset object, per process), which is when such an
// answer can change. Answers that also read the store (history and trends) keep the SHA-1
// of their body. A body sent compressed (server/middleware/compression.ts) is another
// representation with a tag of its own: weak, the same opaque part and the coding
// (`W/"<tag>-br"`), as compressed bytes are equivalent to the plain ones but not promised
// byte for byte across zlib versions; the response says `Vary: Accept-Encoding`.
//
// Since a Dataset route's tag does not depend on its body, a revalidation (If-None-Match)
// of an answer the current Dataset already gave is a 304 before the route runs: a shared
// cache or a client revalidating a page costs the edge, not the engine (see conditional).

import { hash } from 'node:crypto';
import { HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { ContentEncoding } from '../compress/negotiate.js';
import type { AnswerHeaders } from './answer.js';
import { answerHeadersOf } from './answer-headers.js';
import { representationEncoding } from './compression.js';
import { datasetVersion } from './dataset-version.js';
import { isThenable } from './thenable.js';
import { appendVary } from './vary.js';

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

/**
 * Routes whose 200 answer is a function of the Dataset and the request's path and query
 * alone (no store read, no header, no clock, no API key): their tag is the Dataset version
 * and the request. A route not listed here is tagged by its body's hash, which is always
 * right, so a new route is safe until it is listed (test/server/caching.test.ts checks
 * that every GET route is classified).
 */
export const DATASET_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/v1',
  '/v1/games',
  '/v1/games/:id',
  '/v1/search',
  '/v1/games/search',
  '/v1/games/:id/expansions',
  '/v1/games/:id/effective-properties',
  '/v1/games/:id/player-count-ratings',
  '/v1/games/:id/experience-playtime',
  '/v1/games/:id/relationships',
  '/v1/games/:id/credits',
  '/v1/games/:id/polls',
  '/v1/games/:id/awards',
  '/v1/mechanics',
  '/v1/mechanics/:slug',
  '/v1/categories',
  '/v1/categories/:slug',
  '/v1/themes',
  '/v1/themes/:slug',
  '/v1/designers',
  '/v1/designers/:id',
  '/v1/artists',
  '/v1/artists/:id',
  '/v1/people',
  '/v1/people/:id',
  '/v1/publishers',
  '/v1/publishers/:id',
  '/v1/awards',
  '/v1/awards/:id',
  '/v1/families',
  '/v1/families/:slug',
  '/v1/openapi.json',
  '/docs',
  '/docs/scalar.js',
  '/problems',
  '/problems/:slug',
]);

/** The SHA-1 of the UTF-8 body, base64url: the tag of an answer that reads the store. */
export function bodyHash(body: string | Uint8Array): string {
  // crypto.hash: one call, no Hash object (a quarter of createHash's cost on small bodies).
  return hash('sha1', body, 'base64url');
}

/**
 * The opaque part of a Dataset route's tag: the Dataset version and a 64-bit digest
 * (two FNV-1a passes) of the request's path and query. Not a content hash: equal tags for
 * one URL mean the same Dataset, hence the same bytes.
 */
export function requestTag(version: string, pathAndQuery: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ pathAndQuery.length;
  for (let i = 0; i < pathAndQuery.length; i++) {
    const c = pathAndQuery.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${version}-${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}

/** The tag of the body sent with `encoding`: strong when plain, weak and coding-named when compressed. */
export function representationEtag(tag: string, encoding: ContentEncoding | null): string {
  return encoding === null ? `"${tag}"` : `W/"${tag}-${encoding}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return trimmed.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** Dataset-route answers remembered per Dataset for early revalidation (oldest dropped first). */
export const REVALIDATION_ENTRIES = 10_000;
/** A longer path and query is not remembered: the memory is at most entries × this many characters. */
export const MAX_REVALIDATION_KEY = 1024;

/** What a Dataset route's 200 answer to one request was tagged with, besides the request itself. */
interface TaggedAnswer {
  /** A compression candidate (compression.ts): its tag names the coding the client accepts. */
  compressible: boolean;
  cacheControl: string;
}

/**
 * Conditional requests: a 200 GET/HEAD string body that may be cached gets an ETag
 * (and its Cache-Control, staged now so the tag and the policy agree), or becomes a 304
 * when If-None-Match names the tag. Anything else passes as it came. `datasetOf` answers
 * the Dataset being served (what a Dataset route's tag names).
 *
 * A revalidation of a Dataset route's answer is answered before the route runs: the tag
 * names the Dataset and the request, so once this Dataset has answered a request with a 200,
 * a later If-None-Match for that request is decided from the tag alone, without the engine,
 * the presentation or the cursors. Only requests this Dataset answered with a 200 are
 * remembered, so a precondition is never honoured where the plain request would not succeed
 * (RFC 9110 §13.2.1); any other request takes the full path, which decides it on the answer.
 */
export function conditional(
  datasetOf: () => object,
  limits: { entries: number; keyLength: number } = { entries: REVALIDATION_ENTRIES, keyLength: MAX_REVALIDATION_KEY },
): Middleware {
  const tagged = new WeakMap<object, Map<string, TaggedAnswer>>();

  const remember = (dataset: object, pathAndQuery: string, answer: TaggedAnswer): void => {
    if (pathAndQuery.length > limits.keyLength) return;
    let answers = tagged.get(dataset);
    if (answers === undefined) {
      answers = new Map();
      tagged.set(dataset, answers);
    }
    if (!answers.has(pathAndQuery) && answers.size >= limits.entries) {
      const oldest = answers.keys().next();
      if (oldest.done !== true) answers.delete(oldest.value);
    }
    answers.set(pathAndQuery, answer);
  };

  /** The 304 for a revalidation of an answer this Dataset gave, or undefined to run the route. */
  const revalidated = (event: H3Event, dataset: object): HTTPResponse | undefined => {
    const method = event.req.method;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const header = event.req.headers.get('if-none-match');
    if (header === null) return undefined;
    const route = event.context.matchedRoute?.route;
    if (route === undefined || !DATASET_ROUTES.has(route)) return undefined;
    const pathAndQuery = requestPathAndQuery(event);
    const known = tagged.get(dataset)?.get(pathAndQuery);
    if (known === undefined) return undefined;
    const encoding = known.compressible ? (event.context.contentEncoding ?? null) : null;
    const etag = representationEtag(requestTag(datasetVersion(dataset), pathAndQuery), encoding);
    if (!ifNoneMatchMatches(header, etag)) return undefined;
    const staged = answerHeadersOf(event);
    if (known.compressible) appendVary(staged, 'Accept-Encoding');
    staged.set('etag', etag);
    staged.set('cache-control', known.cacheControl);
    return notModified();
  };

  const now = (value: unknown, event: H3Event, dataset: object): unknown => {
    const method = event.req.method;
    if ((event.res.status ?? 200) !== 200 || (method !== 'GET' && method !== 'HEAD')) return value;
    const route = event.context.matchedRoute?.route;
    const datasetRoute = route !== undefined && DATASET_ROUTES.has(route);
    // A string body, or the bytes of a Dataset route (the games list joins cached bytes);
    // other bytes (the reference script) keep the headers they have.
    if (typeof value !== 'string' && !(datasetRoute && value instanceof Uint8Array)) return value;
    const staged = answerHeadersOf(event);
    const cacheControl = staged.get('cache-control') ?? cacheControlFor(method, route, 200);
    if (cacheControl.includes(NO_STORE)) return value;
    let tag: string;
    let pathAndQuery = '';
    if (datasetRoute) {
      pathAndQuery = requestPathAndQuery(event);
      tag = requestTag(datasetVersion(dataset), pathAndQuery);
      // The request names the body within this Dataset: the compressed copy's key.
      event.context.representationKey = pathAndQuery;
    } else {
      tag = bodyHash(value);
      event.context.representationKey = tag;
    }
    const encoding = representationEncoding(event, value);
    const etag = representationEtag(tag, encoding ?? null);
    staged.set('etag', etag);
    staged.set('cache-control', cacheControl);
    if (datasetRoute) remember(dataset, pathAndQuery, { compressible: encoding !== undefined, cacheControl });
    if (!ifNoneMatchMatches(event.req.headers.get('if-none-match'), etag)) return value;
    staged.delete('content-type');
    return notModified();
  };
  return (event, next) => {
    // The Dataset the route is about to read: the one its answer, and so its tag, comes from.
    const dataset = datasetOf();
    const early = revalidated(event, dataset);
    if (early !== undefined) return early;
    const value = next();
    return isThenable(value)
      ? Promise.resolve(value).then((resolved) => now(resolved, event, dataset))
      : now(value, event, dataset);
  };
}

function requestPathAndQuery(event: H3Event): string {
  const url = event.url;
  return url.search === '' ? url.pathname : `${url.pathname}${url.search}`;
}

function notModified(): HTTPResponse {
  return new HTTPResponse(null, { status: 304, statusText: 'Not Modified' });
}

/** Answer headers: Cache-Control by kind of data, unless the answer set its own. */
export const cacheControlHeader: AnswerHeaders = (headers, event, status) => {
  if (!headers.has('cache-control'))
    headers.set('cache-control', cacheControlFor(event.req.method, event.context.matchedRoute?.route, status));
};
