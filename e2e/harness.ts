/**
 * Drives the product the way a newcomer does: `tsx scripts/start.ts` (what `pnpm start` runs
 * after building the client) in its own process, on a free port with a fresh data folder, and
 * Debian's chromium through playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ResolvedRedis, resolveRedis } from '@bourse/server/platform/localRedis';
import { type Browser, type BrowserContext, chromium, devices } from 'playwright-core';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

export interface RunningProduct {
  baseUrl: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGINT like Ctrl-C and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * A redis-server of the test's own, for `startProduct({ REDIS_URL })`: the product then starts
 * its market clock afresh (09:35, trading) and shares no queue, lock or clock with another run
 * on the machine's Redis. Asked on a port nothing answers, resolveRedis starts a private one.
 */
export async function privateRedis(): Promise<ResolvedRedis> {
  return resolveRedis({ ...process.env, REDIS_URL: '' }, { localPort: await freePort() });
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

/** A phone (iPhone-sized, mobile UA) or a desktop (framed 480px column) context; `scale` 2 for a sharp phone. */
export function newContext(
  browser: Browser,
  kind: 'phone' | 'desktop',
  options: { locale?: string; scale?: number } = {},
): Promise<BrowserContext> {
  const locale = options.locale ?? 'en-US';
  if (kind === 'phone') {
    const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];
    // Scale 1 keeps screenshots at the 390×844 the docs quote.
    return browser.newContext({
      ...iphone,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: options.scale ?? 1,
      locale,
    });
  }
  return browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
}
