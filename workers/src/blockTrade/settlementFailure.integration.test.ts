import { randomUUID } from 'node:crypto';
import {
  failedSettlements,
  retrySettlement,
  SETTLEMENT_JOB_OPTIONS,
  settleBlockOrder,
  settlementQueue,
} from '@bourse/core/blockTrade';
import {
  auditBlockTrades,
  createUser,
  HEALTHY,
  MarketDouble,
  openTestDatabase,
  queueSettlements,
  quote,
} from '@bourse/core/blockTrade/testing';
import { DB_KINDS } from '@bourse/core/market/history/testing';
import { redisMessagePublisher } from '@bourse/core/messages';
import { bullPrefix, type Database, logger } from '@bourse/core/platform';
import { redisMarketView, redisUserEvents } from '@bourse/core/trading';
import { BLOCK_TRADE_JOBS, BLOCK_TRADE_QUEUES, blockTradeJobIds } from '@bourse/shared';
import { type Queue, Worker } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { settlementProcessor } from './settlementWorker.ts';
import { AFTER_BUY, AFTER_SELL, outcomes, placeOrders, QUOTE, SYMBOL } from './testing/orders.ts';

const TODAY = '2026-07-07';

describe.each(DB_KINDS)('a block-trade settlement that fails every attempt, on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let queue: Queue;
  let worker: Worker;
  /** The counterparty link is down while this holds: every settle attempt throws. */
  let broken = true;

  beforeAll(async () => {
    logger.level = 'silent';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = settlementQueue(redis, prefix);
    const market = redisMarketView(redis, prefix);
    const processor = settlementProcessor({
      db: database.db,
      queue,
      market,
      events: redisUserEvents(redis, prefix, market),
      answer: () => {
        if (broken) throw new Error('counterparty link down');
        return { status: 'settled' };
      },
      latencyMs: 0,
      messages: redisMessagePublisher(redis, prefix),
    });
    worker = new Worker(BLOCK_TRADE_QUEUES.settlement, processor, {
      connection: redis.duplicate(),
      prefix: bullPrefix(prefix),
      concurrency: 2,
    });
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  const messagesOf = async (userId: string, kind: string) =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from messages where user_id = ${userId} and kind = ${kind}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n,
    );

  it('shows on the desk, tells back office, and settles once on a retry with everything released', async () => {
    const { db } = database;
    const market = new MarketDouble(redis, prefix);
    await market.quotes(quote(SYMBOL, QUOTE));
    await market.status({ phase: 'continuous', tradingDate: TODAY });
    const admin = await createUser(db);
    await db.execute(sql`update users set role = 'admin' where id = ${admin}`);
    const placed = await placeOrders(db, redis, prefix, { buyers: 1, sellers: 1, tradingDate: TODAY });
    const frozenBefore = await outcomes(db);

    // The settle jobs as the batch adds them, with two quick attempts instead of ten slow ones.
    await queue.addBulk(
      placed.map(({ orderId }) => ({
        name: BLOCK_TRADE_JOBS.settle,
        data: { orderId },
        opts: {
          ...SETTLEMENT_JOB_OPTIONS,
          attempts: 2,
          backoff: { type: 'fixed', delay: 20 },
          jobId: blockTradeJobIds.settle({ orderId }),
        },
      })),
    );
    await vi.waitFor(async () => expect(await failedSettlements(db)).toHaveLength(2), {
      timeout: 20_000,
      interval: 50,
    });
    await vi.waitFor(
      async () =>
        expect(
          await Promise.all(
            placed.map(async (p) => (await queue.getJob(blockTradeJobIds.settle(p)))?.getState()),
          ),
        ).toEqual(placed.map(() => 'failed')),
      { timeout: 10_000, interval: 50 },
    );

    const failed = await failedSettlements(db);
    expect(failed.map((f) => f.id).sort()).toEqual(placed.map((p) => p.orderId).sort());
    expect(failed.every((f) => f.status === 'pending' && f.settleError === 'counterparty link down')).toBe(
      true,
    );
    expect(await messagesOf(admin, 'blockTradeSettlementFailed')).toBe(2);
    // Still frozen: the buyer's cash and the seller's shares have not moved.
    expect(await outcomes(db)).toEqual(frozenBefore);
    // The batch's own path cannot help: the failed jobs keep their ids taken.
    await queueSettlements(db, queue);
    for (const p of placed)
      expect(await (await queue.getJob(blockTradeJobIds.settle(p)))?.getState()).toBe('failed');

    broken = false;
    for (const { orderId } of placed)
      expect((await retrySettlement(db, queue, orderId)).status).toBe('pending');
    expect(await failedSettlements(db)).toEqual([]);
    await vi.waitFor(
      async () => expect((await outcomes(db)).every((o) => o.status === 'settled')).toBe(true),
      { timeout: 20_000, interval: 50 },
    );

    const settled = await outcomes(db);
    const bySide = (side: 'buy' | 'sell') => settled.find((o) => o.side === side)!;
    expect(bySide('buy')).toMatchObject({ status: 'settled', cash: AFTER_BUY, shares: 300_000, messages: 1 });
    expect(bySide('sell')).toMatchObject({ status: 'settled', cash: AFTER_SELL, shares: 0, messages: 1 });
    // Nothing settles twice: neither another retry nor the settlement run again.
    await expect(retrySettlement(db, queue, placed[0]!.orderId)).rejects.toMatchObject({
      key: 'blockTrade.notPending',
    });
    expect(await settleBlockOrder(db, placed[0]!.orderId, () => ({ status: 'settled' }))).toBeNull();
    expect(await auditBlockTrades(db)).toEqual(HEALTHY);
    expect(await messagesOf(admin, 'blockTradeSettlementFailed')).toBe(2);
  });
});
