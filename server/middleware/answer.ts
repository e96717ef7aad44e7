// The outermost middleware: every answer leaves through it. A thrown error becomes its RFC
// 9457 problem (unexpected ones are logged in full first), and the answer headers (request
// id, rate limits, CORS, Cache-Control, security; the list is composed in server/app.ts)
// go on whatever the answer is.
//
// A string or byte body (what sendJson and the compression middleware return) leaves as a
// srvx FastResponse made here, its headers the staged list as plain [name, value] pairs
// (answer-headers.ts): no `Headers` is made for it, and srvx copies the pairs into node's
// raw header list as they are. Status, status text and the null body of a 204/304 are
// decided as h3 decides them for a returned body. Anything else (a stream, a route's own
// Response, a 304, a HEAD answer) gets the staged headers written onto h3's `Headers` and
// leaves through h3's own path, as it always did; a Response gets them on a copy, since a
// Response's own headers may be immutable. A route that answers synchronously gets no
// promise and no closure here.

import { HTTPResponse, sanitizeStatusCode, sanitizeStatusMessage, type H3Event, type Middleware } from 'h3';
import { FastResponse } from 'srvx';
import type { Logger } from '../logger.js';
import { problemResponse, toProblem } from '../problem.js';
import { stageAnswerHeaders, stagedAnswerHeaders } from './answer-headers.js';
import { requestIdOf } from './request-id.js';
import type { HeaderSink, StagedHeaders } from './staged-headers.js';
import { isThenable } from './thenable.js';

/** Puts one concern's headers on an answer whose status is `status`. */
export type AnswerHeaders = (headers: HeaderSink, event: H3Event, status: number) => void;

export interface AnswerSettings {
  /** Applied in order to every answer. */
  headers: readonly AnswerHeaders[];
  logger: Logger;
  /** Base of problem `type` URIs. */
  publicBaseUrl: string;
  /**
   * Told of every answer made here, problems for requests h3 refused included, with its
   * status and headers (the access log: server/middleware/access-log.ts).
   */
  onAnswer?: (event: H3Event, status: number, headers: Pick<HeaderSink, 'get'>) => void;
}

export interface AnswerEdge {
  middleware: Middleware;
  /** h3's onError hook: a request refused before any middleware ran (a malformed URL). */
  onError(error: unknown, event: H3Event): Response;
}

/** Statuses and methods whose answer has no body, as h3 decides it (the access log counts by it too). */
export function nullBody(method: string, status: number | undefined): boolean {
  return (
    method === 'HEAD' ||
    status === 100 ||
    status === 101 ||
    status === 102 ||
    status === 204 ||
    status === 205 ||
    status === 304
  );
}

export function answerEdge(settings: AnswerSettings): AnswerEdge {
  const { headers: answerHeaders, logger, publicBaseUrl } = settings;
  const onAnswer = settings.onAnswer ?? (() => undefined);

  const decorate = (headers: HeaderSink, status: number, event: H3Event): void => {
    for (const apply of answerHeaders) apply(headers, event, status);
  };

  const problem = (error: unknown, event: H3Event): Response => {
    const { problem, unexpected } = toProblem(error, event.url.pathname);
    if (unexpected) {
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      logger.error(
        { err: cause, req_id: requestIdOf(event), method: event.req.method, path: event.url.pathname },
        'unhandled error',
      );
    }
    // A Response made here: its headers are ours to set.
    const response = problemResponse(problem, event.url.pathname, publicBaseUrl);
    decorate(response.headers, response.status, event);
    onAnswer(event, response.status, response.headers);
    return response;
  };

  /** A Response of its own (a preflight, a route's) keeps its headers; the answer's are added. */
  const decorated = (response: Response, event: H3Event): Response => {
    const headers = new Headers(response.headers);
    decorate(headers, response.status, event);
    onAnswer(event, response.status, headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  /** A string or byte body, its status and headers staged: one FastResponse, plain pairs. */
  const fast = (body: string | Uint8Array<ArrayBuffer>, staged: StagedHeaders, event: H3Event): Response => {
    const res = event.res;
    const status = res.status ? sanitizeStatusCode(res.status) : undefined;
    decorate(staged, status ?? 200, event);
    // h3 says the length of bytes itself (a length the route staged wins, as in h3's merge).
    if (typeof body !== 'string' && !staged.has('content-length'))
      staged.set('content-length', String(body.byteLength));
    const response = new FastResponse(nullBody(event.req.method, status) ? null : body, {
      status,
      statusText: res.statusText === undefined ? undefined : sanitizeStatusMessage(res.statusText),
      headers: staged.entries(),
    });
    onAnswer(event, status ?? 200, staged);
    return response;
  };

  const answered = (value: unknown, event: H3Event): unknown => {
    const staged = stagedAnswerHeaders(event) as StagedHeaders;
    if ((typeof value === 'string' || value instanceof Uint8Array) && event.req.method !== 'HEAD')
      return fast(value as string | Uint8Array<ArrayBuffer>, staged, event);
    if (value instanceof Response) {
      // h3 merges its own headers into a Response under 400; they are staged now.
      staged.applyTo(event.res.headers);
      return decorated(value, event);
    }
    // An HTTPResponse (a 304) says its status; otherwise the route staged it (or it is 200).
    const status = sanitizeStatusCode((value instanceof HTTPResponse ? value.status : undefined) ?? event.res.status);
    decorate(staged, status, event);
    staged.applyTo(event.res.headers);
    // h3 answers no body (null, undefined) with a length of 0, unless one was staged; a
    // symbol (no route matched) becomes an error h3 hands to onError, which tells its own.
    if (value === null || value === undefined)
      onAnswer(event, status, { get: (name) => staged.get(name) ?? (name === 'content-length' ? '0' : null) });
    else if (typeof value !== 'symbol') onAnswer(event, status, staged);
    return value;
  };

  const middleware: Middleware = (event, next) => {
    stageAnswerHeaders(event);
    let value: unknown;
    try {
      value = next();
    } catch (error) {
      return problem(error, event);
    }
    return isThenable(value)
      ? Promise.resolve(value).then(
          (resolved) => answered(resolved, event),
          (error: unknown) => problem(error, event),
        )
      : answered(value, event);
  };

  return { middleware, onError: problem };
}
