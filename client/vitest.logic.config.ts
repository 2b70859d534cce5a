import { defineProject } from 'vitest/config';

/**
 * The client's logic tests (`*.test.ts`: stores, formatters, calculators) run in Node: a jsdom
 * per file cost about a second each and most never touch a document. A file that does says so
 * with a `// @vitest-environment jsdom` docblock. Components (`*.test.tsx`) are in vitest.config.ts.
 */
export default defineProject({
  test: {
    name: 'client:logic',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files share their worker's modules: importing i18next, zod and the stores once per worker
    // instead of once per file took the project from 85 s to 11 s.
    isolate: false,
    setupFiles: ['src/test/setup.logic.ts'],
    restoreMocks: true,
  },
});
