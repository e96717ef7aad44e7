// `npm run test:chaos`: the chaos suite (test/chaos/*.chaos.ts), slow by design and kept out
// of `npm test`: kill -9 during vote bursts and during a materialization, Redis stopped and
// restarted under load, slow clients, and a seeded fuzz of thousands of hostile requests.
// One file at a time: each starts servers (and a private Redis) of its own.

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
