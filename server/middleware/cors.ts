// CORS (CORS_ORIGINS): '*' lets any origin read; a list lets only its members, echoing the
// Origin back with `Vary: Origin`. Credentials are never allowed: keys travel in X-API-Key,
// not in cookies, so no response ever carries Access-Control-Allow-Credentials. Preflights
// are answered by h3's handleCors before rate limiting (browsers send them on their own);
// every answer, preflights included, carries the headers that let a browser read it.
//
// What stays ours: a preflight from an origin outside the list gets a bare 204 (h3 would
// still list the allowed methods and headers to it), and the headers of actual answers are
// one of the answer-header list of server/app.ts, applied to problems and Responses alike,
// where h3's appendCorsHeaders writes only to event.res. Origins are matched exactly, after
// server/cors-origins.ts has put them in the form a browser sends.

import {
  type CorsOptions,
  type H3Event,
  handleCors,
  isCorsOriginAllowed,
  isPreflightRequest,
  type Middleware,
} from 'h3';
import type { AnswerHeaders } from './answer.js';
import type { HeaderSink } from './staged-headers.js';
import { appendVary } from './vary.js';

export interface CorsSettings {
  origins: '*' | readonly string[];
  /** How long a browser may cache a preflight answer (seconds). */
  maxAgeSeconds: number;
}

/** Every method some route takes (a CONNECT's 405 names them too: main.ts). */
export const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];
const ALLOW_HEADERS = ['X-API-Key', 'Content-Type', 'If-None-Match', 'X-Request-Id'];
/** As h3 writes them into the preflight answer. */
export const CORS_ALLOW_METHODS = ALLOW_METHODS.join(',');
export const CORS_ALLOW_HEADERS = ALLOW_HEADERS.join(',');
export const CORS_EXPOSE_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'ETag',
  'X-Request-Id',
  'Content-Disposition',
  'X-Export-Format',
  'X-Export-Row-Count',
  'X-Export-Schema-Version',
  'X-Export-Generated-At',
].join(', ');

function h3Options(settings: CorsSettings): CorsOptions {
  return {
    origin: settings.origins === '*' ? '*' : [...settings.origins],
    methods: ALLOW_METHODS,
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS.split(', '),
    credentials: false,
    maxAge: String(settings.maxAgeSeconds),
  };
}

/** The Access-Control-Allow-Origin value for this Origin, or null when it may not read. */
function allowedOrigin(origin: string | null, options: CorsOptions): string | null {
  if (options.origin === '*') return '*';
  return origin !== null && isCorsOriginAllowed(origin, options) ? origin : null;
}

/** Answer headers that let a browser read an actual (non-preflight) response. */
export function corsHeaders(settings: CorsSettings): AnswerHeaders {
  const options = h3Options(settings);
  if (settings.origins === '*')
    // Any origin may read: the same two headers on every answer, Origin not even read.
    return (headers: HeaderSink): void => {
      headers.set('access-control-allow-origin', '*');
      headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
    };
  return (headers: HeaderSink, event: H3Event): void => {
    // With a list the answer depends on Origin, so caches must key on it, allowed or not.
    appendVary(headers, 'Origin');
    const allow = allowedOrigin(event.req.headers.get('origin'), options);
    if (allow === null) return;
    headers.set('access-control-allow-origin', allow);
    headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  };
}

/** Answers preflights (204, never cached by shared caches); every other request goes on. */
export function preflight(settings: CorsSettings): Middleware {
  const options = h3Options(settings);
  return (event, next) => {
    if (!isPreflightRequest(event)) return next();
    event.res.headers.set('cache-control', 'no-store');
    if (allowedOrigin(event.req.headers.get('origin'), options) === null) {
      event.res.headers.set('vary', 'Origin');
      return new Response(null, { status: 204, statusText: 'No Content', headers: event.res.headers });
    }
    return handleCors(event, options);
  };
}
