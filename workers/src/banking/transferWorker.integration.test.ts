import { randomUUID } from 'node:crypto';
import { auditBanking, DB_KINDS, HEALTHY, openTestDatabase } from '@bourse/core/banking/testing';
import { type Database, loadConfig } from '@bourse/core/platform';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedBankOptions } from './simulatedBank.ts';
import { auditingCount, cashByCustomer, fileTransfers, newCustomer } from './testing/transfers.ts';
import { troubledBank } from './testing/troubledBank.ts';
import { bankTransferService } from './transferWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const TROUBLED = troubledBank('worker-test');

describe.each(DB_KINDS)('the bank-transfer worker on %s', (kind) => {
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
    running = await bankTransferService({
      redisPrefix: prefix,
      bank: { ...TROUBLED, ...bank },
      recheckMs: 100,
      sweepEveryMs: 1_000,
      maxRetryDelayMs: 2_000,
      lockDurationMs: 2_000,
      stalledIntervalMs: 1_000,
    }).start({ config: loadConfig({}), database, redisUrl: REDIS_URL, redisPrefix: prefix });
  };

  it('settles every transfer exactly once through declines, timeouts, repeated and lost callbacks', async () => {
    const { db } = database;
    const customers = [];
    for (let i = 0; i < 4; i++) customers.push(await newCustomer(db));
    const ids = await fileTransfers(db, redis, prefix, customers, 6);
    await startWorker();
    await vi.waitFor(async () => expect(await auditingCount(db)).toBe(0), { timeout: 240_000, interval: 50 });

    expect(await auditBanking(db)).toEqual(HEALTHY);
    for (const c of await cashByCustomer(db)) {
      expect(c.cash).toBe(c.expected);
      expect(c.messages).toBe(c.transfers);
    }
    const statuses = await db.query.bankTransfers.findMany({ columns: { id: true, status: true } });
    expect(statuses.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['passed', 'refused']));
  }, 300_000);

  it('refuses as expired a transfer the bank never received in time, and releases its cash', async () => {
    const { db } = database;
    const customer = await newCustomer(db);
    const before = await cashByCustomer(db);
    // Nothing left to submit: the request lapses the moment it is made.
    const ids = await fileTransfers(db, redis, prefix, [customer], 2, 0);
    await startWorker({ timeoutRate: 0 });
    await vi.waitFor(async () => expect(await auditingCount(db)).toBe(0), { timeout: 30_000, interval: 50 });
    const rows = await db.query.bankTransfers.findMany({
      columns: { status: true, refusalReason: true },
      where: (t, { inArray }) => inArray(t.id, ids),
    });
    expect(rows).toEqual([
      { status: 'refused', refusalReason: 'expired' },
      { status: 'refused', refusalReason: 'expired' },
    ]);
    expect(await auditBanking(db)).toEqual(HEALTHY);
    expect((await cashByCustomer(db)).map((c) => c.cash)).toEqual(before.map((c) => c.cash));
  }, 60_000);

  it('re-enqueues auditing transfers from PostgreSQL when Redis has lost the queues', async () => {
    const { db } = database;
    const customer = await newCustomer(db);
    await fileTransfers(db, redis, prefix, [customer], 4);
    // A Redis restarted without its data: every queue key is gone, the transfers are not.
    const queueKeys = await redis.keys(`${prefix}{bull}*`);
    if (queueKeys.length > 0) await redis.del(...queueKeys);
    expect(await auditingCount(db)).toBe(4);
    await startWorker({ timeoutRate: 0, lostCallbackRate: 0 });
    await vi.waitFor(async () => expect(await auditingCount(db)).toBe(0), { timeout: 30_000, interval: 50 });
    expect(await auditBanking(db)).toEqual(HEALTHY);
    for (const c of await cashByCustomer(db)) expect(c.cash).toBe(c.expected);
  }, 60_000);
});
