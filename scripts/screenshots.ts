/**
 * `pnpm screenshots`: starts the product on a fresh data folder and photographs its screens
 * on a phone (390×844, mobile UA) and on a desktop (1280×800, the 480px frame) into
 * docs/screenshots/. Logs in as the demo account to reach account screens; for the back-office
 * screens the demo account is made an admin, verified, given a payment password, a bank card and a
 * transfer in, on a scratch PostgreSQL database (TEST_DATABASE_URL's server, dropped at the end).
 * `pnpm screenshots trade-ticket holding` shoots only the screens so named.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '@bourse/core/platform';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import { scratchPostgres } from '@bourse/core/trading/testing';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, REPO_ROOT, type RunningProduct, startProduct } from '../e2e/harness.ts';
import { BackOfficeScreens } from '../e2e/pages/backoffice.ts';

const out = join(REPO_ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const hasSession = async (page: Page) =>
  (await page.context().cookies()).some((c) => c.name === 'Admin-Token' && c.value !== '');

/**
 * Logs in as the demo account. The first minutes of a fresh start (history backfill) can keep
 * a login past the client's 10 s request timeout on a busy machine: then it tries again.
 */
async function logInAsDemo(page: Page, baseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-account').fill(DEMO_ACCOUNT.account);
    await page.getByTestId('login-password').fill(DEMO_ACCOUNT.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 }).catch(() => undefined);
    if (await hasSession(page)) return;
    if (attempt === 5) throw new Error('could not log in as the demo account');
  }
}

/**
 * A fresh start makes up months of history first; shots taken meanwhile race a busy server (a
 * page load that waits past the client's 10 s timeout for its config logs the user out).
 */
async function waitForBackfill(product: RunningProduct): Promise<void> {
  const deadline = Date.now() + 1_200_000;
  while (!product.output().includes('history backfilled')) {
    if (Date.now() > deadline) throw new Error('the history backfill did not finish within 20 minutes');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * Market screens stream over the socket, which a busy machine can still be opening after the page
 * is network-idle: wait for the status strip's clock, which comes with the socket.
 */
async function marketConnected(page: Page): Promise<void> {
  if ((await page.getByTestId('market-status').count()) > 0)
    await page.getByTestId('market-clock').waitFor({ timeout: 60_000 });
}

/** The market's phase and trading day. */
async function marketStatus(page: Page, baseUrl: string): Promise<{ phase: string }> {
  const response = await page.request.get(`${baseUrl}/api/market/status`);
  return ((await response.json()) as { data: { phase: string } }).data;
}

/** Waits (up to 10 minutes) for continuous trading: the fresh market clock opens it at 09:35. */
async function continuousTrading(page: Page, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while ((await marketStatus(page, baseUrl)).phase !== 'continuous') {
    if (Date.now() > deadline) throw new Error('the market did not trade within 10 minutes');
    await page.waitForTimeout(2000);
  }
}

/** Waits (up to 5 minutes of trading) until a ranking list has stocks on it, so its screen shows rows, not its empty state. */
async function rankHasStocks(page: Page, baseUrl: string, list: 'limitUp' | 'limitDown'): Promise<void> {
  await continuousTrading(page, baseUrl);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const response = await page.request.get(`${baseUrl}/api/market/rank/${list}`);
    const { data } = (await response.json()) as { data: { rows?: unknown[] } };
    if ((data.rows?.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error(`no stock reached the ${list} list within 5 minutes`);
    await page.waitForTimeout(2000);
  }
}

/**
 * Gives the demo account something to show on the trading screens: 100 shares of 604000
 * bought at market, and a limit buy at the limit-down price that stays open. Places them
 * through the API in continuous trading (the fresh market clock opens trading at 09:35).
 */
async function tradeAsDemo(page: Page, baseUrl: string): Promise<void> {
  await continuousTrading(page, baseUrl);
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const quote = await page.request.get(`${baseUrl}/api/market/quotes?symbols=604000`);
  const limitDown = ((await quote.json()) as { data: { limitDown: string }[] }).data[0]?.limitDown;
  for (const order of [
    { symbol: '604000', side: 'buy', type: 'market', quantity: 100 },
    { symbol: '604000', side: 'buy', type: 'limit', price: limitDown, quantity: 200 },
  ]) {
    const response = await page.request.post(`${baseUrl}/api/trade/orders`, {
      headers: { token, 'Idempotency-Key': randomUUID() },
      data: order,
    });
    if (!response.ok()) throw new Error(`order refused: ${await response.text()}`);
  }
}

/**
 * Gives the (admin) demo account what the back-office screens show: a verified real name, a
 * payment password, an ICBC card and a settled transfer in, through the screens.
 */
async function bankAsDemo(page: Page, baseUrl: string): Promise<void> {
  const screens = await BackOfficeScreens.on(page, baseUrl);
  // Approved as it is submitted in demo mode; the demo account reads Chinese, so no status text is compared.
  await screens.submitRealName('李雷', '11010519491231002X');
  await screens.setPayPassword('135790');
  await screens.bindCard('6222020200112233446');
  await screens.transferIn('30000');
  await screens.settledTransfers();
}

/** An issue in the simulator's pipeline for the detail screen: one open for subscription if there is one. */
async function anIpoCode(page: Page, baseUrl: string): Promise<string> {
  const response = await page.request.get(`${baseUrl}/api/ipo/calendar`);
  const issues = ((await response.json()) as { data: { code: string; status: string }[] }).data;
  const issue = issues.find((i) => i.status === 'subscribing') ?? issues[0];
  if (!issue) throw new Error('the new-share calendar is empty');
  return issue.code;
}

/** Screens in the order they are shot; `account` ones need the demo login first, `bank` ones its bank setup. */
const SCREENS: {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  account?: boolean;
  bank?: boolean;
  /** A ranking list shot once it has stocks on it. */
  rank?: 'limitUp' | 'limitDown';
}[] = [
  { name: 'home', path: '/home' },
  { name: 'market', path: '/market' },
  { name: 'market-overview', path: '/homedetail' },
  // 604000 is in the simulator's universe (fixed seed).
  { name: 'stock-intraday', path: '/stockInfo/604000' },
  { name: 'stock-kline', path: '/stockInfo/604000?chart=kline' },
  { name: 'day-up-stop', path: '/dayUpStop', rank: 'limitUp' },
  { name: 'day-stop', path: '/dayStop', rank: 'limitDown' },
  { name: 'ten-deal', path: '/tenDeal' },
  { name: 'dragon-tiger', path: '/dragonTigerList' },
  { name: 'search', path: '/search/search' },
  { name: 'login', path: '/login' },
  { name: 'settings', path: '/setting', account: true },
  { name: 'trade-ticket', path: '/shares/creatOrder?symbol=604000&side=buy', account: true },
  { name: 'holding', path: '/ucenter/holding', account: true },
  { name: 'hold-detail', path: '/shares/holdDetail?symbol=604000', account: true },
  { name: 'transaction', path: '/transaction', account: true },
  { name: 'money-log', path: '/personCenter/moneyLog', account: true },
  { name: 'my', path: '/my', account: true },
  { name: 'connection-check', path: '/test', account: true },
  { name: 'new-shares', path: '/shares/new' },
  {
    name: 'new-share-detail',
    path: async (page) => `/shares/new-detail?code=${await anIpoCode(page, product.baseUrl)}`,
  },
  { name: 'real-name', path: '/realNameAuthentication', account: true, bank: true },
  { name: 'pay-password', path: '/payPwd', account: true, bank: true },
  { name: 'bank-list', path: '/ucenter/bank-list', account: true, bank: true },
  { name: 'bank-record', path: '/bankRecord', account: true, bank: true },
  { name: 'fastpayment', path: '/fastpayment', account: true, bank: true },
  { name: 'cash-fund', path: '/personCenter/money', account: true, bank: true },
  { name: 'subscriptions', path: '/ucenter/shengou', account: true, bank: true },
  { name: 'block-trade', path: '/shares/dzjy?symbol=604000', account: true, bank: true },
  { name: 'block-trade-record', path: '/shares/dzjy-record', account: true, bank: true },
  { name: 'admin', path: '/admin', account: true, bank: true },
  // The demo catalogue is seeded with a fixed seed: product 42 is the same on every start.
  { name: 'store-home', path: '/shop' },
  { name: 'store-explore', path: '/explore?category=phone' },
  { name: 'store-detail', path: '/detail/42' },
];

/** An issue open for subscription, once the calendar has one (it opens one every trading day at 09:30). */
async function aSubscribingIssue(page: Page, baseUrl: string): Promise<string> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const response = await page.request.get(`${baseUrl}/api/ipo/calendar`);
    const issues = ((await response.json()) as { data: { code: string; status: string }[] }).data;
    const open = issues.find((i) => i.status === 'subscribing');
    if (open) return open.code;
    if (Date.now() > deadline) throw new Error('no issue opened for subscription within 10 minutes');
    await page.waitForTimeout(2000);
  }
}

/**
 * Phone shots at device scale 2 (780×1688 pixels): the status strip with the market clock, and a
 * new share's detail with Subscribe enabled by the demo account's starter portfolio.
 */
const SHARP_SCREENS: {
  name: string;
  path: (page: Page) => Promise<string>;
  account?: boolean;
  /** A test id scrolled into view before the shot. */
  show?: string;
}[] = [
  { name: 'home-market-clock', path: async () => '/home' },
  {
    name: 'ipo-subscribe-enabled',
    path: async (page) => `/shares/new-detail?code=${await aSubscribingIssue(page, product.baseUrl)}`,
    account: true,
    show: 'ipo-subscribe',
  },
];

const only = process.argv.slice(2);

// A Redis of its own: the market clock starts afresh, in continuous trading, on every run.
const [redis, database] = await Promise.all([PrivateRedis.start(), scratchPostgres()]);
const [product, browser] = await Promise.all([
  // Demo mode as on embedded defaults (paper cash, real names approved at once), on PostgreSQL.
  startProduct({ REDIS_URL: redis.url, DATABASE_URL: database.url, DEMO_MODE: 'true' }),
  launchBrowser(),
]);
let traded = false;
let banked = false;
try {
  // The admin role is only ever given in the database; the demo account exists once the product started.
  await database.database.db.execute(
    `update users set role = 'admin' where account = '${DEMO_ACCOUNT.account}'`,
  );
  await waitForBackfill(product);
  for (const device of ['phone', 'desktop'] as const) {
    const context = await newContext(browser, device, { locale: 'en-US' });
    const page = await context.newPage();
    let loggedIn = false;
    for (const screen of SCREENS.filter((s) => only.length === 0 || only.includes(s.name))) {
      if (screen.account && !loggedIn) {
        await logInAsDemo(page, product.baseUrl);
        loggedIn = true;
        if (!traded) await tradeAsDemo(page, product.baseUrl);
        traded = true;
      }
      if (screen.bank && !banked) {
        await bankAsDemo(page, product.baseUrl);
        banked = true;
      }
      if (screen.rank) await rankHasStocks(page, product.baseUrl, screen.rank);
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      await page.goto(`${product.baseUrl}${path}`);
      await page.getByTestId('page-title').waitFor();
      await page.waitForLoadState('networkidle');
      await marketConnected(page);
      // Let toasts and the progress line finish.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(out, `${screen.name}-${device}.png`) });
    }
    await context.close();
  }
  const sharp = await newContext(browser, 'phone', { locale: 'en-US', scale: 2 });
  const page = await sharp.newPage();
  for (const screen of SHARP_SCREENS.filter((s) => only.length === 0 || only.includes(s.name))) {
    if (screen.account && !(await hasSession(page))) await logInAsDemo(page, product.baseUrl);
    await page.goto(`${product.baseUrl}${await screen.path(page)}`);
    await page.getByTestId('page-title').waitFor();
    await page.waitForLoadState('networkidle');
    await marketConnected(page);
    if (screen.show) await page.getByTestId(screen.show).scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(out, `${screen.name}-phone.png`) });
  }
  await sharp.close();
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await product.stop();
  await redis.stop();
  await database.close();
}
