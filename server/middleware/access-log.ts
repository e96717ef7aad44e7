// Timing, logging and metrics of every request: one log line and one observation per
// answer. The answer edge (answer.ts) reports each answer it makes, problems for requests
// h3 refuses before any middleware runs (a malformed URL) included, as it makes it:
// `answered`. h3's onResponse hook would see the same answers, but with it configured h3
// puts every response through three promises first, whether the route answered at once or
// not; `onResponse` stays for an app without the answer edge.
//
// A log line carries the method, route template, path and query string, status, client
// address, the id of the API key (never the key), the bytes of the body sent and the
// duration. A streamed body (the export) is logged when its last byte has been read or the
// client went away, so its duration is the whole transfer, not the time to its headers;
// `streams` (an edge middleware) counts its bytes on the way out. The request histogram
// keeps the time to the headers, the same for every route.

import type { H3Event, Middleware } from 'h3';
import { resolvedKeyId } from '../auth/guard.js';
import type { Logger } from '../logger.js';
import { UNMATCHED_ROUTE, type AppMetrics } from '../metrics.js';
import { nullBody } from './answer.js';
import { clientAddress } from './rate-limit.js';
import { requestIdOf } from './request-id.js';
import { isThenable } from './thenable.js';

declare module 'h3' {
  interface H3EventContext {
    /** performance.now() when the request arrived. */
    startedAt?: number;
    /** Settles when a streamed body has been sent whole (complete) or abandoned. */
    streamed?: Promise<StreamOutcome>;
  }
}

export interface StreamOutcome {
  bytes: number;
  complete: boolean;
}

export interface AccessLog {
  /** h3's onRequest hook: starts the clock. */
  onRequest(event: H3Event): void;
  /**
   * Counts, times and logs an answer of `status` whose headers are `headers` (a stream's
   * once it ends): the answer edge's onAnswer.
   */
  answered(event: H3Event, status: number, headers: Pick<Headers, 'get'>): void;
  /** h3's onResponse hook: the same, for an answer made without the answer edge. */
  onResponse(response: Response, event: H3Event): void;
  /** Edge middleware: streamed bodies pass through a byte counter that knows when they end. */
  streams: Middleware;
}

/** Longest query string kept in a log line; the rest is cut (a log line is not a store). */
const MAX_LOGGED_QUERY = 2048;

export interface AccessLogSettings {
  /** TRUST_PROXY: the left-most X-Forwarded-For entry names the client. */
  trustProxy: boolean;
}

export function accessLog(
  metrics: Pick<AppMetrics, 'observeRequest'>,
  logger: Logger,
  settings: AccessLogSettings = { trustProxy: false },
): AccessLog {
  const log = (event: H3Event, status: number, route: string, bytes: number | null, ms: number, extra?: object) => {
    const query = event.url.search.slice(1);
    const keyId = resolvedKeyId(event);
    const line: Record<string, unknown> = {
      req_id: requestIdOf(event),
      method: event.req.method,
      route,
      path: event.url.pathname,
    };
    if (query) line.query = query.slice(0, MAX_LOGGED_QUERY);
    line.status = status;
    line.client = clientAddress(event, settings.trustProxy);
    if (keyId) line.key_id = keyId;
    line.bytes = bytes;
    line.duration_ms = Math.round(ms * 100) / 100;
    if (extra) Object.assign(line, extra);
    logger.info(line, 'request');
  };

  const answered = (event: H3Event, status: number, headers: Pick<Headers, 'get'>): void => {
    const now = performance.now();
    const route = event.context.matchedRoute?.route ?? UNMATCHED_ROUTE;
    // A request refused before onRequest ran has no start: it took no time of ours.
    const seconds = (now - (event.context.startedAt ?? now)) / 1000;
    metrics.observeRequest(event.req.method, route, status, seconds);
    // A silent logger (the bench's, LOG_LEVEL=silent) gets no line built at all.
    if (!logger.isLevelEnabled('info')) return;
    // Status and method say whether the body is null (as h3 decides it), so no body is
    // read here: reading a Response's makes srvx build a web-stream Response for what it
    // would otherwise write as a plain string.
    const bodiless = nullBody(event.req.method, status);
    const streamed = event.context.streamed;
    if (streamed !== undefined && !bodiless) {
      const headersMs = Math.round(seconds * 100_000) / 100;
      const started = event.context.startedAt ?? now;
      void streamed.then(({ bytes, complete }) =>
        log(event, status, route, bytes, performance.now() - started, { headers_ms: headersMs, complete }),
      );
      return;
    }
    // The compression middleware notes the length it sent; anything else says it in a header.
    const length = bodiless ? null : (event.context.bodyBytes ?? headers.get('content-length'));
    const bytes = bodiless ? 0 : length === null ? null : Number(length);
    log(event, status, route, bytes, seconds * 1000);
  };

  return {
    onRequest(event) {
      event.context.startedAt = performance.now();
    },
    answered,
    onResponse(response, event) {
      answered(event, response.status, response.headers);
    },
    streams(event, next) {
      const value = next();
      return isThenable(value)
        ? Promise.resolve(value).then((resolved) => counted(resolved, event))
        : counted(value, event);
    },
  };
}

/** A stream body passed through a byte counter; anything else as it is. */
function counted(value: unknown, event: H3Event): unknown {
  if (!(value instanceof ReadableStream) || event.req.method === 'HEAD') return value;
  const reader = (value as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let settle: (outcome: StreamOutcome) => void = () => undefined;
  event.context.streamed = new Promise((resolve) => {
    settle = resolve;
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value: chunk } = await reader.read();
          if (done) {
            controller.close();
            settle({ bytes, complete: true });
            return;
          }
          bytes += chunk.byteLength;
          controller.enqueue(chunk);
        } catch (error) {
          settle({ bytes, complete: false });
          controller.error(error);
        }
      },
      cancel(reason) {
        settle({ bytes, complete: false });
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
