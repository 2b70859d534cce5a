/**
 * Prints the gzipped JavaScript a first visit downloads before the first screen shows: the
 * entry with its static imports, the /home screen's chunk with its own, and the catalogues
 * of the default language (plus the zh-CN fallback). Then, for the record and outside the
 * budget, what loads after that: the market data layer home fills itself from, and the chart
 * library of the stock screen. Run after `vite build`:
 *   pnpm exec tsx client/scripts/bundle-size.ts [budgetKB]
 * Exits 1 when the total passes the budget (default 170 KB, issue 3).
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

const counted = new Set<string>();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Gzipped bytes of the JS chunks of `roots` and their static imports, each chunk counted once overall. */
function measure(roots: readonly string[]): number {
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

let total = 0;
for (const [label, roots] of groups) {
  const group = measure(roots);
  total += group;
  console.log(`${label.padEnd(44)} ${kb(group).padStart(9)} gzipped`);
}
console.log(
  `${'initial route JS, total'.padEnd(44)} ${kb(total).padStart(9)} gzipped (budget ${budgetKb} KB)`,
);

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
  console.log(`${label.padEnd(44)} ${kb(measure(roots)).padStart(9)} gzipped (not in the initial route)`);
}
if (total > budgetKb * 1024) process.exitCode = 1;
