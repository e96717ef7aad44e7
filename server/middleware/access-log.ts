// Timing, logging and metrics of every request, in h3's hooks rather than a middleware:
// onResponse sees every answer as sent, those h3 refuses before any middleware runs (a
// malformed URL) included. One log line and one observation per request.

import type { H3Event } from 'h3';
import type { Logger } from '../logger.js';
import { UNMATCHED_ROUTE, type AppMetrics } from '../metrics.js';
import { requestIdOf } from './request-id.js';

declare module 'h3' {
  interface H3EventContext {
    /** performance.now() when the request arrived. */
    startedAt?: number;
  }
}

export interface AccessLog {
  /** h3's onRequest hook: starts the clock. */
  onRequest(event: H3Event): void;
  /** h3's onResponse hook: counts, times and logs the answer. */
  onResponse(response: Response, event: H3Event): void;
}

export function accessLog(metrics: Pick<AppMetrics, 'observeRequest'>, logger: Logger): AccessLog {
  return {
    onRequest(event) {
      event.context.startedAt = performance.now();
    },
    onResponse(response, event) {
      const now = performance.now();
      const route = event.context.matchedRoute?.route ?? UNMATCHED_ROUTE;
      // A request refused before onRequest ran has no start: it took no time of ours.
      const seconds = (now - (event.context.startedAt ?? now)) / 1000;
      metrics.observeRequest(event.req.method, route, response.status, seconds);
      logger.info(
        {
          req_id: requestIdOf(event),
          method: event.req.method,
          route,
          path: event.url.pathname,
          status: response.status,
          duration_ms: Math.round(seconds * 100_000) / 100,
        },
        'request',
      );
    },
  };
}
