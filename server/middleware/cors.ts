// CORS (CORS_ORIGINS): '*' lets any origin read; a list lets only its members, echoing the
// Origin back with `Vary: Origin`. Credentials are never allowed: keys travel in X-API-Key,
// not in cookies, so no response ever carries Access-Control-Allow-Credentials. Preflights
// are answered before rate limiting (browsers send them on their own); every answer,
// preflights included, carries the headers that let a browser read it.

import type { H3Event, Middleware } from 'h3';
import type { AnswerHeaders } from './answer.js';

export interface CorsSettings {
  origins: '*' | readonly string[];
  /** How long a browser may cache a preflight answer (seconds). */
  maxAgeSeconds: number;
}

export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS = 'X-API-Key, Content-Type, If-None-Match, X-Request-Id';
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

/** A browser's preflight: OPTIONS with an Origin and the method it wants to use. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}

/** The Access-Control-Allow-Origin value for this Origin, or null when it may not read. */
function allowedOrigin(origin: string | null, settings: CorsSettings): string | null {
  if (settings.origins === '*') return '*';
  return origin !== null && settings.origins.includes(origin) ? origin : null;
}

/** Answer headers that let a browser read an actual (non-preflight) response. */
export function corsHeaders(settings: CorsSettings): AnswerHeaders {
  return (headers: Headers, event: H3Event): void => {
    // With a list the answer depends on Origin, so caches must key on it, allowed or not.
    if (settings.origins !== '*') appendVary(headers, 'Origin');
    const allow = allowedOrigin(event.req.headers.get('origin'), settings);
    if (allow === null) return;
    headers.set('access-control-allow-origin', allow);
    headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  };
}

/** Adds `value` to Vary unless it is named there already. */
function appendVary(headers: Headers, value: string): void {
  const current = headers.get('vary');
  if (current === null) headers.set('vary', value);
  else if (!current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase()))
    headers.set('vary', `${current}, ${value}`);
}

/** The 204 answer to a preflight; an origin outside the list gets no allow headers. */
export function preflightResponse(request: Request, settings: CorsSettings): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (settings.origins !== '*') headers.set('vary', 'Origin');
  const allow = allowedOrigin(request.headers.get('origin'), settings);
  if (allow !== null) {
    headers.set('access-control-allow-origin', allow);
    headers.set('access-control-allow-methods', CORS_ALLOW_METHODS);
    headers.set('access-control-allow-headers', CORS_ALLOW_HEADERS);
    headers.set('access-control-max-age', String(settings.maxAgeSeconds));
  }
  return new Response(null, { status: 204, statusText: 'No Content', headers });
}

/** Answers preflights (204); every other request goes on. */
export function preflight(settings: CorsSettings): Middleware {
  return (event, next) => (isPreflight(event.req) ? preflightResponse(event.req, settings) : next());
}
