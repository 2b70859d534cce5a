import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { App, recordToasts } from './app.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Page code (the e2e project has no DOM types): runs axe, keeps what is serious or critical. */
const AXE_SERIOUS = `
  axe.run({
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    resultTypes: ['violations'],
  }).then((results) => results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))
`;

/**
 * Page code run before each page's own: adds up the layout shifts the user did not cause, as
 * Lighthouse's CLS counts them (summed over the whole visit, so never less than its window).
 */
const LAYOUT_SHIFT_RECORDER = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** The phone's view of the app shell: accessibility audits, the service worker, offline. */
export class PhoneShell extends App {
  static async onPhone(page: Page, baseUrl: string): Promise<PhoneShell> {
    await recordToasts(page);
    await page.addInitScript(LAYOUT_SHIFT_RECORDER);
    return new PhoneShell(page, baseUrl);
  }

  /** How far the screen has moved under the user since it was opened (CLS, summed). */
  async layoutShift(): Promise<number> {
    return (await this.page.evaluate('window.__layoutShift')) as number;
  }

  /** axe-core's serious and critical violations on the screen as it stands (WCAG 2.x A and AA). */
  async seriousViolations(): Promise<AxeViolation[]> {
    // Evaluated over DevTools, which the page's Content-Security-Policy does not govern.
    await this.page.evaluate(axeSource);
    return (await this.page.evaluate(AXE_SERIOUS)) as AxeViolation[];
  }

  /**
   * Waits until nothing on the screen is busy. A live screen may stay busy somewhere (a card
   * waiting for a quote): after 20 s the audit goes on with what is there, and says which parts
   * were still busy, so a screen that never settles shows in the log.
   */
  async waitUntilLoaded(): Promise<void> {
    // Polled with evaluate (here and below): waitForFunction evaluates a string predicate with
    // eval inside the page, which the app's Content-Security-Policy refuses, so it failed at once
    // and the audit ran on half-loaded screens.
    const BUSY = `[...document.querySelectorAll('[aria-busy="true"]')].map((el) => el.className || el.tagName)`;
    const deadline = Date.now() + 20_000;
    let busy = (await this.page.evaluate(BUSY)) as string[];
    while (busy.length > 0 && Date.now() < deadline) {
      await this.page.waitForTimeout(250);
      busy = (await this.page.evaluate(BUSY)) as string[];
    }
    if (busy.length > 0) {
      process.stderr.write(
        `${new URL(this.page.url()).pathname} still busy after 20 s: ${busy.join(', ')}\n`,
      );
    }
  }

  async setColors(colors: 'red-up' | 'green-up'): Promise<void> {
    await this.page.evaluate(`localStorage.setItem('bourse.colors', '${colors}')`);
  }

  /** Resolves once a service worker controls the page (after the reload that follows its first install). */
  async waitForServiceWorker(): Promise<void> {
    await this.page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    if (!(await this.page.evaluate('navigator.serviceWorker.controller !== null'))) await this.page.reload();
    const deadline = Date.now() + 30_000;
    while (!(await this.page.evaluate('navigator.serviceWorker.controller !== null'))) {
      if (Date.now() > deadline) throw new Error('no service worker took control of the page in 30 s');
      await this.page.waitForTimeout(250);
    }
  }

  /** Asks the browser to look for a new service worker now, as it does on its own every day. */
  async checkForUpdate(): Promise<void> {
    await this.page.evaluate(`navigator.serviceWorker.getRegistration('/').then((r) => r && r.update())`);
  }

  /** Paths of everything the service worker's caches hold. */
  async cachedPaths(): Promise<string[]> {
    return (await this.page.evaluate(`(async () => {
      const paths = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    })()`)) as string[];
  }

  /** Chromium's own verdict on whether the app can be installed: an empty list means it can. */
  async installabilityErrors(): Promise<string[]> {
    const cdp = await this.page.context().newCDPSession(this.page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    await cdp.detach();
    return installabilityErrors.map((e) => e.errorId);
  }
}
