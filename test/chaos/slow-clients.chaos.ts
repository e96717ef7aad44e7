// Slow clients: connections that send their headers a byte at a time, or declare a body and
// stall, alongside ordinary clients. The ordinary clients are answered promptly throughout;
// the slow ones get a 408 problem (REQUEST_TIMEOUT_MS, short here) or are cut off, never
// holding the server.

import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveChild, stopChild } from '../helpers/child-server.js';
import { MAX_ANSWER_MS } from '../helpers/fuzz.js';
import { tempDirs } from '../helpers/temp.js';
import { discardLogs, report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-slow-');
const TIMEOUT_MS = 2_000;

/** Opens a connection that misbehaves as `kind` says; resolves with what the server answered. */
function slowClient(port: number, kind: 'headers' | 'body'): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer.split('\r\n')[0] || 'closed without an answer');
    });
    socket.on('connect', () => {
      if (kind === 'headers') {
        // An endless header block, one byte at a time.
        const text = 'GET /v1/games HTTP/1.1\r\nHost: x\r\nX-Slow: ';
        let i = 0;
        timer = setInterval(() => {
          if (socket.writable) socket.write(i < text.length ? text[i++] : 'a');
        }, 100);
      } else {
        socket.write(
          'POST /v1/games/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mode":',
        );
      }
    });
  });
}

describe('chaos: slow clients', () => {
  it('answers ordinary clients promptly while slow ones time out with 408', async () => {
    const server = await serveChild({
      env: { LUDEX_DATA_DIR: tempDir(), REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMIT_ANONYMOUS: '10000000' },
    });
    const port = Number(new URL(server.url).port);
    discardLogs(server.logs);
    const slow = [
      ...Array.from({ length: 20 }, () => slowClient(port, 'headers')),
      ...Array.from({ length: 20 }, () => slowClient(port, 'body')),
    ];
    const statuses: Record<number, number> = {};
    let longest = 0;
    const failures: string[] = [];
    const deadline = Date.now() + TIMEOUT_MS * 2;
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}/v1/games?players=4`, {
          signal: AbortSignal.timeout(MAX_ANSWER_MS),
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status !== 200) failures.push(String(response.status));
      } catch (error) {
        failures.push(String(error));
      }
      longest = Math.max(longest, performance.now() - started);
    }
    const slowAnswers = await Promise.all(slow);
    const slowCounted: Record<string, number> = {};
    for (const line of slowAnswers) slowCounted[line] = (slowCounted[line] ?? 0) + 1;
    expect(await stopChild(server.process)).toBe(0);
    report('slow clients', {
      ordinary_requests: Object.values(statuses).reduce((a, b) => a + b, 0),
      ordinary_statuses: statuses,
      longest_ordinary_ms: Math.round(longest),
      slow_clients: slowCounted,
    });
    expect(failures).toEqual([]);
    expect(longest).toBeLessThan(MAX_ANSWER_MS);
    for (const line of slowAnswers) expect(line).toMatch(/^HTTP\/1\.1 408 |^closed without an answer$/);
    expect(slowAnswers.filter((line) => line.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0);
  });
});
