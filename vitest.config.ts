import { defineConfig } from 'vitest/config';

/**
 * Test layers show in the file name: *.test.ts(x) are unit tests beside the code,
 * *.integration.test.ts talk to real Redis and PostgreSQL, e2e/*.e2e.test.ts drive Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,core,server,workers}/src/**/*.test.ts', 'loadtest/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Files share their worker's modules: importing zod, drizzle and the domain once per
          // worker instead of once per file took the layer from 75 s to 25 s (passes shuffled).
          isolate: false,
        },
      },
      'client/vitest.config.ts',
      'client/vitest.logic.config.ts',
      {
        test: {
          name: 'integration',
          include: ['{core,server,workers}/src/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time is what two cores carry (three measured no faster).
          maxWorkers: 2,
          // Files share their worker's modules: importing the server, workers and drizzle once per worker
          // instead of once per file cut the summed import time from 303 s to 14 s (passes shuffled).
          // Caches of database facts are kept per database (checkout's product names), so files
          // cannot see each other's.
          isolate: false,
          // Projects with their own worker limits run as their own group, after the unit tests.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Whole installs (server, feed, matcher, workers) started inside the test process: each
          // file in a fresh worker, after the shared-module files, so no timer or connection an
          // earlier file left behind competes with their feeds (one such run missed a feed lock).
          name: 'integration:system',
          include: ['e2e/system/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
