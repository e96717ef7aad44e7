// Vary: the request headers an answer depends on (caches key on them). Several concerns
// add to it (CORS: Origin; compression: Accept-Encoding), so each appends.

import type { HeaderSink } from './staged-headers.js';

/** Adds `value` to Vary unless it is named there already. */
export function appendVary(headers: HeaderSink, value: string): void {
  const current = headers.get('vary');
  if (current === null) headers.set('vary', value);
  else if (!current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase()))
    headers.set('vary', `${current}, ${value}`);
}
