// Small request/response helpers shared by the route handlers.

import { STATUS_CODES } from 'node:http';
import type { H3, H3Event } from 'h3';
import { ApiProblem } from './problem.js';

export type Handler = (event: H3Event) => unknown | Promise<unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends an already-serialized JSON body (a string keeps h3 on its fast path). */
export function sendJson(event: H3Event, json: string, status = 200): string {
  event.res.status = status;
  event.res.statusText = STATUS_CODES[status] ?? '';
  event.res.headers.set('content-type', 'application/json; charset=utf-8');
  return json;
}

/**
 * Registers handlers for one path: GET also answers HEAD, and every other method gets a
 * 405 problem that lists the allowed ones.
 */
export function route(app: H3, path: string, handlers: Partial<Record<Method, Handler>>): void {
  const allowed = Object.keys(handlers) as Method[];
  if (handlers.GET) allowed.push('HEAD' as Method);
  for (const [method, handler] of Object.entries(handlers) as [Method, Handler][]) {
    app.on(method, path, handler);
    if (method === 'GET') app.on('HEAD', path, handler);
  }
  const allow = allowed.join(', ');
  app.all(path, (event) => {
    throw new ApiProblem('method-not-allowed', `${event.req.method} is not allowed here; use ${allow}.`, [], { allow });
  });
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
