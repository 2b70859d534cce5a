import { randomUUID } from 'node:crypto';
import { encodeWireTrades } from '@bourse/core/market/feedWire.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import {
  allPositions,
  auditLedger,
  countRows,
  createUser,
  deposit,
  fillsPerOrder,
  MarketDouble,
  marketTime,
  quote,
  serviceDeps,
  TODAY,
} from '@bourse/core/trading/testing';
import { Dec, FEED_KEYS, feedShard, feedTradesMessageSchema, type TradeTick } from '@bourse/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const SYMBOL = '604000';
const USERS = 20;
const ORDER_QUANTITY = 1000;
const TICK_VOLUME = 100;
const TICKS = ORDER_QUANTITY / TICK_VOLUME;

const MATCHER = new URL('./testing/matcherProcess.ts', import.meta.url);

describe('the matcher killed in the middle of a burst of fills (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
    const { redis, prefix, scratch } = harness;
    const market = new MarketDouble(redis, prefix);
    await market.status();
    await market.quotes(quote(SYMBOL, { asks: [{ price: '10.50', volume: 1000 }] }));
    const deps = serviceDeps(scratch.database.db, redis, prefix);
    const { db } = scratch.database;
    for (let i = 0; i < USERS; i++) {
      const userId = await createUser(db);
      await db.transaction((tx) => deposit(tx, userId, new Dec(20_000), TODAY));
      const request = {
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        price: '10.00',
        quantity: ORDER_QUANTITY,
      } as const;
      await deps.orders.place(userId, request, randomUUID());
    }
  }, 60_000);

  afterAll(() => harness?.cleanup());

  const ticks: TradeTick[] = Array.from({ length: TICKS }, (_, i) => ({
    price: '9.99',
    volume: TICK_VOLUME,
    side: 'S',
    time: marketTime(TODAY, i + 1),
    seq: i + 1,
  }));
  const publishTicks = async () => {
    const { redis, prefix } = harness;
    const channel = `${prefix}${FEED_KEYS.tradesChannel(feedShard(SYMBOL))}`;
    for (const t of ticks) {
      await redis.publish(
        channel,
        encodeWireTrades(
          feedTradesMessageSchema.parse({ batches: [{ symbol: SYMBOL, trades: [t] }] }).batches,
        ),
      );
    }
  };
  const fillCount = () => countRows(harness.scratch.database.db, 'fills');

  it(
    'has every fill once after a restart and the resent trades, and the ledger balances',
    async () => {
      const env = { LOCK_TTL_MS: '1000' };
      const first = harness.fork(MATCHER, env);
      await first.sent('held');
      await publishTicks();
      await vi.waitFor(async () => expect(await fillCount()).toBeGreaterThanOrEqual(USERS), {
        timeout: 30_000,
        interval: 50,
      });
      await first.kill9();
      const atKill = await fillCount();
      expect(atKill).toBeLessThan(USERS * TICKS);

      // The dead matcher's locks expire; the feed resends the trades after a failover.
      await harness.fork(MATCHER, env).sent('held');
      await publishTicks();
      await vi.waitFor(async () => expect(await fillCount()).toBe(USERS * TICKS), {
        timeout: 60_000,
        interval: 50,
      });

      const { db } = harness.scratch.database;
      const perOrder = await fillsPerOrder(db);
      expect(perOrder).toHaveLength(USERS);
      for (const row of perOrder) {
        expect(row).toEqual({
          quantity: ORDER_QUANTITY,
          status: 'filled',
          fills: TICKS,
          filled: ORDER_QUANTITY,
          sources: TICKS,
        });
      }
      const held = await allPositions(db);
      expect(held).toHaveLength(USERS);
      for (const p of held) expect(p.quantity).toBe(ORDER_QUANTITY);
      expect(await auditLedger(db)).toEqual({
        total: '0.00',
        driftedAccounts: [],
        unbalancedEntries: [],
        negativeAccounts: [],
        escrowGap: '0.00',
        ordersOff: [],
      });
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
