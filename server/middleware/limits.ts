// Request limits that hold for every route, checked before any handler runs: URL length
// (414), declared body size (413) and media type (415). Routes that read a body still
// check while streaming (server/http.ts readJsonBody), for chunked bodies.

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

/**
 * Races a handler against REQUEST_TIMEOUT_MS. A handler that has not produced its response
 * by then is answered with 503 (the server, not the client, was too slow; 408 would blame
 * the client). Streamed bodies are not cut: the clock stops when the response starts.
 */
export async function withTimeout<T>(work: Promise<T> | T, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ApiProblem(
          'service-unavailable',
          `The request took longer than ${timeoutMs} ms and was abandoned; try again.`,
          [],
          {
            'retry-after': '1',
          },
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve(work), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
