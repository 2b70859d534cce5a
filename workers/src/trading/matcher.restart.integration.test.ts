import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
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
  scratchPostgres,
  serviceDeps,
  TODAY,
} from '@bourse/core/trading/testing';
import { Dec, FEED_KEYS, feedShard, feedTradesMessageSchema, type TradeTick } from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkReady } from '../testing/forkReady.ts';
import { until } from '../testing/until.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = '604000';
const USERS = 20;
const ORDER_QUANTITY = 1000;
const TICK_VOLUME = 100;
const TICKS = ORDER_QUANTITY / TICK_VOLUME;

function spawnMatcher(env: Record<string, string>) {
  const { child, ready } = forkReady(new URL('./testing/matcherProcess.ts', import.meta.url), 'held', env);
  return { child, held: ready };
}

describe('the matcher killed in the middle of a burst of fills (postgres)', () => {
  const prefix = `test:${randomUUID()}:`;
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let redis: Redis;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await scratchPostgres();
    redis = new Redis(REDIS_URL);
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

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await scratch?.close();
  });

  const ticks: TradeTick[] = Array.from({ length: TICKS }, (_, i) => ({
    price: '9.99',
    volume: TICK_VOLUME,
    side: 'S',
    time: marketTime(TODAY, i + 1),
    seq: i + 1,
  }));
  const publishTicks = async () => {
    const channel = `${prefix}${FEED_KEYS.tradesChannel(feedShard(SYMBOL))}`;
    for (const t of ticks) {
      await redis.publish(
        channel,
        JSON.stringify(feedTradesMessageSchema.parse({ batches: [{ symbol: SYMBOL, trades: [t] }] })),
      );
    }
  };
  const fillCount = () => countRows(scratch.database.db, 'fills');

  it('has every fill once after a restart and the resent trades, and the ledger balances', async () => {
    const env = { DATABASE_URL: scratch.url, REDIS_URL, REDIS_PREFIX: prefix, LOCK_TTL_MS: '1000' };
    const first = spawnMatcher(env);
    children.push(first.child);
    await first.held;
    await publishTicks();
    await until(async () => (await fillCount()) >= USERS, 30_000);
    first.child.kill('SIGKILL');
    const atKill = await fillCount();
    expect(atKill).toBeLessThan(USERS * TICKS);

    // The dead matcher's locks expire; the feed resends the trades after a failover.
    const second = spawnMatcher(env);
    children.push(second.child);
    await second.held;
    await publishTicks();
    await until(async () => (await fillCount()) === USERS * TICKS, 60_000);

    const { db } = scratch.database;
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
    expect(await auditLedger(db)).toEqual({ total: '0.00', driftedAccounts: [], unbalancedEntries: [] });
  }, 120_000);
});
