// REQUEST_TIMEOUT_MS: a route that has not produced its response by then is answered with
// 503 (the server, not the client, was too slow; 408 would blame the client). Streamed
// bodies are not cut: the clock stops when the response starts. A route that answered
// synchronously cannot be late, so it gets no timer at all.

import type { Middleware } from 'h3';
import { ApiProblem } from '../problem.js';
import { isThenable } from './thenable.js';

export function timeout(timeoutMs: number): Middleware {
  return (_event, next) => {
    const value = next();
    return isThenable(value) ? withTimeout(value, timeoutMs) : value;
  };
}

/** Races `work` against the clock. */
export async function withTimeout<T>(work: PromiseLike<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ApiProblem(
          'service-unavailable',
          `The request took longer than ${timeoutMs} ms and was abandoned; try again.`,
          [],
          { 'retry-after': '1' },
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
