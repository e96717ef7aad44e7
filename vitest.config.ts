import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // DuckDB and the property suites are CPU-bound; two cores on the reference machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
