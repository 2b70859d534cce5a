import type { Page } from 'playwright-core';
import { vi } from 'vitest';

/**
 * Reads `read` every `interval` ms until `done` holds what it answers, and returns that; fails
 * after `ms` (deadlines are generous for a loaded machine) with the last value read.
 */
export function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 120_000,
  interval = 1_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
      return value;
    },
    { timeout: ms, interval },
  );
}

/**
 * Notes the text of every toast the page shows: a toast lasts 1.2 s, which a loaded CI machine
 * can spend between a redirect and the moment a test looks. Page code, so it is a string here.
 */
const RECORD_TOASTS = `
  window.bourseToasts = [];
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="toast"]')?.textContent;
    if (text && window.bourseToasts.at(-1) !== text) window.bourseToasts.push(text);
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** Makes every page load of `page` note its toasts (read them with App.toastsSeen). */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(RECORD_TOASTS);
}

/** The user's view of Bourse: each method is one thing a person does or sees. */
export class App {
  protected constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  static async on(page: Page, baseUrl: string): Promise<App> {
    await recordToasts(page);
    return new App(page, baseUrl);
  }

  async open(path: string): Promise<void> {
    // The screen's title is the sign it is there; 'load' also waits for every image and font.
    await this.page.goto(`${this.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('page-title').waitFor();
  }

  title(): Promise<string | null> {
    return this.page.getByTestId('page-title').textContent();
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }

  async waitForPath(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path);
  }

  async register(user: {
    account: string;
    password: string;
    username: string;
    givenName: string;
    email: string;
    mobile: string;
  }) {
    await this.open('/register');
    const fields = {
      account: user.account,
      password: user.password,
      confirmPassword: user.password,
      username: user.username,
      givenName: user.givenName,
      email: user.email,
      mobile: user.mobile,
    };
    // Fill until every field reads back what was typed: twice in CI a registration never left
    // /register, and a form that re-renders as the screen finishes loading would empty them.
    for (let attempt = 0; attempt < 3; attempt++) {
      for (const [field, value] of Object.entries(fields)) {
        await this.page.getByTestId(`register-${field}`).fill(value);
      }
      const read = await Promise.all(
        Object.keys(fields).map((field) => this.page.getByTestId(`register-${field}`).inputValue()),
      );
      if (read.every((value, i) => value === Object.values(fields)[i])) break;
      if (attempt === 2) throw new Error(`the register form lost what was typed: ${JSON.stringify(read)}`);
    }
    await this.page.getByTestId('register-agree').check();
    await this.page.getByTestId('register-submit').click();
  }

  async logIn(account: string, password: string): Promise<void> {
    await this.open('/login');
    await this.page.getByTestId('login-account').fill(account);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async chooseLanguage(nativeName: string): Promise<void> {
    await this.open('/setting');
    await this.page.getByRole('radio', { name: nativeName }).check();
  }

  async logOut(): Promise<void> {
    await this.open('/setting');
    await this.page.getByTestId('logout').click();
  }

  htmlLang(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }

  /** Toasts shown since the page last loaded, oldest first. */
  toastsSeen(): Promise<string[]> {
    return this.page.evaluate('window.bourseToasts ?? []') as Promise<string[]>;
  }
}
