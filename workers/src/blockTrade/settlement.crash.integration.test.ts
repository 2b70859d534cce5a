import { type BlockOrderRow, settlementQueue } from '@bourse/core/blockTrade';
import {
  auditBlockTrades,
  HEALTHY,
  MarketDouble,
  queueSettlements,
  quote,
} from '@bourse/core/blockTrade/testing';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRM_RATE, simulatedCounterparties } from './counterparties.ts';
import {
  AFTER_BUY,
  AFTER_SELL,
  outcomes,
  pendingCount,
  placeOrders,
  QUOTE,
  STARTING_CASH,
  SYMBOL,
} from './testing/orders.ts';

const BUYERS = 24;
const SELLERS = 12;
const ORDERS = BUYERS + SELLERS;
const SEED = 'crash-test-block-trades';
const TODAY = '2026-07-07';

const WORKER = new URL('./testing/settlementWorkerProcess.ts', import.meta.url);

describe('the block-trade settlement worker killed -9 mid-batch (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
  }, 60_000);

  afterAll(() => harness?.cleanup());

  it(
    'settles each order exactly once as its counterparty decided, and the ledger balances',
    async () => {
      const { redis, prefix } = harness;
      const { db } = harness.scratch.database;
      const market = new MarketDouble(redis, prefix);
      await market.quotes(quote(SYMBOL, QUOTE));
      await market.status({ phase: 'continuous', tradingDate: TODAY });
      const placed = await placeOrders(db, redis, prefix, {
        buyers: BUYERS,
        sellers: SELLERS,
        tradingDate: TODAY,
      });
      const queue = settlementQueue(redis, prefix);
      // The back office's trigger: one settle job per pending order.
      expect(await queueSettlements(db, queue)).toBe(ORDERS);
      await queue.close();

      const env = {
        BLOCK_TRADE_SEED: SEED,
        BLOCK_TRADE_LATENCY_MS: '60',
      };
      const closedAtKill = await harness.killTwiceThenFinish({
        worker: WORKER,
        env,
        ready: 'started',
        total: ORDERS,
        done: async () => ORDERS - (await pendingCount(db)),
      });
      expect(closedAtKill[1]).toBeLessThan(ORDERS);

      expect(await auditBlockTrades(db)).toEqual(HEALTHY);
      // The answers recomputed apart from the worker: the same seed decides the same.
      const answer = simulatedCounterparties({ seed: SEED, confirmRate: DEFAULT_CONFIRM_RATE });
      const rows = await outcomes(db);
      expect(rows).toHaveLength(ORDERS);
      let settled = 0;
      for (const row of rows) {
        const expected = answer({ id: row.id } as BlockOrderRow);
        const owner = placed.find((p) => p.orderId === row.id);
        expect(owner?.side).toBe(row.side);
        const done = expected.status === 'settled';
        if (done) settled++;
        expect({ status: row.status, reason: row.refusal_reason, messages: row.messages }).toEqual({
          status: expected.status,
          reason: expected.status === 'refused' ? expected.reason : null,
          messages: 1,
        });
        const cash = done ? (row.side === 'buy' ? AFTER_BUY : AFTER_SELL) : STARTING_CASH.toFixed(2);
        const shares = row.side === 'buy' ? (done ? 300_000 : 0) : done ? 0 : 300_000;
        expect({ cash: row.cash, shares: row.shares }).toEqual({ cash, shares });
      }
      // The seed was chosen blind; both outcomes occur among 36 orders at an 85% rate.
      expect(settled).toBeGreaterThan(0);
      expect(settled).toBeLessThan(ORDERS);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
