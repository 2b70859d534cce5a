import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appVersionDefine } from './build/appVersion.ts';
import { precompress } from './build/precompress.ts';

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

/** Paths the server answers itself: a navigation there never gets the app shell. */
const SERVER_PATHS = [/^\/api\//, /^\/socket\.io\//, /^\/admin\/queues/];

/**
 * Installable app and offline shell (docs/adr/0022-installable-shell.md): the service worker
 * precaches the built shell and answers page navigations with index.html, so a reload offline
 * shows the app in its offline state. API and socket traffic (balances, orders, quotes) always
 * goes to the network. A new build waits until the user taps "Reload" (registerType prompt).
 * The worker also shows Web Push notifications: public/push-sw.js, imported into the generated
 * worker (docs/adr/0031-web-push.md).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  // The worker is served from /www/ but controls the pages at / (Service-Worker-Allowed: /).
  scope: '/',
  includeAssets: ['favicon.svg', 'zod-jitless.js', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/home',
    name: 'Bourse',
    short_name: 'Bourse',
    description: 'A-share trading, simulated',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f4f5f7',
    theme_color: '#ffffff',
    icons: [
      { src: '/www/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/www/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/www/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: `${BASE}index.html`,
    navigateFallbackDenylist: [...SERVER_PATHS, /^\/www\//],
    runtimeCaching: [
      {
        // Serialised into sw.js by its source text, so it names its paths itself.
        urlPattern: ({ url }) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/'),
        handler: 'NetworkOnly',
      },
    ],
    cleanupOutdatedCaches: true,
    importScripts: [`${BASE}push-sw.js`],
  },
});

export default defineConfig({
  base: BASE,
  define: appVersionDefine,
  // precompress runs last: it compresses the service worker and manifest the PWA plugin wrote.
  plugins: [historyFallback(), react(), pwa, precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-size.ts reads the chunk graph from it.
    manifest: true,
    // No <link rel=modulepreload> per dependency of a lazy screen: under Lighthouse's phone run
    // (service worker in control) appending them was 50-75 % of a 45-78 ms task on the screen's
    // start, one or two milliseconds a link and forty links a screen. The browser now finds a
    // chunk's imports as it parses it; a screen's CSS is still loaded with it.
    modulePreload: false,
    rolldownOptions: {
      // @bourse/shared is pure declarations (schemas, tables, helpers): a screen that needs one
      // locale helper must not pull zod and decimal.js in with the rest of its index.
      // A feature's module is kept only when something it exports is used: another feature
      // reaches it through the feature's index.ts, which must not drag in the rest (a socket, a
      // store) with it. Its stylesheets are kept as imported.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]client[\\/]src[\\/]features[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // zod in one chunk of its own: left to the automatic split, a small piece of it
          // (z.coerce) joined decimal.js's chunk, and every screen that computes with Dec
          // loaded all of zod through it.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
