// Who is calling: anonymous, or the holder of an active key. A key that is sent but unknown
// or revoked is a 401, never a silent downgrade to anonymous (SPEC-NOTES D34).

import type { H3Event } from 'h3';
import { ApiProblem } from '../problem.js';
import type { ApiKeyInfo, ApiKeys, Scope } from './api-keys.js';

export const API_KEY_HEADER = 'x-api-key';

const RESOLVED = Symbol('ludex.apiKey');
type Caller = ApiKeyInfo | null;
type EventWithCaller = H3Event & { context: { [RESOLVED]?: Caller } };

/** The caller's key (null when anonymous); resolved once per request. */
export async function callerKey(event: H3Event, keys: ApiKeys): Promise<ApiKeyInfo | null> {
  const context = (event as EventWithCaller).context;
  const cached = context[RESOLVED];
  if (cached !== undefined) return cached;
  const sent = event.req.headers.get(API_KEY_HEADER);
  let caller: Caller = null;
  if (sent !== null) {
    caller = sent.trim() === '' ? null : await keys.authenticate(sent.trim());
    if (caller === null) {
      throw new ApiProblem(
        'unauthorized',
        'The X-API-Key header names no active key (unknown or revoked).',
        [{ field: 'X-API-Key', message: 'is not an active API key', code: 'invalid_key' }],
        { 'www-authenticate': 'ApiKey header="X-API-Key"' },
      );
    }
  }
  context[RESOLVED] = caller;
  return caller;
}

/** The id of the key this request was resolved to, if it was (for logs; never the key itself). */
export function resolvedKeyId(event: H3Event): string | undefined {
  return (event as EventWithCaller).context[RESOLVED]?.id;
}

/** The caller's key, which must exist and carry the scope: 401 without a key, 403 without the scope. */
export async function requireKey(event: H3Event, keys: ApiKeys, scope: Scope): Promise<ApiKeyInfo> {
  const caller = await callerKey(event, keys);
  if (caller === null) {
    throw new ApiProblem(
      'unauthorized',
      scope === 'admin'
        ? 'This route needs an admin API key in the X-API-Key header.'
        : 'Writing needs an API key in the X-API-Key header.',
      [{ field: 'X-API-Key', message: 'is required', code: 'missing_key' }],
      { 'www-authenticate': 'ApiKey header="X-API-Key"' },
    );
  }
  if (scope === 'admin' && !caller.admin) {
    throw new ApiProblem('forbidden', 'This route needs a key with the admin scope; the key sent has none.', [
      { field: 'X-API-Key', message: 'lacks the admin scope', code: 'insufficient_scope' },
    ]);
  }
  return caller;
}
