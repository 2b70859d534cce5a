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
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
