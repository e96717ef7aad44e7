// What the edge adds to every operation's answers, stated in the document so a generated
// client knows it: the response headers (request id, rate limits, ETag, Retry-After) and the
// error statuses any route may answer before its handler runs (401 for a bad key, 403 for a
// key without the admin scope, 429, 413/415 for bodies, 414, 503 for a slow handler) and the
// 304 of a conditional GET. Shared as components, referenced from each operation.

import { isRateLimitExempt } from '../middleware/rate-limit.js';
import type { HeaderObject, JsonObject, OperationObject, Reference, ResponseObject } from './json.js';
import { isReference } from './json.js';

const INTEGER = { type: 'integer', minimum: 0 };
const STRING = { type: 'string' };

export const RESPONSE_HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': {
    description: "The client's X-Request-Id when it is a sane token, else a fresh UUID; quoted in the logs",
    schema: STRING,
  },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current window', schema: INTEGER },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: INTEGER },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the current window closes', schema: INTEGER },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: INTEGER },
  ETag: {
    description:
      'Tag of the body: strong when sent plain, weak and naming the coding when compressed (W/"<hash>-br"); ' +
      'send it back as If-None-Match for a 304 while nothing changed',
    schema: STRING,
  },
  Link: {
    description: 'RFC 8288 links to the next and previous pages (rel="next", rel="prev"), as in _links',
    schema: STRING,
  },
  'Content-Encoding': {
    description: 'br or gzip when the body is compressed (Accept-Encoding; JSON and text of 1 KiB or more)',
    schema: { type: 'string', enum: ['br', 'gzip'] },
  },
  Vary: { description: 'Accept-Encoding on compressible answers; Origin with a CORS origin list', schema: STRING },
  'Cache-Control': { description: 'How long the answer may be cached', schema: STRING },
  'Content-Disposition': { description: 'attachment; filename="ludex-games-<time>.<format>"', schema: STRING },
  'X-Export-Format': { description: 'jsonl or csv', schema: { type: 'string', enum: ['jsonl', 'csv'] } },
  'X-Export-Row-Count': { description: 'Games in the export (known before the first byte)', schema: INTEGER },
  'X-Export-Schema-Version': { description: 'Version of the exported Game shape', schema: STRING },
  'X-Export-Generated-At': { description: 'ISO 8601 time the export was taken', schema: STRING },
};

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

export function headerRefs(names: readonly string[]): Record<string, Reference> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Problem answers the edge gives, by component name: [status, description, headers]. */
const EDGE_PROBLEMS: Record<string, [number, string, string[]]> = {
  Unauthorized: [
    401,
    'The X-API-Key is unknown or revoked (never treated as anonymous), or the route needs a key and none was sent',
    RATE_LIMIT_HEADERS,
  ],
  Forbidden: [403, 'The API key lacks the admin scope this route needs', RATE_LIMIT_HEADERS],
  PayloadTooLarge: [413, 'The body exceeds 64 KiB', RATE_LIMIT_HEADERS],
  UriTooLong: [414, 'Path and query exceed 8 KiB; send long searches as POST /v1/games/search', RATE_LIMIT_HEADERS],
  UnsupportedMediaType: [415, 'The body is not application/json (UTF-8)', RATE_LIMIT_HEADERS],
  RateLimited: [429, 'Over the rate limit; Retry-After says when to try again', [...RATE_LIMIT_HEADERS, 'Retry-After']],
  ServiceUnavailable: [503, 'The request took longer than REQUEST_TIMEOUT_MS; retry shortly', ['Retry-After']],
};

/** The shared responses `used` names (addEdgeResponses collects them), as components. */
export function edgeResponseComponents(problem: JsonObject, used: ReadonlySet<string>): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  if (used.has('NotModified'))
    responses.NotModified = {
      description: 'The If-None-Match tag still matches: no body',
      headers: headerRefs(['ETag']),
    };
  for (const [name, [, description, headers]] of Object.entries(EDGE_PROBLEMS)) {
    if (!used.has(name)) continue;
    responses[name] = {
      description,
      headers: headerRefs(['X-Request-Id', ...headers]),
      content: { 'application/problem+json': { schema: problem } },
    };
  }
  return responses;
}

export interface OperationFacts {
  method: string;
  path: string;
  hasBody: boolean;
  auth: 'key' | 'admin' | undefined;
}

/**
 * Adds the edge's headers to the operation's own responses and the edge's answers beside them
 * (a status the route documents itself keeps its own description); `used` collects the shared
 * responses referenced.
 */
export function addEdgeResponses(operation: OperationObject, facts: OperationFacts, used: Set<string>): void {
  const limited = !isRateLimitExempt(facts.path);
  const add = (status: number, name: string) => {
    if (operation.responses[String(status)] !== undefined) return;
    operation.responses[String(status)] = { $ref: `#/components/responses/${name}` };
    used.add(name);
  };
  for (const [status, response] of Object.entries(operation.responses)) {
    if (isReference(response) || status === 'default') continue;
    const names = ['X-Request-Id', ...(limited ? RATE_LIMIT_HEADERS : [])];
    if (status === '200') names.push('Content-Encoding', 'Vary');
    if (status === '200' && facts.method === 'GET' && cacheable(facts)) names.push('ETag', 'Cache-Control');
    response.headers = { ...headerRefs(names), ...response.headers };
  }
  if (facts.method === 'GET' && cacheable(facts)) add(304, 'NotModified');
  if (limited || facts.auth) add(401, 'Unauthorized');
  if (facts.auth === 'admin') add(403, 'Forbidden');
  if (facts.hasBody) add(413, 'PayloadTooLarge');
  add(414, 'UriTooLong');
  if (facts.hasBody) add(415, 'UnsupportedMediaType');
  if (limited) add(429, 'RateLimited');
  add(503, 'ServiceUnavailable');
}

/** Answers that get an ETag: reads that may be cached (not probes, metrics, admin or the stream). */
function cacheable(facts: OperationFacts): boolean {
  return !isRateLimitExempt(facts.path) && !facts.path.startsWith('/v1/admin') && !facts.path.startsWith('/v1/export');
}
