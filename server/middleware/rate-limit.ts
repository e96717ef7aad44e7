// Rate limits (SPEC-NOTES D35): fixed windows per client IP (anonymous) or per key. A
// window opens with the first hit of a bucket and lasts `windowMs`; the counter store
// (rate-limiter-flexible, server/middleware/rate-limit-counters.ts) decides where counts
// live: this process, or Redis shared by several processes.

import type { H3Event } from 'h3';
import { getRequestIP } from 'h3';
import { API_KEY_HEADER, callerKey } from '../auth/guard.js';
import type { ApiKeys } from '../auth/api-keys.js';
import { ApiProblem } from '../problem.js';
import type { CounterStore, WindowCount } from './rate-limit-counters.js';
import type { HeaderSink } from './staged-headers.js';

export { MemoryCounterStore, type CounterStore, type WindowCount } from './rate-limit-counters.js';

export interface RateLimitSettings {
  /** Requests per window without a key (RATE_LIMIT_ANONYMOUS). */
  anonymous: number;
  /** Requests per window with a key (RATE_LIMIT_AUTHENTICATED). */
  authenticated: number;
  windowMs: number;
  /** TRUST_PROXY: the left-most X-Forwarded-For entry names the client. */
  trustProxy: boolean;
  store: CounterStore;
  /**
   * The separate budget of export requests (D35: 10 per hour per key; per address without
   * one), counted on top of the request budget. Omitted: exports only count as requests.
   */
  exports?: { limit: number; windowMs: number };
}

/** Paths that draw on the export budget as well. */
export function isExportPath(pathname: string): boolean {
  return pathname.startsWith('/v1/export/');
}

export type Tier = 'anonymous' | 'key';
export type Budget = 'requests' | 'exports';

/** What a limited request was told: the X-RateLimit-* headers it carries. */
export interface RateLimitVerdict {
  tier: Tier;
  budget: Budget;
  /** Length of the window, for the problem's wording. */
  windowMs: number;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window closes. */
  resetAt: number;
  retryAfterSeconds: number;
  allowed: boolean;
}

/** Paths that are never limited: probes and metrics must answer an orchestrator always. */
export function isRateLimitExempt(pathname: string): boolean {
  return pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics';
}

/** Longest address kept in a bucket name (IPv6 with a zone fits); the rest is client noise. */
const MAX_ADDRESS_LENGTH = 64;

export function clientAddress(event: H3Event, trustProxy: boolean): string {
  const address = getRequestIP(event, { xForwardedFor: trustProxy })?.trim().slice(0, MAX_ADDRESS_LENGTH);
  return address || 'unknown';
}

/** What counting a request answered; `chargeExport` on export paths only. */
export interface RateCheck {
  verdict: RateLimitVerdict;
  error?: ApiProblem;
  chargeExport?: () => Promise<RateLimitVerdict>;
}

export class RateLimiter {
  constructor(
    private readonly settings: RateLimitSettings,
    private readonly keys: ApiKeys,
  ) {}

  /**
   * Counts the request against its caller's budget. A key that is sent but invalid counts
   * against the client address (so guessing keys is limited too) and its 401 is rethrown
   * after counting; `error` carries it so the caller can still attach the headers. A request
   * without a key counted by a store in this process's memory is answered at once.
   */
  check(event: H3Event): RateCheck | Promise<RateCheck> {
    const store = this.settings.store;
    if (store.hitNow === undefined || event.req.headers.get(API_KEY_HEADER) !== null) return this.checkCaller(event);
    const bucket = this.addressBucket(event);
    const { anonymous: limit, windowMs } = this.settings;
    const verdict = this.verdict(store.hitNow(bucket, limit, windowMs), 'anonymous', 'requests', limit, windowMs);
    return this.withExports(event, verdict, undefined, bucket, 'anonymous');
  }

  /** The bucket of a request counted against its client address. */
  private addressBucket(event: H3Event): string {
    return `ip:${clientAddress(event, this.settings.trustProxy)}`;
  }

  private async checkCaller(event: H3Event): Promise<RateCheck> {
    let bucket: string;
    let tier: Tier;
    let error: ApiProblem | undefined;
    try {
      const caller = await callerKey(event, this.keys);
      tier = caller === null ? 'anonymous' : 'key';
      bucket = caller === null ? this.addressBucket(event) : `key:${caller.id}`;
    } catch (thrown) {
      if (!(thrown instanceof ApiProblem)) throw thrown;
      error = thrown;
      tier = 'anonymous';
      bucket = this.addressBucket(event);
    }
    const limit = tier === 'key' ? this.settings.authenticated : this.settings.anonymous;
    const requests = await this.count(bucket, tier, 'requests', limit, this.settings.windowMs);
    return this.withExports(event, requests, error, bucket, tier);
  }

  private withExports(
    event: H3Event,
    requests: RateLimitVerdict,
    error: ApiProblem | undefined,
    bucket: string,
    tier: Tier,
  ): RateCheck {
    const exports = this.settings.exports;
    if (!requests.allowed || !exports || !isExportPath(event.url.pathname)) return { verdict: requests, error };
    // The export budget is charged by the route once the request is valid: a 400 spends
    // none of it. An export then reports its own, smaller budget.
    const chargeExport = () => this.count(`export:${bucket}`, tier, 'exports', exports.limit, exports.windowMs);
    return { verdict: requests, error, chargeExport };
  }

  private async count(
    bucket: string,
    tier: Tier,
    budget: Budget,
    limit: number,
    windowMs: number,
  ): Promise<RateLimitVerdict> {
    return this.verdict(await this.settings.store.hit(bucket, limit, windowMs), tier, budget, limit, windowMs);
  }

  private verdict(
    { count, ttlMs }: WindowCount,
    tier: Tier,
    budget: Budget,
    limit: number,
    windowMs: number,
  ): RateLimitVerdict {
    return {
      tier,
      budget,
      windowMs,
      limit,
      remaining: Math.max(0, limit - count),
      resetAt: Math.ceil((Date.now() + ttlMs) / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
      allowed: count <= limit,
    };
  }
}

/** The X-RateLimit-* headers of a verdict, and Retry-After when it refused. */
export function setRateLimitHeaders(headers: HeaderSink, verdict: RateLimitVerdict): void {
  headers.set('x-ratelimit-limit', String(verdict.limit));
  headers.set('x-ratelimit-remaining', String(verdict.remaining));
  headers.set('x-ratelimit-reset', String(verdict.resetAt));
  if (!verdict.allowed) headers.set('retry-after', String(verdict.retryAfterSeconds));
}

export function rateLimitedProblem(verdict: RateLimitVerdict): ApiProblem {
  const who = verdict.tier === 'key' ? 'this API key' : 'this client address';
  const per =
    verdict.windowMs === 3_600_000 ? 'hour' : verdict.windowMs === 60_000 ? 'minute' : `${verdict.windowMs / 1000} s`;
  const what = verdict.budget === 'exports' ? 'exports' : 'requests';
  return new ApiProblem(
    'rate-limited',
    `The limit of ${verdict.limit} ${what} per ${per} for ${who} is used up; try again in ${verdict.retryAfterSeconds} s.` +
      (verdict.tier === 'anonymous' && verdict.budget === 'requests'
        ? ' An API key (X-API-Key) raises the limit.'
        : ''),
  );
}
