// Small request/response helpers shared by the route handlers, and reading a JSON request
// body (SPEC-NOTES D37): JSON media type only (415), at most 64 KiB (413, checked while
// streaming so an oversized body is never buffered whole), UTF-8 that parses (400).

import { STATUS_CODES } from 'node:http';
import type { H3, H3Event } from 'h3';
import type { z } from 'zod';
import { ApiProblem, fieldError, validationProblem } from './problem.js';

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

/** The most a request body may carry (D37): every route that reads one, and the edge. */
export const MAX_BODY_BYTES = 64 * 1024;

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

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw bodyTooLargeProblem();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading: the rest of an oversized body is never buffered.
      await reader.cancel().catch(() => undefined);
      throw bodyTooLargeProblem();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The parsed JSON body of a request, or the problem that says why there is none. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) throw unsupportedMediaTypeProblem(type);
  const bytes = await readLimited(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationProblem([fieldError('body', 'is not valid UTF-8', 'malformed_json')]);
  }
  if (text.trim() === '')
    throw validationProblem([fieldError('body', 'is empty; send a JSON object', 'malformed_json')]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'cannot be parsed';
    throw validationProblem([fieldError('body', `is not valid JSON (${reason})`, 'malformed_json')]);
  }
}
