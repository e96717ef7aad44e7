// The outermost middleware: every answer leaves through it. A thrown error becomes its RFC
// 9457 problem (unexpected ones are logged in full first), and the answer headers (request
// id, rate limits, CORS, Cache-Control, security; the list is composed in server/app.ts)
// go on whatever the answer is. A body the routes return as it is (a string keeps h3 on its
// fast path) gets them staged on event.res, which h3 merges in; a Response gets them on a
// copy, since a Response's own headers may be immutable. One await for all of them: each
// async layer more costs about a microsecond a request.

import { HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { Logger } from '../logger.js';
import { problemResponse, toProblem } from '../problem.js';
import { requestIdOf } from './request-id.js';

/** Puts one concern's headers on an answer whose status is `status`. */
export type AnswerHeaders = (headers: Headers, event: H3Event, status: number) => void;

export interface AnswerSettings {
  /** Applied in order to every answer. */
  headers: readonly AnswerHeaders[];
  logger: Logger;
  /** Base of problem `type` URIs. */
  publicBaseUrl: string;
}

export interface AnswerEdge {
  middleware: Middleware;
  /** h3's onError hook: a request refused before any middleware ran (a malformed URL). */
  onError(error: unknown, event: H3Event): Response;
}

export function answerEdge(settings: AnswerSettings): AnswerEdge {
  const { headers: answerHeaders, logger, publicBaseUrl } = settings;

  const decorate = (headers: Headers, status: number, event: H3Event): void => {
    for (const apply of answerHeaders) apply(headers, event, status);
  };

  const problem = (error: unknown, event: H3Event): Response => {
    const { problem, unexpected } = toProblem(error);
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
    return response;
  };

  /** A Response of its own (a preflight, a route's) keeps its headers; the answer's are added. */
  const decorated = (response: Response, event: H3Event): Response => {
    const headers = new Headers(response.headers);
    decorate(headers, response.status, event);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  const middleware: Middleware = async (event, next) => {
    let value: unknown;
    try {
      value = await next();
    } catch (error) {
      return problem(error, event);
    }
    if (value instanceof Response) return decorated(value, event);
    // An HTTPResponse (a 304) says its status; otherwise the route staged it (or it is 200).
    const status = (value instanceof HTTPResponse ? value.status : undefined) ?? event.res.status ?? 200;
    decorate(event.res.headers, status, event);
    return value;
  };

  return { middleware, onError: problem };
}
