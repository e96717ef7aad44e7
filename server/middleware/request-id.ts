// Request ids: a client's (or proxy's) X-Request-Id is kept when it is a sane token, so
// logs line up across hops; anything else is replaced by a fresh UUID. The id is chosen
// once per request and kept on the event's context, where logs and headers read it.

import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import type { HeaderSink } from './staged-headers.js';

declare module 'h3' {
  interface H3EventContext {
    /** This request's id (requestIdOf). */
    requestId?: string;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;

export function requestIdFor(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return sent !== null && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** This request's id, chosen on first use. */
export function requestIdOf(event: H3Event): string {
  let id = event.context.requestId;
  if (id === undefined) {
    id = requestIdFor(event.req);
    event.context.requestId = id;
  }
  return id;
}

/** Answer headers: X-Request-Id on every answer. */
export function requestIdHeader(headers: HeaderSink, event: H3Event): void {
  headers.set(REQUEST_ID_HEADER, requestIdOf(event));
}
