/**
 * `pnpm screenshots`: starts the product on a fresh data folder and photographs its screens
 * on a phone (390×844, mobile UA) and on a desktop (1280×800, the 480px frame) into
 * docs/screenshots/. Logs in as the demo account to reach account screens.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, REPO_ROOT, startProduct } from '../e2e/harness.ts';

const out = join(REPO_ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

async function logInAsDemo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-account').fill('demo');
  await page.getByTestId('login-password').fill('demo123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Screens in the order they are shot; `account` ones need the demo login first. */
const SCREENS: { name: string; path: string; account?: boolean }[] = [
  { name: 'home', path: '/home' },
  { name: 'market', path: '/market' },
  // 600000 is in the simulator's universe (fixed seed).
  { name: 'stock-intraday', path: '/stockInfo/600000' },
  { name: 'stock-kline', path: '/stockInfo/600000?chart=kline' },
  { name: 'day-up-stop', path: '/dayUpStop' },
  { name: 'day-stop', path: '/dayStop' },
  { name: 'ten-deal', path: '/tenDeal' },
  { name: 'dragon-tiger', path: '/dragonTigerList' },
  { name: 'search', path: '/search/search' },
  { name: 'login', path: '/login' },
  { name: 'settings', path: '/setting', account: true },
];

const [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
try {
  for (const device of ['phone', 'desktop'] as const) {
    const context = await newContext(browser, device, { locale: 'en-US' });
    const page = await context.newPage();
    let loggedIn = false;
    for (const screen of SCREENS) {
      if (screen.account && !loggedIn) {
        await logInAsDemo(page, product.baseUrl);
        loggedIn = true;
      }
      await page.goto(`${product.baseUrl}${screen.path}`);
      await page.getByTestId('page-title').waitFor();
      await page.waitForLoadState('networkidle');
      // Let toasts and the progress line finish.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(out, `${screen.name}-${device}.png`) });
    }
    await context.close();
  }
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await product.stop();
}
