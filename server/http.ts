// Small request/response helpers shared by the route handlers; request bodies are read in
// server/request-body.ts (re-exported here for the routes).

import { STATUS_CODES } from 'node:http';
import type { H3, H3Event } from 'h3';
import type { z } from 'zod';
import { ApiProblem } from './problem.js';

export type Handler = (event: H3Event) => unknown | Promise<unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the OpenAPI document says about one operation (schemas are the ones tests use). */
export interface RouteDoc {
  summary: string;
  description?: string;
  tags?: string[];
  /** Query parameters, as a zod object of their string forms. */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (the route then reads it as `{}`). */
  bodyOptional?: boolean;
  /** The route needs an API key ('key') or an admin key ('admin'). */
  auth?: 'key' | 'admin';
  responses: Record<number, ResponseDoc>;
}

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  /** Response headers of this route's own (components of server/openapi/edge-responses.ts). */
  headers?: readonly string[];
  /** The same answer in another media type (the export's CSV). */
  alsoAs?: { contentType: string; schema: z.ZodType };
}

export interface RegisteredRoute {
  method: Method;
  /** h3 path with `:param` segments. */
  path: string;
  doc?: RouteDoc;
}

const registry = new WeakMap<H3, RegisteredRoute[]>();

/** Every operation registered through `route()`, in registration order (HEAD implied by GET). */
export function registeredRoutes(app: H3): readonly RegisteredRoute[] {
  return registry.get(app) ?? [];
}

/**
 * Sends an already-serialized JSON body: a string keeps h3 on its fast path, and the answer
 * edge sends it with its staged headers as they are (server/middleware/answer.ts).
 */
export function sendJson<Body extends string | Uint8Array>(event: H3Event, json: Body, status = 200): Body {
  event.res.status = status;
  event.res.statusText = STATUS_CODES[status] ?? '';
  // The edge's staged list when the edge is there (no `Headers` made), h3's otherwise.
  (event.context.answerHeaders ?? event.res.headers).set('content-type', JSON_CONTENT_TYPE);
  return json;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Route meta flag of the 405 catch-all of a path: the edge answers 405 before any body check. */
export const METHOD_NOT_ALLOWED = 'ludex.methodNotAllowed';

/** The request matched no handler of its method, only its path's 405 catch-all. */
export function isMethodNotAllowed(event: H3Event): boolean {
  return event.context.matchedRoute?.meta?.[METHOD_NOT_ALLOWED] === true;
}

/**
 * Registers handlers for one path: GET also answers HEAD, and every other method gets a
 * 405 problem that lists the allowed ones.
 */
export function route(
  app: H3,
  path: string,
  handlers: Partial<Record<Method, Handler>>,
  docs: Partial<Record<Method, RouteDoc>> = {},
): void {
  const allowed = Object.keys(handlers) as string[];
  if (handlers.GET) allowed.push('HEAD');
  let routes = registry.get(app);
  if (!routes) {
    routes = [];
    registry.set(app, routes);
  }
  for (const [method, handler] of Object.entries(handlers) as [Method, Handler][]) {
    app.on(method, path, handler);
    if (method === 'GET') app.on('HEAD', path, handler);
    routes.push({ method, path, doc: docs[method] });
  }
  const allow = allowed.join(', ');
  app.all(
    path,
    (event) => {
      throw new ApiProblem('method-not-allowed', `${event.req.method} is not allowed here; use ${allow}.`, [], {
        allow,
      });
    },
    { meta: { [METHOD_NOT_ALLOWED]: true } },
  );
}

/** A path parameter, percent-decoded; a malformed escape is a 404 rather than a crash. */
export function pathParam(event: H3Event, name: string): string {
  const raw = event.context.params?.[name] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The request's path and query, as the client sent them: what `_links.self` shows. */
export function selfHref(event: H3Event): string {
  const url = event.url;
  return `${url.pathname}${url.search}`;
}

export {
  bodyTooLargeProblem,
  isJsonMediaType,
  MAX_BODY_BYTES,
  readJsonBody,
  unsupportedMediaTypeProblem,
} from './request-body.js';
