// The seeded fuzz at full size over a real listener (`ludex serve` as a child process):
// 5,000 hostile requests across every route, eight at a time. 0 × 5xx, every error a
// problem body, no answer slower than 5 s. The same generator runs 600 requests in process
// in `npm test` (test/server/fuzz.test.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/app-deps.js';
import { demoAppWith, type TestApp } from '../helpers/app.js';
import { type ChildServer, serveChild, stopChild } from '../helpers/child-server.js';
import { MAX_ANSWER_MS, RequestFuzzer, runFuzz } from '../helpers/fuzz.js';
import { seeded } from '../helpers/seeded.js';
import { tempDirs } from '../helpers/temp.js';
import { discardLogs, report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-fuzz-');
const SEED = 20_261_125;
const COUNT = 5_000;

describe('chaos: seeded fuzz over a real listener', () => {
  let server: ChildServer;
  // The route list comes from an in-process app: the same routes the child serves.
  let routes: TestApp & { deps: AppDeps };
  beforeAll(async () => {
    routes = await demoAppWith(() => ({}));
    server = await serveChild({
      env: {
        LUDEX_DATA_DIR: tempDir(),
        RATE_LIMIT_ANONYMOUS: '10000000',
        RATE_LIMIT_AUTHENTICATED: '10000000',
        API_KEY_SECRET: 'chaos-secret-0123456789abcdef0123',
      },
      ready: 'Ludex is serving',
    });
    discardLogs(server.logs);
  });
  afterAll(async () => {
    await stopChild(server.process);
    await routes.close();
  });

  it(`answers ${COUNT} hostile requests (seed ${SEED}) with no 5xx, problems for every error, none over 5 s`, async () => {
    const fuzzer = new RequestFuzzer(routes.app, seeded(SEED), server.adminKey ?? '');
    const outcome = await runFuzz(
      fuzzer,
      COUNT,
      (request) =>
        fetch(`${server.url}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(MAX_ANSWER_MS + 1_000),
        }),
      8,
    );
    report('seeded fuzz over a real listener', {
      seed: SEED,
      requests: outcome.count,
      statuses: outcome.statuses,
      violations: outcome.violations.length,
      longest_ms: Math.round(outcome.longestMs),
    });
    expect(outcome.violations).toEqual([]);
    expect(outcome.longestMs).toBeLessThan(MAX_ANSWER_MS);
  });
});
