import type { Db } from '@bourse/core/platform/database.ts';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { type App, recordToasts, until } from './app.ts';
import { TradingScreens } from './trading.ts';

/** Who registers, as the sign-up form asks. */
export type Person = Parameters<App['register']>[0];

/** The desk's queues whose entries name the account they are for. */
type DeskQueue = 'review' | 'merchant' | 'topup' | 'withdrawal';

export interface NewIssue {
  code: string;
  name: string;
  price: string;
  onlineShares: string;
  subscriptionDate: string;
  listingDate: string;
}

/** Bank, identity and new-share screens as the user sees them, and the back office's desk as staff see it. */
/** Scrolls a lazy <img> into view and waits until it has loaded a picture (the server answered it with an image). */
export async function pictureLoaded(picture: Locator): Promise<void> {
  await picture.scrollIntoViewIfNeeded();
  await until(
    'the picture',
    () =>
      picture.evaluate(
        (img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0,
      ),
    Boolean,
    30_000,
    250,
  );
}

export class BackOfficeScreens extends TradingScreens {
  static override async on(page: Page, baseUrl: string): Promise<BackOfficeScreens> {
    await recordToasts(page);
    return new BackOfficeScreens(page, baseUrl);
  }

  /** Waits for the next toast after `action` and returns its text. */
  async toastAfter(action: () => Promise<void>, ms = 30_000): Promise<string> {
    const seen = (await this.toastsSeen()).length;
    await action();
    return until(
      'a toast',
      async () => (await this.toastsSeen()).slice(seen),
      (toasts) => toasts.length > 0,
      ms,
    ).then((toasts) => toasts[0] ?? '');
  }

  async session(): Promise<string> {
    return (await this.page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  }

  // ── the user ──────────────────────────────────────────

  async submitRealName(realName: string, idNumber: string): Promise<string> {
    await this.open('/realNameAuthentication');
    await this.page.getByTestId('real-name-name').fill(realName);
    await this.page.getByTestId('real-name-id').fill(idNumber);
    const before = await this.realNameStatus();
    await this.page.getByTestId('real-name-submit').click();
    // The label changes once the server has answered; read before that, it still shows the old status.
    return until(
      'the real-name status after submitting',
      () => this.realNameStatus(),
      (status) => status !== before,
      60_000,
    );
  }

  /** The verification's status as /realNameAuthentication shows it, once it shows one. */
  async realNameStatus(): Promise<string> {
    const label = this.page.getByTestId('real-name-status-label');
    await label.waitFor();
    return (await label.textContent()) ?? '';
  }

  async waitForRealName(status: string): Promise<void> {
    await until(
      'real-name status',
      async () => {
        await this.open('/realNameAuthentication');
        return this.realNameStatus();
      },
      (s) => s === status,
    );
  }

  async setPayPassword(pin: string): Promise<string> {
    await this.open('/payPwd');
    await this.page.getByTestId('pay-password-newPayPassword').fill(pin);
    await this.page.getByTestId('pay-password-confirmPayPassword').fill(pin);
    return this.toastAfter(() => this.page.getByTestId('pay-password-submit').click());
  }

  /** Binds a card and returns the bank the form recognised from its number. */
  async bindCard(number: string): Promise<string> {
    await this.open('/ucenter/bank');
    await this.page.getByTestId('bind-number').fill(number);
    const bank = (await this.page.getByTestId('bind-bank').textContent()) ?? '';
    await this.page.getByTestId('bind-submit').click();
    await this.waitForPath('/ucenter/bank-list');
    return bank;
  }

  /** Enters the payment password in the sheet that a money-out action opens. */
  async enterPayPassword(pin: string): Promise<void> {
    await this.page.getByTestId('pay-password-input').fill(pin);
  }

  async transferIn(amount: string): Promise<void> {
    await this.open('/personCenter/payment');
    await this.page.getByTestId('transfer-amount').fill(amount);
    await this.page.getByTestId('transfer-submit').click();
    await this.waitForPath('/bankRecord');
  }

  async transferOut(amount: string, pin: string): Promise<void> {
    await this.open('/personCenter/paymentOut');
    await this.page.getByTestId('transfer-amount').fill(amount);
    await this.page.getByTestId('transfer-submit').click();
    await this.enterPayPassword(pin);
    await this.waitForPath('/bankRecord');
  }

  /** Statuses of the transfers on /bankRecord, newest first, once none is still being audited. */
  async settledTransfers(): Promise<string[]> {
    return until(
      'transfers',
      async () => {
        await this.open('/bankRecord');
        await this.page.getByTestId('transfer-record').first().waitFor();
        return this.page
          .getByTestId('transfer-record')
          .evaluateAll((rows) => rows.map((r) => `${r.textContent}|${r.getAttribute('data-status')}`));
      },
      (rows) => rows.every((r) => !r.endsWith('|auditing')),
    ).then((rows) => rows.map((r) => r.slice(r.lastIndexOf('|') + 1)));
  }

  /** Subscribes from the issue's detail once it is open for subscription; returns the result toast. */
  async subscribe(code: string, shares: string, pin: string): Promise<string> {
    await until(
      `subscription to ${code}`,
      async () => {
        await this.open(`/shares/new-detail?code=${code}`);
        await this.page.getByTestId('ipo-status').waitFor();
        return this.page.getByTestId('ipo-shares').count();
      },
      (forms) => forms > 0,
    );
    await this.page.getByTestId('ipo-shares').fill(shares);
    await this.page.getByTestId('ipo-subscribe').click();
    return this.toastAfter(() => this.enterPayPassword(pin));
  }

  /** The subscription's state on /ucenter/shengou, reloaded until it reads `state`. */
  async waitForSubscription(code: string, state: string, ms?: number): Promise<void> {
    await until(
      `subscription to ${code}`,
      async () => {
        await this.open('/ucenter/shengou');
        const record = this.page.locator(`[data-testid="ipo-record"][data-code="${code}"]`);
        await record.waitFor();
        return (await record.getByTestId('sub-state').textContent()) ?? '';
      },
      (text) => text.startsWith(state),
      ms,
    );
  }

  /** Message texts on /messages, newest first, once one contains `text`. */
  async waitForMessage(text: string): Promise<string[]> {
    return until(
      `a message with "${text}"`,
      async () => {
        await this.open('/messages');
        await this.page.locator('[data-testid="message"], [data-testid="messages-empty"]').first().waitFor();
        return this.page.getByTestId('message').allTextContents();
      },
      (messages) => messages.some((m) => m.includes(text)),
    );
  }

  /** Waits until the position shows up on /ucenter/holding (after the listing day starts). */
  async waitForPosition(symbol: string, ms?: number): Promise<{ quantity: string; sellable: string }> {
    await until(
      `a position in ${symbol}`,
      async () => {
        await this.open('/ucenter/holding');
        await this.page.waitForLoadState('networkidle');
        return this.page.locator(`[data-testid="position-row"][data-symbol="${symbol}"]`).count();
      },
      (rows) => rows > 0,
      ms,
    );
    return this.position(symbol);
  }

  // ── back office ───────────────────────────────────────

  /** What /admin shows: the desk's issue list, or the message for someone without the role. */
  async openBackOffice(): Promise<string> {
    await this.open('/admin');
    const shown = this.page.locator('[data-testid="admin-forbidden"], #admin-issues-title');
    await shown.first().waitFor();
    const forbidden = this.page.getByTestId('admin-forbidden');
    return (await forbidden.count()) > 0 ? ((await forbidden.textContent()) ?? '') : 'desk';
  }

  /**
   * Registers `person` as staff: no one can make themselves an admin, so the database gives the
   * role; then signs in again, as staff given the role would.
   */
  async registerAsStaff(person: Person, db: Db): Promise<void> {
    await this.register(person);
    await this.page.waitForURL((url) => url.pathname !== '/register');
    await db.execute(sql`update users set role = 'admin' where account = ${person.account}`);
    await this.logOut();
    await this.logIn(person.account, person.password);
    await this.page.waitForURL((url) => url.pathname !== '/login');
  }

  /** `account`'s entry in one of the desk's queues, the desk reopened until it is listed. */
  async deskItem(queue: DeskQueue, account: string): Promise<Locator> {
    const item = this.page.locator(`[data-testid="admin-${queue}"][data-account="${account}"]`);
    await until(
      `${account}'s ${queue} on the desk`,
      async () => {
        await this.openBackOffice();
        await this.page.getByTestId(`admin-${queue}s-empty`).or(item).first().waitFor();
        return item.count();
      },
      (n) => n > 0,
    );
    return item;
  }

  /** Scrolls the entry's decision into view once its picture has loaded (a lazy image loading later would push it down). */
  async bringIntoView(item: Locator): Promise<void> {
    await pictureLoaded(item.locator('img'));
    await item.locator('[data-testid$="-pass"]').scrollIntoViewIfNeeded();
  }

  /** A style of the element as the browser computes it (`borderTopStyle`…). */
  styleOf(element: Locator, property: string): Promise<string> {
    // Page code, and the e2e project has no DOM types.
    return element.evaluate(
      (el, name) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(
          el,
        )[name] ?? '',
      property,
    );
  }

  /** Passes (or approves) a desk entry; answers the desk's toast once it is off the queue. */
  async pass(item: Locator): Promise<string> {
    const toast = await this.toastAfter(() => item.locator('[data-testid$="-pass"]').click());
    await item.waitFor({ state: 'detached' });
    return toast;
  }

  /** Passes the pending real-name request of `account` from the desk. */
  async passRealName(account: string): Promise<string> {
    return this.pass(await this.deskItem('review', account));
  }

  /** Fills in the top-up's audit on the desk, the amount that actually arrived and a note; pass() sends it. */
  async auditTopUp(account: string, audit: { arrival: string; note: string }): Promise<Locator> {
    const item = await this.deskItem('topup', account);
    await item.getByTestId('admin-topup-arrival').fill(audit.arrival);
    await item.getByTestId('admin-topup-note').fill(audit.note);
    return item;
  }

  async createIssue(issue: NewIssue): Promise<string> {
    await this.openBackOffice();
    for (const [field, value] of Object.entries(issue)) {
      await this.page.getByTestId(`new-ipo-${field}`).fill(value);
    }
    return this.toastAfter(() => this.page.getByTestId('new-ipo-submit').click());
  }

  /** The issue's status on the desk, reloaded until it is `status`. */
  async waitForIssueStatus(code: string, status: string, ms?: number): Promise<void> {
    await until(
      `issue ${code}`,
      async () => {
        await this.openBackOffice();
        const row = this.page.locator(`[data-testid="admin-issue"][data-code="${code}"]`);
        await row.waitFor();
        return row.getAttribute('data-status');
      },
      (s) => s === status,
      ms,
    );
  }

  /** Opens the issue's batch, runs it, and watches it live until the draw is done; returns its figures. */
  async runAllotment(
    code: string,
  ): Promise<{ started: string; status: string; figures: Record<string, string> }> {
    const row = this.page.locator(`[data-testid="admin-issue"][data-code="${code}"]`);
    await row.getByTestId('admin-issue-batch').click();
    const panel = row.getByTestId('batch-panel');
    const started = await this.toastAfter(() => panel.getByTestId('batch-run').click());
    // The panel polls on its own: no reload here, the screen must show the run to its end.
    const status = await until(
      `the batch of ${code}`,
      async () => (await panel.getByTestId('batch-status').getAttribute('data-status')) ?? '',
      (s) => s !== 'awaiting_allotment',
      60_000,
    );
    const figures: Record<string, string> = {};
    for (const key of ['run', 'chunks', 'subscriptions', 'numbers', 'winners']) {
      figures[key] = (await panel.getByTestId(`batch-figure-${key}`).textContent()) ?? '';
    }
    return { started, status, figures };
  }
}
