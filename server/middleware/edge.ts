// The edge of the app: what every request passes through around its route. One middleware
// answers preflights, applies rate limits and request limits, races the route against the
// request timeout, adds the ETag (or answers 304), and puts the headers every answer
// carries — request id, rate limits, CORS, Cache-Control, security — on successes and
// problems alike. The h3 hooks time each request, log it and count it.

import { HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { ApiKeys } from '../auth/api-keys.js';
import type { Logger } from '../logger.js';
import { UNMATCHED_ROUTE, type AppMetrics } from '../metrics.js';
import { ApiProblem, problemResponse, toProblem } from '../problem.js';
import { cacheControlFor, ifNoneMatchMatches, strongEtag } from './caching.js';
import { corsHeaders, isPreflight, preflightResponse, type CorsSettings } from './cors.js';
import { checkBody, checkUrlLength, withTimeout } from './limits.js';
import {
  isRateLimitExempt,
  rateLimitedProblem,
  rateLimitHeaders,
  RateLimiter,
  type RateLimitSettings,
  type RateLimitVerdict,
} from './rate-limit.js';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.js';
import { applySecurityHeaders } from './security.js';

export interface EdgeSettings {
  /** null: no rate limiting and no X-RateLimit-* headers. */
  rateLimit: RateLimitSettings | null;
  cors: CorsSettings;
  /** REQUEST_TIMEOUT_MS: a handler slower than this is answered with a 503 problem. */
  requestTimeoutMs: number;
}

export interface EdgeDeps {
  settings: EdgeSettings;
  keys: ApiKeys;
  metrics: AppMetrics;
  logger: Logger;
  publicBaseUrl: string;
}

/** What the edge knows about one request while it is served. */
interface RequestState {
  id: string;
  started: number;
  verdict?: RateLimitVerdict;
}

export interface Edge {
  middleware: Middleware;
  onRequest(event: H3Event): void;
  onError(error: unknown, event: H3Event): Response;
  onResponse(response: Response, event: H3Event): void;
}

export function createEdge(deps: EdgeDeps): Edge {
  const { settings, metrics, logger } = deps;
  const limiter = settings.rateLimit ? new RateLimiter(settings.rateLimit, deps.keys) : null;
  const requests = new WeakMap<H3Event, RequestState>();

  const stateOf = (event: H3Event): RequestState => {
    let state = requests.get(event);
    if (!state) {
      state = { id: requestIdFor(event.req), started: performance.now() };
      requests.set(event, state);
    }
    return state;
  };

  const errorResponse = (error: unknown, event: H3Event): Response => {
    const { problem, unexpected } = toProblem(error);
    if (unexpected) {
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      logger.error(
        { err: cause, req_id: stateOf(event).id, method: event.req.method, path: event.url.pathname },
        'unhandled error',
      );
    }
    return problemResponse(problem, event.url.pathname, deps.publicBaseUrl);
  };

  /** Sets the headers every answer carries on `headers` (the staged or the final ones). */
  const decorate = (headers: Headers, status: number, event: H3Event): void => {
    const state = stateOf(event);
    headers.set(REQUEST_ID_HEADER, state.id);
    if (state.verdict)
      for (const [name, value] of Object.entries(rateLimitHeaders(state.verdict))) headers.set(name, value);
    for (const [name, value] of Object.entries(corsHeaders(event.req, settings.cors))) {
      if (name === 'vary') appendVary(headers, value);
      else headers.set(name, value);
    }
    if (!headers.has('cache-control'))
      headers.set('cache-control', cacheControlFor(event.req.method, event.context.matchedRoute?.route, status));
    applySecurityHeaders(headers);
  };

  /** A finished Response (problem, preflight) with the edge headers on it. */
  const decorated = (response: Response, event: H3Event): Response => {
    const headers = new Headers(response.headers);
    decorate(headers, response.status, event);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  /**
   * The route's result, passed on as it came so h3 keeps its fast path for string bodies;
   * the edge headers are staged on event.res, which h3 merges into the response. A 200
   * GET/HEAD string body gets a strong ETag, or becomes a 304 when If-None-Match names it.
   */
  const finish = (value: unknown, event: H3Event): unknown => {
    const staged = event.res.headers;
    const status = event.res.status ?? 200;
    const method = event.req.method;
    if (typeof value === 'string' && status === 200 && (method === 'GET' || method === 'HEAD')) {
      const cacheControl =
        staged.get('cache-control') ?? cacheControlFor(method, event.context.matchedRoute?.route, 200);
      if (!cacheControl.includes('no-store')) {
        const etag = strongEtag(value);
        staged.set('etag', etag);
        staged.set('cache-control', cacheControl);
        if (ifNoneMatchMatches(event.req.headers.get('if-none-match'), etag)) {
          staged.delete('content-type');
          decorate(staged, 304, event);
          return new HTTPResponse(null, { status: 304, statusText: 'Not Modified' });
        }
      }
    }
    decorate(staged, status, event);
    return value;
  };

  const middleware: Middleware = async (event, next) => {
    const state = stateOf(event);
    try {
      // Preflights are answered before limiting: browsers send them on their own.
      if (isPreflight(event.req)) return decorated(preflightResponse(event.req, settings.cors), event);
      if (limiter && !isRateLimitExempt(event.url.pathname)) {
        const { verdict, error } = await limiter.check(event);
        state.verdict = verdict;
        if (!verdict.allowed) {
          metrics.rateLimitRejections.inc({ tier: verdict.tier, budget: verdict.budget });
          throw rateLimitedProblem(verdict);
        }
        if (error) throw error;
      }
      checkUrlLength(event.url);
      checkBody(event.req);
      if (!event.context.matchedRoute) throw new ApiProblem('not-found', 'No resource at this path.');
      const value = await withTimeout(next(), settings.requestTimeoutMs);
      // A Response of the route's own (an export stream) keeps its headers; the edge adds its own.
      if (value instanceof Response) return decorated(value, event);
      return finish(value, event);
    } catch (error) {
      return decorated(errorResponse(error, event), event);
    }
  };

  return {
    middleware,
    onRequest(event) {
      stateOf(event);
    },
    onError(error, event) {
      // Only errors raised before the middleware ran (a malformed URL) get here.
      return decorated(errorResponse(error, event), event);
    },
    onResponse(response, event) {
      const state = stateOf(event);
      const route = event.context.matchedRoute?.route ?? UNMATCHED_ROUTE;
      const seconds = (performance.now() - state.started) / 1000;
      metrics.observeRequest(event.req.method, route, response.status, seconds);
      logger.info(
        {
          req_id: state.id,
          method: event.req.method,
          route,
          path: event.url.pathname,
          status: response.status,
          duration_ms: Math.round(seconds * 100_000) / 100,
        },
        'request',
      );
    },
  };
}

function appendVary(headers: Headers, value: string): void {
  const current = headers.get('vary');
  if (current === null) headers.set('vary', value);
  else if (!current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase()))
    headers.set('vary', `${current}, ${value}`);
}
