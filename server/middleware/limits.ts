// Request limits that hold for every path, checked before routing decides anything: URL
// length (414), body size whatever the framing (413), media type (415) and a body that
// arrives too slowly (408). Every body is read here, once, before any route runs: a route
// that takes no body (POST /v1/admin/materialize) cannot be made to run by, or to stream,
// an unbounded chunked body. A method the path does not take is answered 405 first.

import type { Middleware } from 'h3';
import { isMethodNotAllowed } from '../http.js';
import { ApiProblem } from '../problem.js';
import {
  bodyTooLargeProblem,
  bufferBody,
  bufferNodeBody,
  declaresBody,
  isJsonMediaType,
  MAX_BODY_BYTES,
  unsupportedMediaTypeProblem,
} from '../request-body.js';

/** Path plus query, in characters; longer requests are refused before routing. */
export const MAX_URL_LENGTH = 8 * 1024;

export function checkUrlLength(url: URL): void {
  const length = url.pathname.length + url.search.length;
  if (length > MAX_URL_LENGTH) {
    throw new ApiProblem(
      'uri-too-long',
      `The request target is ${length} characters long; at most ${MAX_URL_LENGTH} are accepted. Send long searches as POST /v1/games/search.`,
    );
  }
}

export function checkBody(request: Request): void {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > MAX_BODY_BYTES) throw bodyTooLargeProblem();
  if (request.method === 'GET' || request.method === 'HEAD' || !declaresBody(request)) return;
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) throw unsupportedMediaTypeProblem(type);
}

/**
 * Refuses requests over the limits with their problem; the others go on with their body
 * read. `bodyTimeoutMs`: the most a body may take to arrive (REQUEST_TIMEOUT_MS).
 */
export function requestLimits(bodyTimeoutMs: number): Middleware {
  return (event, next) => {
    checkUrlLength(event.url);
    // The path's 405 catch-all (server/http.ts route()): the method is wrong whatever the body.
    if (isMethodNotAllowed(event)) return next();
    checkBody(event.req);
    const { method } = event.req;
    // No body, no await: reads stay on the synchronous path.
    if (method === 'GET' || method === 'HEAD' || (!declaresBody(event.req) && event.req.body === null)) return next();
    const node = event.runtime?.node;
    const read =
      node?.req !== undefined && node.res !== undefined
        ? bufferNodeBody(event.req, node.req, node.res, bodyTimeoutMs)
        : bufferBody(event.req, bodyTimeoutMs);
    return read.then(() => next());
  };
}
