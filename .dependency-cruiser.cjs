/**
 * Import boundaries (`pnpm lint:deps`, part of `pnpm lint`): packages by runtime, no cycles.
 * See CONTRIBUTING.md for why each boundary is there.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes load order matter and keeps modules from being read or tested alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'workers-not-server',
      comment: 'Workers and server are siblings on @bourse/core: a worker process loads no HTTP edge.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-workers',
      comment: 'Workers and server are siblings on @bourse/core.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^workers/' },
    },
    {
      name: 'core-not-edges',
      comment: 'The domain and the platform know nothing of HTTP, sockets or job processors.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: ['^server/', '^workers/', '^client/'] },
    },
    {
      name: 'core-not-http-or-socket-server',
      comment: 'Express and the Socket.IO server belong to the server package.',
      severity: 'error',
      from: { path: '^core/' },
      to: {
        path: [
          '(^|/)node_modules/(express|socket[.]io|@bull-board/[^/]+|multer|helmet)/',
          '^(express|socket[.]io|@bull-board/[^/]+|multer|helmet)$',
        ],
      },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ runs in the browser and in Node: it imports no other package of ours.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['^server/', '^workers/', '^core/', '^client/'] },
    },
    {
      name: 'client-not-node-packages',
      comment: 'The client is a browser bundle: it talks to the server over HTTP and sockets only.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: ['^server/', '^workers/', '^core/'] },
    },
    {
      name: 'feature-through-its-index',
      comment:
        "A feature reaches another only through its public face, features/<name>/index.ts: what it does not export there may change without breaking anyone. Tests may set up another feature's internals.",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/', pathNot: '[.]test[.]tsx?$' },
      to: {
        path: '^client/src/features/[^/]+/',
        pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/index[.]ts$', '[.]css$'],
      },
    },
    {
      name: 'ui-kit-not-features',
      comment:
        'shared-ui/ and lib/ serve every feature, so they import none (a feature is free to import them).',
      severity: 'error',
      from: { path: '^client/src/(shared-ui|lib)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^client/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    combinedDependencies: false,
  },
};
