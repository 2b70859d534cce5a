import { randomUUID } from 'node:crypto';
import { settleBlockOrder } from '@bourse/core/blockTrade/settle.ts';
import { recordSettlementFailure } from '@bourse/core/blockTrade/settlementFailures.ts';
import {
  auditBlockTrades,
  BlockTrader,
  givePosition,
  HEALTHY,
  MarketDouble,
  PAY_PASSWORD,
  quote,
} from '@bourse/core/blockTrade/testing.ts';
import { messages } from '@bourse/core/db/schema.ts';
import { journalEntries, ledgerAccounts, postings } from '@bourse/core/ledger/schema.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { sellableQuantity } from '@bourse/core/trading/execution.ts';
import { positions } from '@bourse/core/trading/schema.ts';
import { TODAY } from '@bourse/core/trading/testing/marketDouble.ts';
import { blockTradeRoutes, messageSchema, tradingRoutes } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { rowCounts, withoutWrites } from '../testing/rows.ts';
import { signUpAdmin, useTestServer } from '../testing/testServer.ts';

const order = blockTradeRoutes.place.response;
const account = tradingRoutes.account.response;
const NEXT_DAY = '2026-07-08';
const SYMBOL = '604000';
/** 300,000 shares at 3.00: the share minimum, 900,000.00 CNY (below the amount minimum). */
/** Generous: the tests share a loaded 2-core machine. */
const SLOW = 180_000;
const BUY = { symbol: SYMBOL, side: 'buy', kind: 'intraday', price: '3.00', quantity: 300_000 } as const;

describe.each(DB_KINDS)('block trades on %s', (kind) => {
  const t = useTestServer(kind);
  let market: MarketDouble;
  let me: BlockTrader;

  beforeEach(async () => {
    market = new MarketDouble(t.redis, t.redisPrefix);
    // A 3.00 stock on a 3.00 close: band 2.70–3.30.
    await market.quotes(
      quote(SYMBOL, { price: '3.00', prevClose: '3.00', limitUp: '3.30', limitDown: '2.70' }),
    );
    await market.status({ phase: 'continuous' });
    me = await BlockTrader.signUp(t);
  }, SLOW);

  const balance = async (who = me) => expectOk(await who.account(), account);
  const buy = (body: object = {}) => me.place({ ...BUY, payPassword: PAY_PASSWORD, ...body });
  const db = () => t.database.db;

  it(
    'refuses every bad order with its reason and writes nothing',
    async () => {
      const refused = (body: object, key: Parameters<typeof expectRefused>[2], params = {}) =>
        expectRefused(db(), () => buy(body), key, params);
      await expectRefused(
        db(),
        () => me.place({ ...BUY, payPassword: PAY_PASSWORD }, { key: null }),
        'common.idempotencyKeyInvalid',
      );
      await refused({ symbol: 'abc' }, 'market.badSymbol');
      await refused({ symbol: '604999' }, 'market.unknownSymbol', { symbol: '604999' });
      await refused({ kind: 'dark' }, 'blockTrade.kindInvalid');
      await refused({ side: 'short' }, 'order.sideInvalid');
      await refused({ price: '3e0' }, 'order.priceInvalid');
      await refused({ quantity: 1.5 }, 'order.quantityInvalid');
      await refused({ price: '3.001' }, 'order.priceOffTick', { tick: '0.01' });
      await refused({ price: '3.31' }, 'blockTrade.priceAboveRange', { up: '3.30' });
      await refused({ price: '2.69' }, 'blockTrade.priceBelowRange', { down: '2.70' });
      await refused({ quantity: 299_900 }, 'blockTrade.belowMinimum', { shares: 300_000, amount: '2000000' });
      await refused({ quantity: 300_050 }, 'order.lotMultiple', { lot: 100 });
      await refused({ kind: 'afterHours' }, 'blockTrade.afterHoursClosed');
      await refused({ quantity: 700_000 }, 'order.insufficientCash', {
        needed: '2100546.00',
        available: '1000000.00',
      });
      await refused({ payPassword: undefined }, 'payPassword.required');
      await refused({ payPassword: '000000' }, 'payPassword.wrong', { attemptsLeft: 4 });
      await refused({ side: 'sell', payPassword: undefined }, 'order.exceedsSellable', { sellable: 0 });

      const stranger = await BlockTrader.signUp(t, { verified: false });
      await expectRefused(
        db(),
        () => stranger.place({ ...BUY, payPassword: PAY_PASSWORD }),
        'identity.notVerified',
      );

      await market.status({ phase: 'lunchBreak' });
      await refused({}, 'blockTrade.closed');
      // After hours only at the close: the last price, 3.05.
      await market.quotes(
        quote(SYMBOL, { price: '3.05', prevClose: '3.00', limitUp: '3.30', limitDown: '2.70' }),
      );
      await market.status({ phase: 'afterHoursFixed' });
      await refused({ kind: 'afterHours', price: '3.00' }, 'blockTrade.afterHoursAtClose', { close: '3.05' });
      expectOk(await buy({ kind: 'afterHours', price: '3.05' }), order);

      await expectRefused(db(), () => me.cancel(randomUUID()), 'blockTrade.notFound');
      await expectRefused(db(), () => me.cancel('not-an-id'), 'blockTrade.notFound');
      expect(await auditBlockTrades(db())).toEqual(HEALTHY);
    },
    SLOW,
  );

  it(
    'lists a failed settlement on the admin desk and retries it; others may not, and a retry of a live one is refused',
    async () => {
      const placed = expectOk(await me.place({ ...BUY, payPassword: PAY_PASSWORD }), order);
      const admin = await signUpAdmin(t);
      const desk = (token = admin.token) => t.api.get('/api/admin/blockTrade/failed', { token });
      const retry = (orderId: string, token = admin.token) =>
        t.api.post('/api/admin/blockTrade/retry', { orderId }, { token, lang: 'en' });
      const failedList = blockTradeRoutes.adminFailed.response;

      expect(expectOk(await desk(), failedList).list).toEqual([]);
      await expectRefused(db(), () => retry(placed.id), 'blockTrade.settlementNotFailed');
      await recordSettlementFailure(db(), placed.id, 'counterparty link down');
      const [failed] = expectOk(await desk(), failedList).list;
      expect(failed).toMatchObject({
        id: placed.id,
        status: 'pending',
        settleError: 'counterparty link down',
      });
      const [notice] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.userId, admin.user.id), eq(messages.kind, 'blockTradeSettlementFailed')));
      expect(notice?.params).toMatchObject({
        orderId: placed.id,
        symbol: SYMBOL,
        side: 'buy',
        amount: '900000.00',
      });

      expectFailure(await withoutWrites(db(), () => desk(me.token)), 'common.forbidden');
      await expectRefused(db(), () => retry(placed.id, me.token), 'common.forbidden');
      await expectRefused(db(), () => retry(randomUUID()), 'blockTrade.notFound');

      expect(expectOk(await retry(placed.id), order)).toMatchObject({ id: placed.id, status: 'pending' });
      expect(expectOk(await desk(), failedList).list).toEqual([]);
      // The fresh job is queued; it is not failed, so a second retry has nothing to do.
      await expectRefused(db(), () => retry(placed.id), 'blockTrade.settlementNotFailed');
      expect(await balance()).toMatchObject({ frozen: '900234.00' });
    },
    SLOW,
  );

  it(
    'freezes a buy with its fees, answers a repeated key with the first order and releases on cancel',
    async () => {
      const key = randomUUID();
      const placed = expectOk(await me.place({ ...BUY, payPassword: PAY_PASSWORD }, { key }), order);
      // 900,000.00 + commission 225.00 (0.025%) + transfer fee 9.00 (0.001%); no stamp duty on a buy.
      expect(placed).toMatchObject({
        status: 'pending',
        price: '3.00',
        amount: '900000.00',
        fees: '234.00',
        frozenCash: '900234.00',
        tradingDate: TODAY,
        closedAt: null,
      });
      expect(await balance()).toMatchObject({ available: '99766.00', frozen: '900234.00' });

      const before = await rowCounts(db());
      const again = await me.place({ ...BUY, payPassword: PAY_PASSWORD }, { key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(expectOk(again, order).id).toBe(placed.id);
      await expectRefused(
        db(),
        () => me.place({ ...BUY, price: '3.01', payPassword: PAY_PASSWORD }, { key }),
        'common.idempotencyConflict',
      );
      expect(await rowCounts(db())).toEqual(before);

      const cancelled = expectOk(await me.cancel(placed.id), blockTradeRoutes.cancel.response);
      expect(cancelled).toMatchObject({ status: 'cancelled', frozenCash: '0.00' });
      expect(await balance()).toMatchObject({ available: '1000000.00', frozen: '0.00' });
      await expectRefused(db(), () => me.cancel(placed.id), 'blockTrade.notPending');
      const listed = expectOk(await me.orders(), blockTradeRoutes.list.response);
      expect(listed.items.map((o) => [o.id, o.status])).toEqual([[placed.id, 'cancelled']]);
      expect(await auditBlockTrades(db())).toEqual(HEALTHY);
    },
    SLOW,
  );

  it(
    'settles a buy and a sell in one balanced entry each, fees to the cent, bought shares T+1',
    async () => {
      const seller = await BlockTrader.signUp(t);
      await givePosition(db(), seller.userId, {
        symbol: SYMBOL,
        quantity: 400_000,
        cost: '1200000.00',
        dayDate: '2026-07-06',
      });
      const bought = expectOk(await buy(), order);
      const sold = expectOk(
        await seller.place({
          symbol: SYMBOL,
          side: 'sell',
          kind: 'intraday',
          price: '3.10',
          quantity: 300_000,
        }),
        order,
      );
      const held = async (userId: string) =>
        (
          await db()
            .select()
            .from(positions)
            .where(and(eq(positions.userId, userId), eq(positions.symbol, SYMBOL)))
        )[0];
      expect((await held(seller.userId))?.frozenQuantity).toBe(300_000);
      expect(await auditBlockTrades(db())).toEqual(HEALTHY);

      const settle = (id: string) => settleBlockOrder(db(), id, () => ({ status: 'settled' }));
      expect((await settle(bought.id))?.order).toMatchObject({
        status: 'settled',
        frozenCash: '0.00',
        fees: '234.00',
      });
      expect((await settle(sold.id))?.order).toMatchObject({ status: 'settled', fees: '706.80' });
      // Settled once: a retried job finds nothing pending and writes nothing.
      const before = await rowCounts(db());
      expect(await settle(bought.id)).toBeNull();
      expect(
        await settleBlockOrder(db(), sold.id, () => ({ status: 'refused', reason: 'noCounterparty' })),
      ).toBeNull();
      expect(await rowCounts(db())).toEqual(before);

      expect(await balance()).toMatchObject({
        available: '99766.00',
        frozen: '0.00',
        withdrawable: '99766.00',
      });
      // 930,000.00 − commission 232.50 − stamp duty 465.00 (0.05%) − transfer fee 9.30 = 929,293.20, withdrawable tomorrow.
      expect(await balance(seller)).toMatchObject({ available: '1929293.20', withdrawable: '1000000.00' });

      const entry = async (orderId: string) => {
        const rows = await db()
          .select({ kind: ledgerAccounts.kind, amount: postings.amount, entry: journalEntries.kind })
          .from(journalEntries)
          .innerJoin(postings, eq(postings.entryId, journalEntries.id))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, journalEntries.kind)));
        return rows
          .filter((r) => r.entry === 'buy' || r.entry === 'sell')
          .map((r) => [r.kind, r.amount])
          .sort();
      };
      expect(await entry(bought.id)).toEqual(
        [
          ['commission', '225.00'],
          ['frozen', '-900234.00'],
          ['market', '900000.00'],
          ['transferFee', '9.00'],
        ].sort(),
      );
      expect(await entry(sold.id)).toEqual(
        [
          ['available', '929293.20'],
          ['commission', '232.50'],
          ['market', '-930000.00'],
          ['stampDuty', '465.00'],
          ['transferFee', '9.30'],
        ].sort(),
      );

      const mine = await held(me.userId);
      expect(mine).toMatchObject({ quantity: 300_000, cost: '900234.00', dayDate: TODAY });
      expect([sellableQuantity(mine, TODAY), sellableQuantity(mine, NEXT_DAY)]).toEqual([0, 300_000]);
      expect(await held(seller.userId)).toMatchObject({ quantity: 100_000, frozenQuantity: 0 });

      const notices = await db().select().from(messages).where(eq(messages.userId, seller.userId));
      expect(
        notices.map((m) => messageSchema.parse({ ...m, read: false, createdAt: '', marketAt: '' }).params),
      ).toEqual([
        {
          symbol: SYMBOL,
          name: `测试${SYMBOL}`,
          side: 'sell',
          price: '3.10',
          quantity: '300000',
          amount: '930000.00',
          status: 'settled',
        },
      ]);
      expect(await auditBlockTrades(db())).toEqual(HEALTHY);
    },
    SLOW,
  );

  it(
    'refuses an order without a counterparty: cash or shares released, the reason told',
    async () => {
      const seller = await BlockTrader.signUp(t);
      await givePosition(db(), seller.userId, {
        symbol: SYMBOL,
        quantity: 300_000,
        cost: '900000.00',
        dayDate: '2026-07-06',
      });
      const bought = expectOk(await buy(), order);
      const sold = expectOk(
        await seller.place({
          symbol: SYMBOL,
          side: 'sell',
          kind: 'intraday',
          price: '3.00',
          quantity: 300_000,
        }),
        order,
      );
      const refuse = (id: string) =>
        settleBlockOrder(db(), id, () => ({ status: 'refused', reason: 'priceNotAccepted' }));
      expect((await refuse(bought.id))?.order).toMatchObject({
        status: 'refused',
        refusalReason: 'priceNotAccepted',
      });
      expect((await refuse(sold.id))?.order).toMatchObject({ status: 'refused', fees: '0.00' });
      expect(await balance()).toMatchObject({ available: '1000000.00', frozen: '0.00' });
      const [holding] = await db().select().from(positions).where(eq(positions.userId, seller.userId));
      expect(holding).toMatchObject({ quantity: 300_000, frozenQuantity: 0 });
      const notices = await db().select().from(messages).where(eq(messages.userId, me.userId));
      expect(notices.map((m) => m.params)).toEqual([
        expect.objectContaining({ status: 'refused', reason: 'priceNotAccepted' }),
      ]);
      expect(await auditBlockTrades(db())).toEqual(HEALTHY);
    },
    SLOW,
  );
});
