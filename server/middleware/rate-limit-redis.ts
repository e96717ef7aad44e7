// Rate-limit counters in Redis (REDIS_URL), so several server processes share one budget
// per client. One Lua script per hit does INCR and, on a window's first hit, PEXPIRE,
// atomically; it answers the count and the window's remaining time.
//
// Redis unreachable: the hit is counted in this process's memory instead (fail over to
// local limits, not fail open, not fail closed). Reads stay available and a single process
// still enforces its limit; the outage is logged once when it starts and once when it ends.

import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { MemoryCounterStore, type CounterStore, type WindowCount } from './rate-limit.js';

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

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

export class RedisCounterStore implements CounterStore {
  readonly redis: Redis;
  private readonly fallback = new MemoryCounterStore();
  private readonly prefix: string;
  private degraded = false;

  constructor(private readonly options: RedisCounterOptions) {
    this.prefix = options.prefix ?? 'ludex:ratelimit:';
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
   * connecting would be counted locally (there is no offline queue), so the server waits
   * for this before it listens.
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

  async hit(bucket: string, windowMs: number): Promise<WindowCount> {
    try {
      const counted = await this.evalHit(this.prefix + bucket, windowMs);
      if (this.degraded) {
        this.degraded = false;
        this.options.logger.warn('rate-limit counters are shared through Redis again');
      }
      return counted;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.options.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'Redis is unreachable: rate limits are counted per process until it is back',
        );
      }
      this.options.onFallback?.();
      return this.fallback.hitNow(bucket, windowMs);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private async evalHit(key: string, windowMs: number): Promise<WindowCount> {
    let reply: unknown;
    try {
      reply = await this.redis.evalsha(HIT_SHA, 1, key, windowMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      reply = await this.redis.eval(HIT_SCRIPT, 1, key, windowMs);
    }
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
      throw new Error('unexpected reply from the rate-limit script');
    }
    return { count: reply[0], ttlMs: reply[1] };
  }
}
