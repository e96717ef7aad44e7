// Redis stopped and restarted under load: the server shares its rate-limit counters through a
// private redis-server (its own port, no persistence), which is killed while clients keep
// sending requests, then started again. Every request must still be answered — no 5xx, no
// hang — while the limits fall back to per-process counting and back.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { killChild, serveChild, stopChild } from '../helpers/child-server.js';
import { MAX_ANSWER_MS } from '../helpers/fuzz.js';
import { tempDirs } from '../helpers/temp.js';
import { discardLogs, report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-redis-');
const REDIS_PORT = 6390;

async function startRedis(): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(REDIS_PORT, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return redis;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis-server did not start');
}

describe('chaos: Redis stopped and restarted under load', () => {
  it('answers every request throughout, without 5xx or hangs', async () => {
    let redis = await startRedis();
    const server = await serveChild({
      env: {
        LUDEX_DATA_DIR: tempDir(),
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        RATE_LIMIT_ANONYMOUS: '10000000',
        API_KEY_SECRET: 'chaos-secret-0123456789abcdef0123',
      },
    });
    discardLogs(server.logs);
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    let longest = 0;
    let stop = false;
    const paths = ['/v1/games?players=4', '/v1/games/catan', '/v1/games/search', '/v1/mechanics', '/readyz'];
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const path = paths[(n + i) % paths.length];
        const started = performance.now();
        try {
          const response =
            path === '/v1/games/search'
              ? await fetch(`${server.url}${path}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: '{"mode":"cooperative"}',
                  signal: AbortSignal.timeout(MAX_ANSWER_MS),
                })
              : await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(MAX_ANSWER_MS) });
          await response.arrayBuffer();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.status >= 500 && path !== '/readyz') failures.push(`${path} → ${response.status}`);
        } catch (error) {
          failures.push(`${path}: ${String(error)}`);
        }
        longest = Math.max(longest, performance.now() - started);
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    const phase = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await phase(1_500);
      // Redis goes away abruptly, under load.
      await killChild(redis);
      await phase(3_000);
      redis = await startRedis();
      await phase(3_000);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    expect(await stopChild(server.process)).toBe(0);
    redis.kill('SIGTERM');
    await once(redis, 'exit');
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    report('Redis stopped and restarted under load', {
      requests: total,
      statuses,
      failures: failures.length,
      longest_ms: Math.round(longest),
    });
    expect(failures).toEqual([]);
    expect(longest).toBeLessThan(MAX_ANSWER_MS);
    expect(total).toBeGreaterThan(100);
  });
});
