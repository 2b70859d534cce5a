import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { appVersionDefine } from './build/appVersion.ts';

export default defineProject({
  plugins: [react()],
  define: appVersionDefine,
  test: {
    name: 'client',
    root: import.meta.dirname,
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file: per file, jsdom's start-up and
    // re-importing React, the router and i18next took 200 of the project's 250 s. The setup
    // file resets the shared state each file would otherwise inherit.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
