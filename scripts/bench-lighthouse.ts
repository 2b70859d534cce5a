/**
 * `pnpm bench:lighthouse`: Lighthouse (mobile preset: a mid-range phone on slow 4G, 4x CPU
 * slowdown) against the built app served by `pnpm start` on PORT 3106 with a fresh DATA_DIR,
 * on the first screens of issue 15. Prints perf / LCP / TBT / CLS / accessibility per page
 * against the targets, and exits 1 when one misses. Account screens are measured logged in as
 * the demo account: Lighthouse shares the browser profile the login went through.
 *   CHROME_PATH=/usr/bin/chromium pnpm bench:lighthouse [path ...]
 * With LIGHTHOUSE_REPORT_DIR set, each page's full report (what shifted, what blocked) is written
 * there as JSON.
 * Each page is cold-loaded once; the machine is shared, so the load average is printed beside,
 * and so is the demo market's phase before and after it: a page measured while quotes stream
 * does the work of every tick beside its own start, one measured while the market is shut does not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@bourse/core/platform/localRedis';
import { processCpuMicros } from '@bourse/core/trading/testing';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { marketStatus, startProduct } from '../e2e/harness.ts';

const PORT = process.env.PORT ?? '3106';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const TARGETS = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05, accessibility: 98 };

interface Row {
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  /** The market's phase when the page was measured: quotes stream only while it trades. */
  phase: string;
}

/**
 * A fresh product spends its first minutes making up history and rebuilding the lists, at over a
 * core: measured then, the phone's page competes with that work for the CPU and its blocking time
 * says more about the server's start than the page. Waits until the product has used under 0.9 of
 * a core for ten seconds (or three minutes have passed) and says how long that took.
 */
async function waitForQuietProduct(pid: number): Promise<void> {
  const started = Date.now();
  let before = (await processCpuMicros(pid)) ?? 0;
  while (Date.now() - started < 180_000) {
    await new Promise((r) => setTimeout(r, 10_000));
    const now = (await processCpuMicros(pid)) ?? 0;
    const cores = (now - before) / 10e6;
    before = now;
    if (cores < 0.9) {
      console.error(
        `product quiet after ${Math.round((Date.now() - started) / 1000)} s (${cores.toFixed(2)} cores)`,
      );
      return;
    }
  }
  console.error('product still busy after 180 s; measuring anyway');
}

const product = await startProduct({ PORT });
if (product.process.pid) await waitForQuietProduct(product.process.pid);
const demo = /account (\S+) \/ password (\S+)/.exec(product.output());
const profile = mkdtempSync(join(tmpdir(), 'bourse-lighthouse-'));
const debuggingPort = await freePort();
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME_PATH,
  args: [...CHROME_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  viewport: { width: 390, height: 844 },
});

try {
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${product.baseUrl}/api${path}`);
    if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  };
  const { symbols } = await api<{ symbols: string[] }>('/market/board?board=main&sort=turnover');
  const products = await api<{ items: { id: number | string }[] }>('/store/products');
  const firstProduct = products.items[0];
  if (!symbols[0] || !firstProduct) throw new Error('no stock or product to measure');

  if (!demo) throw new Error('the product printed no demo account');
  const page = await browser.newPage();
  await page.goto(`${product.baseUrl}/login`);
  await page.getByTestId('login-account').fill(demo[1] as string);
  await page.getByTestId('login-password').fill(demo[2] as string);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await page.close();

  const paths = process.argv.slice(2).length
    ? process.argv.slice(2)
    : [
        '/home',
        '/market',
        `/stockInfo/${symbols[0]}`,
        '/trade',
        '/shares/new',
        '/my',
        '/shop',
        `/detail/${firstProduct.id}`,
      ];

  const rows: Row[] = [];
  let version = '';
  for (const path of paths) {
    const phaseBefore = (await marketStatus(product)).phase;
    const result = await lighthouse(`${product.baseUrl}${path}`, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Keep the login cookie; each run still starts with an empty HTTP cache.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(
        join(REPORT_DIR, `${path.replaceAll('/', '_') || 'root'}.json`),
        JSON.stringify(result.lhr),
      );
    }
    version = result.lhr.lighthouseVersion;
    rows.push({
      path,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      phase: `${phaseBefore}→${(await marketStatus(product)).phase}`,
    });
    const row = rows.at(-1) as Row;
    console.error(`measured ${path}: perf ${row.performance}, load average ${loadavg()[0]?.toFixed(2)}`);
  }

  const mark = (ok: boolean) => (ok ? ' ' : '✗');
  console.log(
    `Lighthouse ${version} mobile preset, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| page | market | perf | LCP | TBT | CLS | a11y |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  let missed = false;
  for (const r of rows) {
    const ok = {
      performance: r.performance >= TARGETS.performance,
      lcp: r.lcpMs <= TARGETS.lcpMs,
      tbt: r.tbtMs <= TARGETS.tbtMs,
      cls: r.cls <= TARGETS.cls,
      accessibility: r.accessibility >= TARGETS.accessibility,
    };
    missed ||= Object.values(ok).includes(false);
    console.log(
      `| \`${r.path}\` | ${r.phase} | ${r.performance}${mark(ok.performance)} | ${(r.lcpMs / 1000).toFixed(1)} s${mark(ok.lcp)} | ${Math.round(r.tbtMs)} ms${mark(ok.tbt)} | ${r.cls.toFixed(3)}${mark(ok.cls)} | ${r.accessibility}${mark(ok.accessibility)} |`,
    );
  }
  console.log(
    `targets: perf ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, a11y ≥ ${TARGETS.accessibility}; ✗ marks a miss`,
  );
  if (missed) process.exitCode = 1;
} finally {
  await browser.close();
  await product.stop();
  rmSync(profile, { recursive: true, force: true });
}
