// Rate-limit counters in Redis (REDIS_URL), so several server processes share one budget
// per client: rate-limiter-flexible's RateLimiterRedis (one Lua script per hit: the count
// and the window's remaining time, atomically).
//
// Redis unreachable: the hit is counted by an in-memory insurance limiter instead (fail
// over to local limits, not fail open, not fail closed). Reads stay available and a single
// process still enforces its limit; the outage is logged once when it starts and once when
// it ends.

import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { LimiterCounterStore, type WindowCount } from './rate-limit-counters.js';

export interface RedisCounterOptions {
  url: string;
  logger: Logger;
  /** Prefix of every key this store writes. */
  prefix?: string;
  /** A hit waits at most this long for Redis before counting locally. */
  timeoutMs?: number;
  /** Called for every hit counted locally because Redis failed (metrics). */
  onFallback?: () => void;
}

/** The in-memory limiter that counts a hit Redis could not; it tells the store each time. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    points: number,
    duration: number,
    private readonly onUse: () => void,
  ) {
    super({ points, duration });
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

export class RedisCounterStore extends LimiterCounterStore {
  readonly redis: Redis;
  private readonly keyPrefix: string;
  private degraded = false;
  /** Hits counted by the insurance limiters so far: a hit that adds none went through Redis. */
  private fallbacks = 0;

  constructor(private readonly options: RedisCounterOptions) {
    super();
    // rate-limiter-flexible joins prefix and bucket with ':'.
    this.keyPrefix = (options.prefix ?? 'ludex:ratelimit:').replace(/:$/, '');
    this.redis = new Redis(options.url, {
      // Fail fast instead of queueing hits while disconnected: a request never waits on Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.timeoutMs ?? 250,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    // Connection errors are reported through hits (degraded/recovered); keep them off stderr.
    this.redis.on('error', () => undefined);
  }

  /**
   * Waits until the connection is up (true) or `timeoutMs` passes (false). Hits sent while
   * connecting would be counted locally, so the server waits for this before it listens.
   */
  ready(timeoutMs = 2_000): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(up);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  protected createLimiter(points: number, duration: number): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: this.keyPrefix,
      points,
      duration,
      // Not connected: straight to the insurance limiter, no command attempted.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new InsuranceLimiter(points, duration, () => this.fellBack()),
    });
  }

  override async hit(bucket: string, limit: number, windowMs: number): Promise<WindowCount> {
    const before = this.fallbacks;
    const counted = await super.hit(bucket, limit, windowMs);
    if (this.degraded && this.fallbacks === before) {
      this.degraded = false;
      this.options.logger.warn('rate-limit counters are shared through Redis again');
    }
    return counted;
  }

  override async close(): Promise<void> {
    await super.close();
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private fellBack(): void {
    this.fallbacks += 1;
    if (!this.degraded) {
      this.degraded = true;
      this.options.logger.error(
        { redis: this.redis.status },
        'Redis is unreachable: rate limits are counted per process until it is back',
      );
    }
    this.options.onFallback?.();
  }
}
