// Request ids: a client's (or proxy's) X-Request-Id is kept when it is a sane token, so
// logs line up across hops; anything else is replaced by a fresh UUID.

import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;

export function requestIdFor(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return sent !== null && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
