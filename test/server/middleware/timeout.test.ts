// The request timeout: a route slower than the budget is a 503 problem with Retry-After; a
// route that answered synchronously passes straight through, with no timer.

import { mockEvent } from 'h3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeout } from '../../../server/middleware/timeout.js';
import { ApiProblem } from '../../../server/problem.js';
import { answeredApp, fetchApp } from './mini-app.js';

const resolveAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a synchronous answer on as it is, without starting a timer', () => {
    vi.useFakeTimers();
    expect(timeout(10)(mockEvent('/'), () => 'now')).toBe('now');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a route that answers in time, and clears its timer', async () => {
    vi.useFakeTimers();
    const answer = timeout(1_000)(mockEvent('/'), () => Promise.resolve('soon'));
    expect(vi.getTimerCount()).toBe(1);
    expect(await answer).toBe('soon');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers a route slower than the budget with a 503 problem and Retry-After', async () => {
    const app = answeredApp([timeout(30)], {
      '/slow': () => resolveAfter(1_000, 'late'),
      '/fast': () => resolveAfter(1, 'fast'),
    });
    const started = performance.now();
    const reply = await fetchApp(app, '/slow');
    expect(performance.now() - started).toBeLessThan(900);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(((await reply.json()) as { detail: string }).detail).toContain('30 ms');
    expect(await (await fetchApp(app, '/fast')).text()).toBe('fast');
  });

  it('lets a route’s own error through unchanged', async () => {
    const problem = new ApiProblem('conflict', 'no');
    await expect(timeout(1_000)(mockEvent('/'), () => Promise.reject(problem))).rejects.toBe(problem);
  });
});
