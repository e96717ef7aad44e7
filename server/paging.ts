// One keyset paging implementation for every list: cursors bound to their endpoint and
// query, `meta` and `_links` for the neighbouring pages, and a pager for small in-memory
// lists (awards, people, a game's expansions) ordered by (value, id).

import type { H3Event } from 'h3';
import type { Position } from '../engine/index.js';
import { CursorError, type CursorCodec, type CursorPayload } from './cursor.js';
import { selfHref } from './http.js';
import { link, listHref } from './links.js';
import { answerHeadersOf } from './middleware/answer-headers.js';
import type { HeaderSink } from './middleware/staged-headers.js';
import type { ListLinks, ListMeta } from './present/list.js';
import { fieldError, validationProblem } from './problem.js';

export interface CursorParams {
  cursor?: string;
  before?: string;
}

export interface ContinuedQuery {
  /** The query to run: the cursor's, or the request's when there is no cursor. */
  query: Record<string, unknown>;
  after?: Position;
  before?: Position;
  /** The parameter that carried the cursor; absent when the request's own query runs. */
  via?: 'cursor' | 'before';
}

/**
 * Reads `cursor` / `before`. A cursor carries its query; when the request also states one
 * (`statesQuery`), the two must agree (SPEC-NOTES §4.2).
 */
export function continueFrom(
  params: CursorParams,
  cursors: CursorCodec,
  endpoint: string,
  given: Record<string, unknown>,
  statesQuery: boolean,
): ContinuedQuery {
  if (params.cursor !== undefined && params.before !== undefined) {
    throw validationProblem([
      fieldError('before', 'cannot be combined with cursor; use one of them', 'invalid_combination'),
    ]);
  }
  const token = params.cursor ?? params.before;
  if (token === undefined) return { query: given };
  const name = params.cursor !== undefined ? 'cursor' : 'before';
  let decoded: CursorPayload;
  try {
    decoded = cursors.decode(token, endpoint);
  } catch (error) {
    if (error instanceof CursorError) throw validationProblem([fieldError(name, error.message, 'invalid_cursor')]);
    throw error;
  }
  if (statesQuery && JSON.stringify(decoded.query) !== JSON.stringify(given)) {
    throw validationProblem([
      fieldError(
        name,
        'was issued for different filters or sort; repeat the original parameters or drop them',
        'invalid_cursor',
      ),
    ]);
  }
  if (decoded.direction === 'start') return { query: decoded.query, via: name };
  return name === 'cursor'
    ? { query: decoded.query, after: decoded.position, via: name }
    : { query: decoded.query, before: decoded.position, via: name };
}

export interface PageFacts {
  total: number;
  limit: number;
  hasNext: boolean;
  hasPrev: boolean;
  /** Positions of the page's first and last items (absent on an empty page). */
  first?: Position;
  last?: Position;
  /** The request's own positions, used when the page is empty. */
  after?: Position;
  before?: Position;
}

export interface NavigationTarget {
  endpoint: string;
  /** Path the `next`/`prev` links point at (GET). */
  path: string;
  query: Record<string, unknown>;
  /** Parameters repeated in the links besides the cursor and limit (e.g. include). */
  keep?: Record<string, string | undefined>;
}

export function navigation(
  event: H3Event,
  cursors: CursorCodec,
  target: NavigationTarget,
  page: PageFacts,
  extraMeta: Record<string, unknown> = {},
): { meta: ListMeta; links: ListLinks } {
  const meta: ListMeta = { total: page.total, limit: page.limit, has_more: page.hasNext, ...extraMeta };
  const links: ListLinks = { self: link(selfHref(event)) };
  const nextFrom = page.last ?? page.before;
  if (page.hasNext && nextFrom) {
    meta.next_cursor = cursors.encode({
      endpoint: target.endpoint,
      query: target.query,
      position: nextFrom,
      direction: 'next',
    });
    links.next = link(listHref(target.path, { cursor: meta.next_cursor, limit: page.limit, ...target.keep }));
  }
  const prevFrom = page.first ?? page.after;
  if (page.hasPrev && prevFrom) {
    meta.prev_cursor = cursors.encode({
      endpoint: target.endpoint,
      query: target.query,
      position: prevFrom,
      direction: 'prev',
    });
    links.prev = link(listHref(target.path, { before: meta.prev_cursor, limit: page.limit, ...target.keep }));
  }
  setLinkHeader(answerHeadersOf(event), links);
  return { meta, links };
}

/**
 * RFC 8288 Link: the `next` and `prev` of `_links`, for clients that page by headers. Set on
 * the answer's staged headers, so no WHATWG `Headers` is made for it (its hrefs are built by
 * URLSearchParams, percent-encoded: nothing in them needs a check).
 */
export function setLinkHeader(headers: HeaderSink, links: ListLinks): void {
  const members: string[] = [];
  if (links.next) members.push(`<${links.next.href}>; rel="next"`);
  if (links.prev) members.push(`<${links.prev.href}>; rel="prev"`);
  if (members.length > 0) headers.set('link', members.join(', '));
}

/** (value, id) ascending, nulls last: the order every in-memory list is kept in. */
export function comparePositions(a: Position, b: Position): number {
  if (a.value !== b.value) {
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    if (a.value < b.value) return -1;
    if (a.value > b.value) return 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** (value descending, nulls last, id ascending): the descending counterpart. */
export function comparePositionsDescending(a: Position, b: Position): number {
  if (a.value !== b.value) {
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    if (a.value < b.value) return 1;
    if (a.value > b.value) return -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A keyset page of `items`, which must already be sorted by `positionOf` under `compare`
 * (ascending by default). Small lists only: this is a linear scan.
 */
export function pageSorted<T>(
  items: readonly T[],
  positionOf: (item: T) => Position,
  request: { limit: number; after?: Position; before?: Position },
  compare: (a: Position, b: Position) => number = comparePositions,
): { items: T[]; facts: PageFacts } {
  let start = 0;
  let end = items.length;
  if (request.after) {
    const after = request.after;
    start = items.findIndex((item) => compare(positionOf(item), after) > 0);
    if (start < 0) start = items.length;
    end = Math.min(items.length, start + request.limit);
  } else if (request.before) {
    const before = request.before;
    end = items.findIndex((item) => compare(positionOf(item), before) >= 0);
    if (end < 0) end = items.length;
    start = Math.max(0, end - request.limit);
  } else {
    end = Math.min(items.length, request.limit);
  }
  const slice = items.slice(start, end);
  return {
    items: slice,
    facts: {
      total: items.length,
      limit: request.limit,
      hasNext: end < items.length,
      hasPrev: start > 0,
      first: slice.length > 0 ? positionOf(slice[0]) : undefined,
      last: slice.length > 0 ? positionOf(slice[slice.length - 1]) : undefined,
      after: request.after,
      before: request.before,
    },
  };
}
