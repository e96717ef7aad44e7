// Request limits that hold for every path, checked before routing decides anything: URL
// length (414), declared body size (413) and media type (415). Routes that read a body
// still check while streaming (server/http.ts readJsonBody), for chunked bodies.

import type { Middleware } from 'h3';
import { bodyTooLargeProblem, isJsonMediaType, MAX_BODY_BYTES, unsupportedMediaTypeProblem } from '../http.js';
import { ApiProblem } from '../problem.js';

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

/** A request that says it carries a body: a positive Content-Length or chunked transfer. */
function declaresBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > 0) return true;
  return request.headers.has('transfer-encoding');
}

export function checkBody(request: Request): void {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > MAX_BODY_BYTES) throw bodyTooLargeProblem();
  if (request.method === 'GET' || request.method === 'HEAD' || !declaresBody(request)) return;
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) throw unsupportedMediaTypeProblem(type);
}

/** Refuses requests over the limits with their problem; the others go on. */
export const requestLimits: Middleware = (event, next) => {
  checkUrlLength(event.url);
  checkBody(event.req);
  return next();
};
