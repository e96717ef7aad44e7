// RFC 9457 problem details: the one error type of the server and its one serializer.
// Type URIs and titles follow SPEC-NOTES D32; `errors[]` names every bad field.

import { STATUS_CODES } from 'node:http';
import { HTTPError } from 'h3';

export const PROBLEM_KINDS = {
  'validation-error': { status: 400, title: 'Validation Error' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Resource Not Found' },
  'method-not-allowed': { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  gone: { status: 410, title: 'Gone' },
  'request-timeout': { status: 408, title: 'Request Timeout' },
  'payload-too-large': { status: 413, title: 'Payload Too Large' },
  'uri-too-long': { status: 414, title: 'URI Too Long' },
  'unsupported-media-type': { status: 415, title: 'Unsupported Media Type' },
  'unprocessable-entity': { status: 422, title: 'Unprocessable Entity' },
  'rate-limited': { status: 429, title: 'Rate Limit Exceeded' },
  'request-header-fields-too-large': { status: 431, title: 'Request Header Fields Too Large' },
  internal: { status: 500, title: 'Internal Server Error' },
  'service-unavailable': { status: 503, title: 'Service Unavailable' },
} as const;
export type ProblemKind = keyof typeof PROBLEM_KINDS;

export interface FieldError {
  /** Parameter or body field, dot notation for nested fields (`award.slug`). */
  field: string;
  message: string;
  /** Stable machine code, e.g. `invalid_type`, `out_of_range`, `unknown_parameter`. */
  code: string;
  value?: unknown;
}

/** Longest echoed string, in characters; longer ones are cut and end with an ellipsis. */
export const MAX_ECHOED_STRING = 200;
/** Most items of an echoed list; a longer list is cut (its last echoed item says how many were left). */
export const MAX_ECHOED_ITEMS = 20;

function echoScalar(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > MAX_ECHOED_STRING ? `${value.slice(0, MAX_ECHOED_STRING)}…` : value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return `[a list of ${value.length}]`;
  if (typeof value === 'object') return '{an object}';
  return String(value).slice(0, MAX_ECHOED_STRING);
}

/**
 * What a problem echoes of a client's value: scalars (strings cut at MAX_ECHOED_STRING), or
 * a flat list of them; anything nested is named, never copied. So a hostile value (nested
 * thousands deep, megabytes wide) cannot make the problem itself fail or grow.
 */
export function echoValue(value: unknown): unknown {
  if (!Array.isArray(value)) return echoScalar(value);
  const items = value.slice(0, MAX_ECHOED_ITEMS).map(echoScalar);
  if (value.length > MAX_ECHOED_ITEMS) items.push(`… ${value.length - MAX_ECHOED_ITEMS} more`);
  return items;
}

/** One bad field; `value` is echoed (bounded, see echoValue) only when the client sent one. */
export function fieldError(field: string, message: string, code: string, value?: unknown): FieldError {
  const error: FieldError = { field, message, code };
  if (value !== undefined) error.value = echoValue(value);
  return error;
}

export class ApiProblem extends HTTPError {
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly extraHeaders: Record<string, string>;

  constructor(kind: ProblemKind, detail: string, errors: FieldError[] = [], headers: Record<string, string> = {}) {
    super({ status: PROBLEM_KINDS[kind].status, message: detail });
    this.kind = kind;
    this.detail = detail;
    this.errors = errors;
    this.extraHeaders = headers;
  }
}

/** A problem about named fields; the detail quotes the only error or lists the fields. */
function fieldsProblem(kind: ProblemKind, errors: FieldError[], many: string): ApiProblem {
  const detail =
    errors.length === 1
      ? quoteError(errors[0])
      : `${errors.length} ${many}: ${errors.map((e) => (unnamed(e) ? '(empty name)' : e.field)).join(', ')}`;
  return new ApiProblem(kind, detail, errors);
}

/**
 * `field: message`. A field without a name (a query parameter sent as `?=1`) is not named:
 * its message, which says so, stands alone as a sentence.
 */
function quoteError(error: FieldError): string {
  if (!unnamed(error)) return `${error.field}: ${error.message}`;
  return `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}`;
}

function unnamed(error: FieldError): boolean {
  return error.field.trim() === '';
}

export function validationProblem(errors: FieldError[]): ApiProblem {
  return fieldsProblem('validation-error', errors, 'fields are invalid');
}

export function unknownReferenceProblem(errors: FieldError[]): ApiProblem {
  return fieldsProblem('unprocessable-entity', errors, 'references are unknown');
}

export function notFoundProblem(detail: string): ApiProblem {
  return new ApiProblem('not-found', detail);
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: FieldError[];
}

export function problemBody(problem: ApiProblem, instance: string, baseUrl: string): ProblemBody {
  const body: ProblemBody = {
    type: `${baseUrl}/problems/${problem.kind}`,
    title: PROBLEM_KINDS[problem.kind].title,
    status: problem.status,
    detail: problem.detail,
    instance,
  };
  if (problem.errors.length > 0) body.errors = problem.errors;
  return body;
}

export function problemResponse(problem: ApiProblem, instance: string, baseUrl: string): Response {
  const headers = new Headers({
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    ...problem.extraHeaders,
  });
  const body = JSON.stringify(problemBody(problem, instance, baseUrl));
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, {
    status: problem.status,
    statusText: STATUS_CODES[problem.status] ?? '',
    headers,
  });
}

/** Whether the path holds a percent-encoding that does not decode (h3 refuses such a URL with a bare 400). */
function malformedPath(path: string | undefined): boolean {
  if (path === undefined) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Maps any thrown value to a problem; unknown errors become a 500 that reveals nothing.
 * `path` (the request's, still encoded) lets a malformed one be named as the field at fault.
 */
export function toProblem(error: unknown, path?: string): { problem: ApiProblem; unexpected: boolean } {
  if (error instanceof ApiProblem) return { problem: error, unexpected: false };
  if (error instanceof HTTPError) {
    const cause = error.cause;
    if (cause instanceof ApiProblem) return { problem: cause, unexpected: false };
    if (!error.unhandled && error.status < 500) {
      if (error.status === 404)
        return { problem: new ApiProblem('not-found', 'No resource at this path.'), unexpected: false };
      if (error.status === 413)
        return { problem: new ApiProblem('payload-too-large', 'The request body is too large.'), unexpected: false };
      if (error.status === 415)
        return {
          problem: new ApiProblem('unsupported-media-type', 'Send the body as application/json.'),
          unexpected: false,
        };
      if (malformedPath(path)) {
        const message = 'holds a percent-encoding that is not UTF-8 (each %XX sequence must form a character)';
        return {
          problem: validationProblem([fieldError('path', message, 'invalid_encoding', path)]),
          unexpected: false,
        };
      }
      return {
        problem: new ApiProblem('validation-error', 'The request could not be read (malformed URL or body).'),
        unexpected: false,
      };
    }
  }
  return { problem: new ApiProblem('internal', 'An unexpected error occurred; it has been logged.'), unexpected: true };
}

/**
 * A complete HTTP/1.1 response for a request Node's parser rejected before any route ran
 * (raw non-ASCII bytes in the URL, malformed headers): still a problem document.
 */
export function rawProblemResponse(code: string | undefined, baseUrl: string): string {
  if (code === 'HPE_HEADER_OVERFLOW')
    return rawProblem('request-header-fields-too-large', 'The request headers are too large.', baseUrl);
  // Node's requestTimeout: the client did not finish sending its request in time.
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return rawProblem('request-timeout', 'The request was not received completely in time.', baseUrl);
  return rawProblem(
    'validation-error',
    'The request is not valid HTTP/1.1. Percent-encode non-ASCII characters in the URL (e.g. q=%E3%82%AB%E3%82%BF%E3%83%B3).',
    baseUrl,
  );
}

/** The instance of a problem answered before the request reached the app (no request id yet). */
export const UNPARSED_REQUEST = 'urn:ludex:unparsed-request';

/** A complete HTTP/1.1 response carrying one problem, the connection closed after it. */
export function rawProblem(kind: ProblemKind, detail: string, baseUrl: string, headers: string[] = []): string {
  const { status, title } = PROBLEM_KINDS[kind];
  const body = JSON.stringify({
    type: `${baseUrl}/problems/${kind}`,
    title,
    status,
    detail,
    instance: UNPARSED_REQUEST,
  });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    'content-type: application/problem+json\r\n' +
    'cache-control: no-store\r\n' +
    headers.map((header) => `${header}\r\n`).join('') +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
}
