import { randomBytes } from 'node:crypto';
import { earliestListingDate, exchangeCalendar, giveHoldingHistory } from '@bourse/core/ipo/testing';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import { scratchPostgres } from '@bourse/core/trading/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPhonePage,
  printProductOutputOnFailure,
  type RunningProduct,
  skipMarketTo,
  skipPastPayment,
  skipToDay,
  startProduct,
  testClockEnv,
} from './harness.ts';
import { BackOfficeScreens } from './pages/backoffice.ts';

/**
 * A new share from subscription to position, with back office in the loop, on phones against
 * `pnpm start`: PostgreSQL of the test's own (so the test can make an admin and give the user a
 * holdings history), a Redis of its own (the demo clock starts afresh at 09:35) and the feed's
 * test clock, so the test skips to T's open, its close, T+1, T+2 and the listing day instead of
 * waiting for them. Real names wait for back office, and the calendar leaves the allotment
 * batch to back office too.
 */
const PIN = '135790';
/** Once the market stands at this time (HH:MM) of a trading day, that day's subscriptions are open. */
const SUBSCRIPTIONS_OPEN = '09:31';

describe('back office and a new share on phones: verify, bind, transfer, subscribe, draw, pay, list, withdraw', () => {
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let redis: PrivateRedis;
  let product: RunningProduct;
  let browser: Browser;
  let user: BackOfficeScreens;
  let admin: BackOfficeScreens;
  const suffix = randomBytes(3).toString('hex');
  const person = {
    account: `investor_${suffix}`,
    password: 'secret123',
    username: 'Li',
    givenName: 'Lei',
    email: 'li.lei@example.com',
    mobile: '13900139001',
  };
  const staff = {
    ...person,
    account: `staff_${suffix}`,
    username: 'Han',
    givenName: 'Meimei',
    mobile: '13900139002',
  };
  // An ICBC debit card (BIN 622202); 6 is its Luhn check digit.
  const card = '6222020200112233446';
  let code = '';
  let subscriptionDate = '';
  /**
   * A day after the earliest: winners pay at the open after T+2 (no data stamps T+2's evening),
   * and the screen should show them paid before the listing turns them into positions.
   */
  let listingDate = '';

  const sqlRows = async <T>(query: string): Promise<T[]> =>
    ((await database.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    [database, redis, browser] = await Promise.all([
      scratchPostgres(),
      PrivateRedis.start(),
      launchBrowser(),
    ]);
    product = await startProduct({
      DATABASE_URL: database.url,
      ...testClockEnv(redis),
      REAL_NAME_AUTO_APPROVE: 'false',
      IPO_AUTO_ALLOTMENT: 'false',
      FEED_SYMBOLS: '300',
      FEED_BACKFILL_DAYS: '5',
      FEED_BACKFILL_MINUTE_DAYS: '1',
      // The bank simulator's faults have tests of their own; here every transfer goes through.
      BANK_SIM_DECLINE_RATE: '0',
      BANK_SIM_TIMEOUT_RATE: '0',
      BANK_SIM_LOST_CALLBACK_RATE: '0',
    });
    const phone = async () => BackOfficeScreens.on(await newPhonePage(browser), product.baseUrl);
    [user, admin] = await Promise.all([phone(), phone()]);
  });
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await redis?.stop();
    await database?.close();
  });

  it('keeps the back office from an ordinary user, on the screen and in the API', async () => {
    await user.register(person);
    await user.page.waitForURL((url) => url.pathname !== '/register');
    expect(await user.openBackOffice()).toBe(
      'The back office is for staff with the admin role. Your account does not have it.',
    );
    const refused = await user.page.request.get(`${product.baseUrl}/api/admin/realName`, {
      headers: { token: await user.session() },
    });
    expect(refused.status()).toBe(403);
  });

  it('has back office pass the real name, then the user sets a payment password, binds a card and transfers in', async () => {
    await admin.register(staff);
    await admin.page.waitForURL((url) => url.pathname !== '/register');
    // No one can make themselves an admin: the role is given in the database.
    await sqlRows(`update users set role = 'admin' where account = '${staff.account}'`);
    await admin.logOut();
    await admin.logIn(staff.account, staff.password);
    await admin.page.waitForURL((url) => url.pathname !== '/login');
    await admin.open('/my');
    await admin.page.getByTestId('my-link-backOffice').click();
    await admin.waitForPath('/admin');
    expect(await admin.openBackOffice()).toBe('desk');

    expect(await user.submitRealName('李雷', '11010519491231002X')).toBe('Under review');
    expect(await admin.passRealName(person.account)).toBe('李雷 is verified.');
    await user.waitForRealName('Verified');

    expect(await user.setPayPassword(PIN)).toBe('Payment password saved.');
    expect(await user.bindCard(card)).toBe('Bank: Industrial and Commercial Bank of China');
    await user.transferIn('30000');
    expect(await user.settledTransfers()).toEqual(['passed']);
  }, 240_000);

  it('subscribes to a new issue that back office creates, undersubscribed so every unit wins', async () => {
    // The next trading day's open: the issue created now is subscribed on that day (T).
    subscriptionDate = (await skipMarketTo(product, redis, SUBSCRIPTIONS_OPEN)).tradingDate;
    listingDate = exchangeCalendar.nextTradingDay(earliestListingDate(subscriptionDate));
    code = `606${String(Number.parseInt(suffix, 16) % 1000).padStart(3, '0')}`;
    // A 606 code the simulated market does not list (the feed's listing of 300 leaves most free).
    for (let n = 0; ; n++) {
      // The quotes route answers 404 for a code the market does not list.
      const quotes = await user.page.request.get(`${product.baseUrl}/api/market/quotes?symbols=${code}`);
      if (quotes.status() === 404) break;
      if (n === 50) throw new Error('no free 606 code');
      code = `606${String((Number(code.slice(3)) + 7) % 1000).padStart(3, '0')}`;
    }
    expect(
      await admin.createIssue({
        code,
        name: '星河新材',
        price: '10.00',
        // 10,000,000 offered, 1,000 asked: every number wins.
        onlineShares: '10000000',
        subscriptionDate,
        listingDate,
      }),
    ).toBe(`${code} 星河新材 created: subscription on ${subscriptionDate}.`);

    // The quota looks at 20 trading days of holdings the user never had: give them 100,000 CNY a day.
    const [found] = await sqlRows<{ id: string }>(`select id from users where account = '${person.account}'`);
    await giveHoldingHistory(database.database.db, {
      userId: found?.id ?? '',
      exchange: 'SSE',
      subscriptionDate,
      marketValue: '100000.00',
    });

    expect(await user.subscribe(code, '1000', PIN)).toBe('Subscribed for 1,000 shares.');
    await user.waitForSubscription(code, 'Awaiting the draw');
  }, 240_000);

  it('has back office run the draw from the desk, watching it to the end; the user is told the result', async () => {
    // T's close ends the subscription: the issue waits for its draw.
    await skipMarketTo(product, redis, '15:01');
    await admin.waitForIssueStatus(code, 'awaiting_allotment', 60_000);
    const batch = await admin.runAllotment(code);
    expect(batch).toEqual({
      started: 'Run 1 of the allotment started.',
      status: 'awaiting_payment',
      figures: {
        run: '1',
        chunks: '1 of 1 done',
        subscriptions: '1',
        numbers: '2',
        winners: '2 found of 2 drawn',
      },
    });
    const messages = await user.waitForMessage('1,000 shares allotted to you');
    expect(messages.find((m) => m.includes('allotted to you'))).toContain(`星河新材 (${code})`);
  }, 300_000);

  it('pays on T+2, holds the shares from the listing day, and transfers cash out', async () => {
    await skipPastPayment(product, redis, code, SUBSCRIPTIONS_OPEN);
    await user.waitForSubscription(code, 'Paid', 120_000);
    const log = await user.moneyLog();
    expect(log.map((l) => l.amount)).toContain('-10,000.00');
    await skipToDay(product, redis, listingDate, SUBSCRIPTIONS_OPEN);
    expect(await user.waitForPosition(code, 120_000)).toEqual({
      quantity: '1,000',
      sellable: expect.any(String),
    });

    await user.transferOut('5000', PIN);
    expect(await user.settledTransfers()).toEqual(['passed', 'passed']);
  }, 600_000);
});
