// The rate limit at the edge (SPEC-NOTES D35): every request outside the exempt paths is
// counted before anything else is checked; one over its budget is refused with 429, and
// every answer after counting (successes, problems, 304s) tells the client its budget.
// Preflights never get here (server/middleware/cors.ts answers them first).

import type { H3Event, Middleware } from 'h3';
import type { Counter } from 'prom-client';
import type { ApiKeys } from '../auth/api-keys.js';
import {
  isRateLimitExempt,
  rateLimitedProblem,
  type RateCheck,
  RateLimiter,
  setRateLimitHeaders,
  type RateLimitSettings,
  type RateLimitVerdict,
} from './rate-limit.js';
import type { HeaderSink } from './staged-headers.js';

declare module 'h3' {
  interface H3EventContext {
    /** What the rate limit told this request, once it was counted. */
    rateLimit?: RateLimitVerdict;
    /** Export routes call this once the request is valid: it charges the export budget (429 when spent). */
    chargeExport?: () => Promise<void>;
  }
}

const unlimited: Middleware = (_event, next) => next();

/**
 * Counts each request against its caller's budget. `settings` null: no limits (and no
 * headers). `rejections` counts the 429s by tier and budget.
 */
export function rateLimit(
  settings: RateLimitSettings | null,
  keys: ApiKeys,
  rejections: Counter<'tier' | 'budget'>,
): Middleware {
  if (settings === null) return unlimited;
  const limiter = new RateLimiter(settings, keys);
  /** The request was counted: its verdict goes on the event; over budget, or a bad key, it stops here. */
  const admit = ({ verdict, error, chargeExport }: RateCheck, event: H3Event, next: () => unknown): unknown => {
    event.context.rateLimit = verdict;
    if (chargeExport)
      event.context.chargeExport = async () => {
        const exportVerdict = await chargeExport();
        event.context.rateLimit = exportVerdict;
        if (!exportVerdict.allowed) {
          rejections.inc({ tier: exportVerdict.tier, budget: exportVerdict.budget });
          throw rateLimitedProblem(exportVerdict);
        }
      };
    if (!verdict.allowed) {
      rejections.inc({ tier: verdict.tier, budget: verdict.budget });
      throw rateLimitedProblem(verdict);
    }
    // An invalid key was counted against the address; its 401 goes out with the headers.
    if (error) throw error;
    return next();
  };
  return (event, next) => {
    if (isRateLimitExempt(event.url.pathname)) return next();
    // Counted in this process's memory, a request without a key needs no promise.
    const counted = limiter.check(event);
    return counted instanceof Promise
      ? counted.then((check) => admit(check, event, next))
      : admit(counted, event, next);
  };
}

/** Answer headers: X-RateLimit-* (and Retry-After on a 429) once the request was counted. */
export function rateLimitHeaders(headers: HeaderSink, event: H3Event): void {
  const verdict = event.context.rateLimit;
  if (verdict) setRateLimitHeaders(headers, verdict);
}
