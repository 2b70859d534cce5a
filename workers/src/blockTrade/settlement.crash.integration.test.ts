import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type BlockOrderRow, settlementQueue } from '@bourse/core/blockTrade';
import {
  auditBlockTrades,
  HEALTHY,
  MarketDouble,
  queueSettlements,
  quote,
  scratchPostgres,
} from '@bourse/core/blockTrade/testing';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkReady } from '../testing/forkReady.ts';
import { until } from '../testing/until.ts';
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

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUYERS = 24;
const SELLERS = 12;
const ORDERS = BUYERS + SELLERS;
const SEED = 'crash-test-block-trades';
const TODAY = '2026-07-07';

const spawnWorker = (env: Record<string, string>) =>
  forkReady(new URL('./testing/settlementWorkerProcess.ts', import.meta.url), 'started', env);

describe('the block-trade settlement worker killed -9 mid-batch (postgres)', () => {
  const prefix = `test:${randomUUID()}:`;
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let redis: Redis;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await scratchPostgres();
    redis = new Redis(REDIS_URL);
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await scratch?.close();
  });

  it('settles each order exactly once as its counterparty decided, and the ledger balances', async () => {
    const { db } = scratch.database;
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
      DATABASE_URL: scratch.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      BLOCK_TRADE_SEED: SEED,
      BLOCK_TRADE_LATENCY_MS: '60',
    };
    // Twice: a worker is killed -9 once some orders have settled and others are in flight.
    const closedAtKill: number[] = [];
    for (let kill = 1; kill <= 2; kill++) {
      const worker = spawnWorker(env);
      children.push(worker.child);
      await worker.ready;
      const target = Math.round((ORDERS * kill) / 3);
      await until(async () => ORDERS - (await pendingCount(db)) >= target, 60_000);
      worker.child.kill('SIGKILL');
      closedAtKill.push(ORDERS - (await pendingCount(db)));
    }
    expect(closedAtKill[1]).toBeLessThan(ORDERS);

    const last = spawnWorker(env);
    children.push(last.child);
    await last.ready;
    await until(async () => (await pendingCount(db)) === 0, 120_000);

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
  }, 900_000);
});
