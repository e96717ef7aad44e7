// Rate-limit counters: fixed windows that open with a bucket's first hit. Shared counters go
// through rate-limiter-flexible, which fixes a budget (points per duration) per limiter
// instance, so a store keeps one limiter per (limit, window) pair; buckets name the caller
// and budget. RedisCounterStore (rate-limit-redis.ts) shares the counts between processes;
// MemoryCounterStore counts in this process, synchronously (window-counters.ts says why).

import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { type WindowCount, WindowCounters } from './window-counters.js';

export type { WindowCount } from './window-counters.js';

/**
 * Where window counters live. `hit` adds one to a bucket whose budget is `limit` per
 * `windowMs` and answers the new count atomically; the count keeps growing past the limit.
 */
export interface CounterStore {
  hit(bucket: string, limit: number, windowMs: number): Promise<WindowCount>;
  /** The same count, answered at once: a store in this process's memory has it. */
  hitNow?(bucket: string, limit: number, windowMs: number): WindowCount;
  close(): Promise<void>;
}

/** A store over rate-limiter-flexible limiters, one per (limit, window). */
export abstract class LimiterCounterStore implements CounterStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  /** The limiter of `points` hits per `durationSeconds`. */
  protected abstract createLimiter(points: number, durationSeconds: number): RateLimiterAbstract;

  async hit(bucket: string, limit: number, windowMs: number): Promise<WindowCount> {
    const name = `${limit}/${windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = this.createLimiter(limit, windowMs / 1000);
      this.limiters.set(name, limiter);
    }
    let answer: RateLimiterRes;
    try {
      answer = await limiter.consume(bucket);
    } catch (refused) {
      // Over the budget the library rejects with the same answer; anything else is a failure.
      if (!(refused instanceof RateLimiterRes)) throw refused;
      answer = refused;
    }
    return { count: answer.consumedPoints, ttlMs: answer.msBeforeNext };
  }

  close(): Promise<void> {
    this.limiters.clear();
    return Promise.resolve();
  }
}

/** Counters in this process's memory: the default, right for a single server process. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new WindowCounters();

  hit(bucket: string, limit: number, windowMs: number): Promise<WindowCount> {
    return Promise.resolve(this.counters.hit(bucket, limit, windowMs));
  }

  hitNow(bucket: string, limit: number, windowMs: number): WindowCount {
    return this.counters.hit(bucket, limit, windowMs);
  }

  close(): Promise<void> {
    this.counters.clear();
    return Promise.resolve();
  }
}
