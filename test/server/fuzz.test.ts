// The cheap part of the chaos suite, in `npm test`: a seeded fuzz of hostile requests across
// every route, in process. 0 × 5xx, every error a problem body, no answer over 5 s. The
// chaos suite (`npm run test:chaos`, test/chaos/) sends thousands over a real listener.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/app-deps.js';
import { demoAppWith, TEST_BASE_URL, type TestApp } from '../helpers/app.js';
import { RequestFuzzer, runFuzz } from '../helpers/fuzz.js';
import { seeded } from '../helpers/seeded.js';

const SEED = 16;
const COUNT = 600;

describe('seeded fuzz across every route (in process)', () => {
  let t: TestApp & { deps: AppDeps };
  let admin: string;
  beforeAll(async () => {
    t = await demoAppWith(() => ({}));
    admin = (await t.deps.keys.create({ admin: true, name: 'fuzz' })).key;
  });
  afterAll(() => t.close());

  it(`answers ${COUNT} hostile requests (seed ${SEED}) with no 5xx, problems for every error, no hang`, {
    timeout: 120_000,
  }, async () => {
    const fuzzer = new RequestFuzzer(t.app, seeded(SEED), admin);
    const outcome = await runFuzz(fuzzer, COUNT, (request) =>
      t.app.fetch(
        new Request(`${TEST_BASE_URL}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        }),
      ),
    );
    console.log(
      `fuzz (in process, seed ${SEED}): ${JSON.stringify(outcome.statuses)}, longest ${Math.round(outcome.longestMs)} ms`,
    );
    expect(outcome.violations).toEqual([]);
    // The fuzz reaches past the edge: successes and each kind of refusal occur.
    for (const status of [200, 400, 404, 405]) expect(outcome.statuses[status], String(status)).toBeGreaterThan(0);
  });
});
