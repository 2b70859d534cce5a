/**
 * Prints the gzipped JavaScript a first visit downloads before the first screen shows: the
 * entry with its static imports, the /home screen's chunk with its own, and the catalogues
 * of the default language (plus the zh-CN fallback). Then the same sum for each page that
 * Lighthouse measures (scripts/bench-lighthouse.ts), opened first: the entry, that page's
 * screen chunk with its static imports, and the zh-CN catalogues its route waits for. Then, for
 * the record and outside the budget, what loads after that: the market data layer home fills
 * itself from, and the chart library of the stock screen. Run after `vite build`:
 *   pnpm exec tsx client/scripts/bundle-size.ts [budgetKB]
 * Exits 1 when any page's total passes the budget (default 170 KB, issue 3).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  /** A shared chunk's name: the module it was made for. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const budgetKb = Number(process.argv[2] ?? 170);

function withStaticImports(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const findKey = (test: (key: string) => boolean, what: string): string => {
  const key = Object.keys(manifest).find(test);
  if (!key) throw new Error(`bundle-size: no chunk for ${what} in the manifest`);
  return key;
};

const entry = findKey((k) => manifest[k]?.isEntry === true, 'the entry');
const groups: [string, string[]][] = [
  ['entry (react, router, i18n, guard, shell)', [entry]],
  ['/home screen', [findKey((k) => k.endsWith('features/home/HomeScreen.tsx'), '/home')]],
  [
    'catalogues zh-CN (default and fallback)',
    [
      findKey((k) => k.endsWith('i18n/locales/zh-CN.json'), 'zh-CN translation'),
      findKey((k) => k.endsWith('i18n/errors/zh-CN.json'), 'zh-CN errors'),
    ],
  ],
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Gzipped bytes of the JS chunks of `roots` and their static imports, each chunk counted once in `counted`. */
function measure(roots: readonly string[], counted = new Set<string>()): number {
  let bytes = 0;
  for (const root of roots) {
    for (const key of withStaticImports(root)) {
      const file = manifest[key]?.file;
      if (!file?.endsWith('.js') || counted.has(file)) continue;
      counted.add(file);
      bytes += gzipSync(readFileSync(join(dist, file))).length;
    }
  }
  return bytes;
}

const counted = new Set<string>();
let total = 0;
for (const [label, roots] of groups) {
  const group = measure(roots, counted);
  total += group;
  console.log(`${label.padEnd(44)} ${kb(group).padStart(9)} gzipped`);
}
console.log(
  `${'initial route JS, total'.padEnd(44)} ${kb(total).padStart(9)} gzipped (budget ${budgetKb} KB)`,
);

/** A page opened first: its screen's module, and the namespaces its route loads before it renders (app/routes.tsx). */
const pages: { path: string; screen: string; namespaces: string[] }[] = [
  { path: '/home', screen: 'features/home/HomeScreen.tsx', namespaces: [] },
  { path: '/market', screen: 'features/market/MarketScreen.tsx', namespaces: [] },
  { path: '/stockInfo/:code', screen: 'features/stock/StockInfoScreen.tsx', namespaces: [] },
  { path: '/trade', screen: 'features/trade/TradeScreen.tsx', namespaces: [] },
  { path: '/shares/new', screen: 'features/ipo/screens.ts', namespaces: ['ipo'] },
  { path: '/my', screen: 'features/me/MyScreen.tsx', namespaces: [] },
  { path: '/shop', screen: 'features/store/screens.ts', namespaces: ['store'] },
  { path: '/detail/:id', screen: 'features/store/screens.ts', namespaces: ['store'] },
];
const catalogues = groups[2]?.[1] ?? [];
let overBudget = total > budgetKb * 1024;
console.log('first screen of each page (entry, screen, zh-CN catalogues):');
for (const { path, screen, namespaces } of pages) {
  const roots = [
    entry,
    findKey((k) => k.endsWith(screen), path),
    ...catalogues,
    ...namespaces.map((ns) => findKey((k) => k.endsWith(`i18n/locales/zh-CN/${ns}.json`), `zh-CN ${ns}`)),
  ];
  const bytes = measure(roots);
  if (bytes > budgetKb * 1024) overBudget = true;
  console.log(`  ${path.padEnd(42)} ${kb(bytes).padStart(9)} gzipped (budget ${budgetKb} KB)`);
}

const later: [string, string[]][] = [
  [
    'then: market data layer (socket.io, zod)',
    [
      findKey((k) => k.endsWith('features/market/data/market.ts'), 'the market connection'),
      // Its own entry while only dynamically imported, a shared chunk once screens import it too.
      findKey(
        (k) => k.endsWith('features/market/data/marketApi.ts') || manifest[k]?.name === 'marketApi',
        'the market REST calls',
      ),
    ],
  ],
  [
    'stock screen charts (lightweight-charts)',
    [findKey((k) => k.endsWith('features/stock/charts/KlineChart.tsx'), 'the K-line chart')],
  ],
];
for (const [label, roots] of later) {
  console.log(
    `${label.padEnd(44)} ${kb(measure(roots, counted)).padStart(9)} gzipped (not in the initial route)`,
  );
}
if (overBudget) process.exitCode = 1;
