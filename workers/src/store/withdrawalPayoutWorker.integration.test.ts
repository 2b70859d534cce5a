import { randomUUID } from 'node:crypto';
import { DB_KINDS, openTestDatabase } from '@bourse/core/banking/testing';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { type Database, loadConfig } from '@bourse/core/platform';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedBankOptions } from '../banking/simulatedBank.ts';
import { troubledBank } from '../banking/testing/troubledBank.ts';
import {
  newWithdrawer,
  passWithdrawals,
  payingCount,
  STARTING_BALANCE,
  walletsByShopper,
  wrongWithdrawalEntries,
} from './testing/withdrawals.ts';
import { withdrawalPayoutService } from './withdrawalPayoutWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const TROUBLED = troubledBank('payout-test');

describe.each(DB_KINDS)('the withdrawal payout worker on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let running: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL);
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  const startWorker = async (bank: Partial<SimulatedBankOptions> = {}) => {
    running = await withdrawalPayoutService({
      redisPrefix: prefix,
      bank: { ...TROUBLED, ...bank },
      recheckMs: 100,
      sweepEveryMs: 1_000,
      maxRetryDelayMs: 2_000,
      lockDurationMs: 2_000,
      stalledIntervalMs: 1_000,
    }).start({ config: loadConfig({}), database, redisUrl: REDIS_URL, redisPrefix: prefix });
  };

  it('settles every passed withdrawal exactly once through declines, timeouts, repeated and lost callbacks', async () => {
    const { db } = database;
    const shoppers = [];
    for (let i = 0; i < 4; i++) shoppers.push(await newWithdrawer(db));
    const ids = await passWithdrawals(db, redis, prefix, shoppers, 6);
    expect(await payingCount(db)).toBe(24);
    await startWorker();
    await vi.waitFor(async () => expect(await payingCount(db)).toBe(0), { timeout: 240_000, interval: 100 });

    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
    expect(await wrongWithdrawalEntries(db)).toBe(0);
    for (const w of await walletsByShopper(db)) {
      expect({ balance: w.balance, frozen: w.frozen }).toEqual({ balance: w.expected, frozen: '0.00' });
      expect(w.messages).toBe(w.withdrawals);
    }
    const rows = await db.query.storeWithdrawals.findMany({
      columns: { id: true, state: true, reason: true, bankReference: true },
    });
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['passed', 'refuse']));
    for (const r of rows.filter((r) => r.state === 'refuse')) expect(r.reason).toBe('declined');
    for (const r of rows) expect(r.bankReference).toMatch(/^SIM/);
  }, 300_000);

  it('refuses as expired a payout the bank never received in time, and releases the money', async () => {
    const { db } = database;
    const shopper = await newWithdrawer(db);
    // Nothing left to submit: the bank's request lapses the moment back office passes it.
    const ids = await passWithdrawals(db, redis, prefix, [shopper], 2, 0);
    await startWorker({ timeoutRate: 0 });
    await vi.waitFor(async () => expect(await payingCount(db)).toBe(0), { timeout: 60_000, interval: 100 });
    const rows = await db.query.storeWithdrawals.findMany({
      columns: { state: true, reason: true },
      where: (w, { inArray }) => inArray(w.id, ids),
    });
    expect(rows).toEqual([
      { state: 'refuse', reason: 'expired' },
      { state: 'refuse', reason: 'expired' },
    ]);
    const mine = (await walletsByShopper(db)).find((w) => w.userId === shopper.userId);
    expect(mine).toMatchObject({ balance: STARTING_BALANCE.toFixed(2), frozen: '0.00', messages: 2 });
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  }, 90_000);

  it('re-enqueues paying withdrawals from PostgreSQL when Redis has lost the queues', async () => {
    const { db } = database;
    const shopper = await newWithdrawer(db);
    await passWithdrawals(db, redis, prefix, [shopper], 4);
    // A Redis restarted without its data: every queue key is gone, the withdrawals are not.
    const queueKeys = await redis.keys(`${prefix}{bull}*`);
    if (queueKeys.length > 0) await redis.del(...queueKeys);
    expect(await payingCount(db)).toBe(4);
    await startWorker({ timeoutRate: 0, lostCallbackRate: 0 });
    await vi.waitFor(async () => expect(await payingCount(db)).toBe(0), { timeout: 60_000, interval: 100 });
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
    expect(await wrongWithdrawalEntries(db)).toBe(0);
    for (const w of await walletsByShopper(db)) expect(w.balance).toBe(w.expected);
  }, 90_000);
});
