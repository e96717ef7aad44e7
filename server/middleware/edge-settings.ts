// What the edge is configured with (server/main.ts reads it from the environment), and the
// settings of an app whose caller names none.

import type { CorsSettings } from './cors.js';
import { MemoryCounterStore } from './rate-limit-counters.js';
import type { RateLimitSettings } from './rate-limit.js';

export interface EdgeSettings {
  /** null: no rate limiting and no X-RateLimit-* headers. */
  rateLimit: RateLimitSettings | null;
  cors: CorsSettings;
  /** REQUEST_TIMEOUT_MS: a handler slower than this is answered with a 503 problem. */
  requestTimeoutMs: number;
}

/**
 * Edge settings when the caller names none: CORS for any origin, the default timeout, and
 * limits so high they never throttle (in-process test suites send thousands of requests
 * from one "address"). The server passes its configured settings (server/main.ts).
 */
export function edgeDefaults(): EdgeSettings {
  return {
    rateLimit: {
      anonymous: 1_000_000,
      authenticated: 10_000_000,
      windowMs: 60_000,
      trustProxy: false,
      store: new MemoryCounterStore(),
      exports: { limit: 1_000_000, windowMs: 3_600_000 },
    },
    cors: { origins: '*', maxAgeSeconds: 600 },
    requestTimeoutMs: 30_000,
  };
}
