// The synchronous in-memory counters count exactly as rate-limiter-flexible's RateLimiterMemory
// (which they replace for a single process): the same counts and the same time left in the
// window, hit for hit, across windows closing and buckets and budgets kept apart.

import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowCounters } from '../../../server/middleware/window-counters.js';

/** The library's answer to one hit, as the Redis store reads it. */
async function libraryHit(limiter: RateLimiterMemory, bucket: string): Promise<{ count: number; ttlMs: number }> {
  try {
    const res = await limiter.consume(bucket);
    return { count: res.consumedPoints, ttlMs: res.msBeforeNext };
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    return { count: refused.consumedPoints, ttlMs: refused.msBeforeNext };
  }
}

describe('WindowCounters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers what RateLimiterMemory answers, hit for hit', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const counters = new WindowCounters();
    const limiters = new Map<string, RateLimiterMemory>();
    const library = (limit: number, windowMs: number) => {
      const name = `${limit}/${windowMs}`;
      let limiter = limiters.get(name);
      if (!limiter) {
        limiter = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
        limiters.set(name, limiter);
      }
      return limiter;
    };
    // Two budgets sharing a bucket name, several buckets, steps that cross window ends.
    const steps: [string, number, number, number][] = [
      ['ip:a', 3, 60_000, 0],
      ['ip:a', 3, 60_000, 10_000],
      ['ip:b', 3, 60_000, 1],
      ['ip:a', 3, 60_000, 20_000],
      ['ip:a', 3, 60_000, 5_000],
      ['ip:a', 10, 3_600_000, 0],
      ['ip:a', 3, 60_000, 24_999],
      ['ip:a', 3, 60_000, 1],
      ['ip:b', 3, 60_000, 0],
      ['ip:a', 10, 3_600_000, 120_000],
      ['ip:a', 3, 60_000, 59_999],
      ['ip:a', 3, 60_000, 1],
    ];
    for (const [bucket, limit, windowMs, advance] of steps) {
      vi.advanceTimersByTime(advance);
      const ours = counters.hit(bucket, limit, windowMs);
      expect(ours).toEqual(await libraryHit(library(limit, windowMs), bucket));
    }
  });

  it('drops closed windows, so a client gone quiet holds no memory', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const counters = new WindowCounters();
    counters.hit('ip:gone', 5, 1_000);
    counters.hit('ip:gone', 5, 1_000);
    expect(counters.size).toBe(1);
    vi.advanceTimersByTime(2_000);
    // The next hit of the budget sweeps the closed window away.
    counters.hit('ip:other', 5, 1_000);
    expect(counters.size).toBe(1);
    expect(counters.hit('ip:gone', 5, 1_000)).toEqual({ count: 1, ttlMs: 1_000 });
    expect(counters.size).toBe(2);
  });
});
