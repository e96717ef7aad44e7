// Where a request's answer headers are staged: the answer edge (answer.ts) gives each
// request a StagedHeaders on its way in, and the edge's concerns and sendJson write there.
// Routes may still set headers on h3's `event.res.headers` (the export's headers):
// those are taken into the staged list whenever the edge reads it, so every reader sees
// one list and h3 finds nothing of its own left to merge. Without the answer edge (an app
// of a single middleware, in tests) the sink is h3's `event.res.headers`, as before.

import type { H3Event } from 'h3';
import { type HeaderSink, StagedHeaders } from './staged-headers.js';

declare module 'h3' {
  interface H3EventContext {
    /** The answer headers staged by the edge (answerHeadersOf). */
    answerHeaders?: StagedHeaders;
  }
}

/**
 * h3 2.x keeps `event.res.headers` under this symbol and creates it on first read; reading
 * the symbol tells whether a route set any without creating an empty `Headers` for every
 * request (test/server/middleware/answer-headers.test.ts fails should h3 rename it).
 */
const H3_RES_HEADERS: unique symbol = Symbol.for('h3.internal.event.res.headers');
type H3Response = H3Event['res'] & { [H3_RES_HEADERS]?: Headers };

/** Starts the staged list of this request (the answer edge, on the way in). */
export function stageAnswerHeaders(event: H3Event): StagedHeaders {
  const staged = new StagedHeaders();
  event.context.answerHeaders = staged;
  return staged;
}

/** The staged list with whatever a route set on h3's headers taken in; h3's own list is dropped. */
export function stagedAnswerHeaders(event: H3Event): StagedHeaders | undefined {
  const staged = event.context.answerHeaders;
  if (staged === undefined) return undefined;
  const res = event.res as H3Response;
  const routeSet = res[H3_RES_HEADERS];
  if (routeSet !== undefined) {
    staged.adopt(routeSet);
    res[H3_RES_HEADERS] = undefined;
  }
  return staged;
}

/** Where the answer's headers are read and written: the staged list, or h3's without the edge. */
export function answerHeadersOf(event: H3Event): HeaderSink {
  return stagedAnswerHeaders(event) ?? event.res.headers;
}

/** Headers the route set on h3's own list, if it set any (tests; no list is created). */
export function h3HeadersOf(event: H3Event): Headers | undefined {
  return (event.res as H3Response)[H3_RES_HEADERS];
}
