import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin, type ProxyOptions } from 'vite';

const API_TARGET = process.env.BOURSE_API_TARGET ?? 'http://127.0.0.1:3000';
const BASE = '/www/';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
};

/**
 * Routes live at / while assets live under /www/, as on the real server: the dev and preview
 * servers answer index.html for every page navigation outside /www/ and the proxied paths.
 */
function historyFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '/';
    const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (isPage && !url.startsWith(BASE) && !url.startsWith('/api') && !url.startsWith('/socket.io')) {
      req.url = BASE;
    }
    next();
  };
  return {
    name: 'bourse-history-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  base: BASE,
  plugins: [historyFallback(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-size.ts reads the chunk graph from it.
    manifest: true,
    rolldownOptions: {
      // @bourse/shared is pure declarations (schemas, tables, helpers): a screen that needs one
      // locale helper must not pull zod and decimal.js in with the rest of its index.
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  server: { proxy },
  preview: { proxy },
});
