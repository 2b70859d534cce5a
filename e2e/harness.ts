/**
 * Drives the product the way a newcomer does: `tsx scripts/start.ts` (what `pnpm start` runs
 * after building the client) in its own process, on a free port with a fresh data folder, and
 * Debian's chromium through playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@bourse/core/platform/localRedis';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import { scratchPostgres } from '@bourse/core/trading/testing';
import { skipMarket } from '@bourse/workers/market/testClock';
import { type Browser, type BrowserContext, chromium, devices, type Page } from 'playwright-core';
import { afterEach, vi } from 'vitest';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

export interface RunningProduct {
  baseUrl: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGINT like Ctrl-C and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** `env.PORT` picks the port (a benchmark's own); a free one otherwise. */
export async function startProduct(env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-e2e-'));
  // Node itself with tsx as its loader: pnpm and the tsx CLI answer SIGINT with their own 130.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    // Every browser registers from 127.0.0.1, and runs on the machine's Redis share its hourly count.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      // A month of made-up history serves every chart and list the tests open; the default 120
      // days cost each product start about two minutes of CPU beside the test (start.e2e keeps it).
      FEED_BACKFILL_DAYS: '30',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() can signal it the way a terminal's Ctrl-C does.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited during start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the product did not become healthy in 120 s:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && output.includes('Press Ctrl-C to stop')) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: async () => {
      // Ctrl-C signals the whole foreground process group: tsx and the script alike.
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGINT');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The Redis prefix of a product on a test clock, so the harness can address its feed. */
const TEST_CLOCK_PREFIX = 'e2e:';

/**
 * startProduct's environment for a market the test moves along itself (the feed's test clock,
 * workers/src/market/testClock.ts) on its own Redis: the demo day keeps its default length,
 * so a phase lasts while the test works in it, and "the next trading day" is one skip away.
 */
export function testClockEnv(redis: PrivateRedis): NodeJS.ProcessEnv {
  return { REDIS_URL: redis.url, REDIS_PREFIX: TEST_CLOCK_PREFIX, FEED_TEST_CLOCK: 'true' };
}

export interface MarketStatus {
  phase: string;
  tradingDate: string;
  /** Exchange time of the latest data, ms. */
  time: number;
  clock?: { anchor: number };
}

export async function marketStatus(product: RunningProduct): Promise<MarketStatus> {
  const response = await fetch(`${product.baseUrl}/api/market/status`);
  return ((await response.json()) as { data: MarketStatus }).data;
}

/**
 * Skips the market of a product started with testClockEnv to the next HH:MM of market time
 * (today's if still ahead, else the next trading day's) and resolves with the server's status
 * once it carries the moved clock (the feed has published it by then).
 */
export async function skipMarketTo(
  product: RunningProduct,
  redis: PrivateRedis,
  hhmm: string,
): Promise<MarketStatus> {
  const before = (await marketStatus(product)).clock?.anchor;
  await skipMarket(redis.url, TEST_CLOCK_PREFIX, hhmm);
  return vi.waitFor(
    async () => {
      const status = await marketStatus(product);
      if (status.clock?.anchor === before) throw new Error(`the server has not seen the skip to ${hhmm} yet`);
      return status;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Skips the market a day at a time to `hhmm` until it trades on `date` or later. */
export async function skipToDay(
  product: RunningProduct,
  redis: PrivateRedis,
  date: string,
  hhmm: string,
): Promise<MarketStatus> {
  let status = await marketStatus(product);
  while (status.tradingDate < date) status = await skipMarketTo(product, redis, hhmm);
  return status;
}

/**
 * Past T+2's 16:00 payment cut-off, at the next trading day's `open`: the IPO calendar goes by
 * the time of the market's latest data, and none is stamped in the evening, so winners pay
 * once the next day's data comes (workers/src/ipo/calendar.ts).
 */
export async function skipPastPayment(
  product: RunningProduct,
  redis: PrivateRedis,
  code: string,
  open: string,
): Promise<void> {
  const response = await fetch(`${product.baseUrl}/api/ipo/issue?code=${code}`);
  const { paymentDate } = ((await response.json()) as { data: { paymentDate: string } }).data;
  await skipToDay(product, redis, paymentDate, open);
  await skipMarketTo(product, redis, '16:01');
  await skipMarketTo(product, redis, open);
}

/** The listing date, as anyone can read it. */
export async function listingDateOf(product: RunningProduct, code: string): Promise<string> {
  const response = await fetch(`${product.baseUrl}/api/ipo/issue?code=${code}`);
  return ((await response.json()) as { data: { listingDate: string } }).data.listingDate;
}

/**
 * How long a screen may take to show what a step did (a toast, a status, a language) before a
 * poll fails: vitest's default second is less than a loaded 2-core CI machine can need.
 */
export const SCREEN_SETTLES = { timeout: 30_000, interval: 250 };

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * What the browsers saw lately: API answers that failed, navigations, console errors and
 * warnings, and WebSockets opening and closing, printed with the product's output when a test
 * fails, since a timeout alone does not say that a screen got a 401 and left for /login.
 */
const browserLog: string[] = [];
const BROWSER_LOG_LINES = 200;
const SLOW_ANSWER_MS = 3_000;

function note(line: string): void {
  browserLog.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (browserLog.length > BROWSER_LOG_LINES) browserLog.shift();
}

function watch(context: BrowserContext, name: string): BrowserContext {
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api');
  context.on('response', (response) => {
    const request = response.request();
    if (!isApi(response.url())) return;
    // Known once the headers are in: a slow answer is as telling as a failed one.
    const ms = Math.round(request.timing().responseStart);
    if (response.status() >= 400 || ms > SLOW_ANSWER_MS)
      note(`${name} ${request.method()} ${response.url()} -> ${response.status()} in ${ms} ms`);
  });
  // A write that left, so a screen that never showed its answer says whether it was asked at all.
  context.on('request', (request) => {
    if (isApi(request.url()) && request.method() !== 'GET')
      note(`${name} ${request.method()} ${request.url()} sent`);
  });
  context.on('requestfailed', (request) => {
    if (isApi(request.url()))
      note(`${name} ${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`${name} at ${frame.url()}`);
    });
    // Warnings too: the client logs a request the server never answered (a chat ack) as one.
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`${name} console ${message.type()}: ${message.text().slice(0, 300)}`);
    });
    // A live screen that never updated may have lost its socket: say when one opened and closed.
    page.on('websocket', (socket) => {
      const path = new URL(socket.url()).pathname;
      note(`${name} websocket ${path} opened`);
      socket.on('close', () => note(`${name} websocket ${path} closed`));
      socket.on('socketerror', (error) => note(`${name} websocket ${path} error: ${error}`));
    });
  });
  return context;
}

let contexts = 0;

/** A phone (iPhone-sized, mobile UA) or a desktop (framed 480px column) context; `scale` 2 for a sharp phone. */
export async function newContext(
  browser: Browser,
  kind: 'phone' | 'desktop',
  options: { locale?: string; scale?: number } = {},
): Promise<BrowserContext> {
  const locale = options.locale ?? 'en-US';
  if (kind === 'phone') {
    const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];
    // Scale 1 keeps screenshots at the 390×844 the docs quote.
    const context = await browser.newContext({
      ...iphone,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: options.scale ?? 1,
      locale,
    });
    return watch(context, `phone${++contexts}`);
  }
  return watch(
    await browser.newContext({ viewport: { width: 1280, height: 800 }, locale }),
    `desktop${++contexts}`,
  );
}

/**
 * A page on a new context for a long journey: a loaded 2-core machine can take longer than
 * playwright's 30 s to serve and draw a screen.
 */
async function newJourneyPage(
  browser: Browser,
  kind: 'phone' | 'desktop',
  options: { scale?: number } = {},
): Promise<Page> {
  const page = await (await newContext(browser, kind, options)).newPage();
  page.setDefaultTimeout(90_000);
  return page;
}

/** A page on a new phone context for a long journey. */
export async function newPhonePage(browser: Browser, options: { scale?: number } = {}): Promise<Page> {
  return newJourneyPage(browser, 'phone', options);
}

/** Where an e2e photographs its steps (docs/screenshots/<name>-<device>.png), and on what. */
export interface Shots {
  dir: string;
  device: 'phone' | 'desktop';
}

/**
 * E2E_SCREENSHOTS=1 has the e2e that photograph their steps do it on phones, =desktop on
 * desktops (1280×800, the app in its 480px column); unset, they take none.
 */
export const SHOTS: Shots | undefined = ((value) => {
  const dir = join(REPO_ROOT, 'docs', 'screenshots');
  if (value === '1') return { dir, device: 'phone' };
  if (value === 'desktop') return { dir, device: 'desktop' };
  return undefined;
})(process.env.E2E_SCREENSHOTS);

/**
 * A page for a journey on the device its shots are taken on: a phone at twice the pixels (as
 * scripts/screenshots.ts takes the sharp ones) or a desktop at the 1280×800 of the others; a
 * plain phone when it takes none.
 */
export async function newShotsPage(browser: Browser, shots: Shots | undefined): Promise<Page> {
  if (shots?.device === 'desktop') return newJourneyPage(browser, 'desktop');
  return newJourneyPage(browser, 'phone', { scale: shots ? 2 : 1 });
}

/**
 * Registers, in the calling suite, a hook that prints the product's last output when a test fails:
 * a browser's timeout rarely says what the server was doing.
 */
export function printProductOutputOnFailure(product: () => RunningProduct | undefined): void {
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    process.stderr.write(
      `the product's last output:\n${product()?.output().slice(-6_000)}\nwhat the browsers saw:\n${browserLog.join('\n')}\n`,
    );
    // scripts/test-all.sh prints the end of this file beside the failures: a CI log kept only by
    // its tail still shows what the screens were answered.
    // Writes sent stay in: a screen that never showed its answer then says whether it asked.
    const answers = browserLog.filter((line) => !line.includes(' at http'));
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    appendFileSync(
      join(REPO_ROOT, 'test-results', 'e2e-browser.log'),
      `${task.name}\n${answers.slice(-12).join('\n')}\n`,
    );
  });
}

/**
 * A small product (50 symbols, a few days of history) on a PostgreSQL and a Redis of its own:
 * no other run's logins, limits or clock in the way. stop() ends it and removes both.
 */
export async function startOwnProduct(env: NodeJS.ProcessEnv = {}) {
  const [database, redis] = await Promise.all([scratchPostgres(), PrivateRedis.start()]);
  const product = await startProduct({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    FEED_SYMBOLS: '50',
    FEED_BACKFILL_DAYS: '5',
    FEED_BACKFILL_MINUTE_DAYS: '1',
    ...env,
  });
  return {
    product,
    database,
    async stop(): Promise<void> {
      await product.stop();
      await redis.stop();
      await database.close();
    },
  };
}
