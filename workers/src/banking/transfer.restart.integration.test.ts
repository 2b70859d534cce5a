import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { auditBanking, HEALTHY, scratchPostgres } from '@bourse/core/banking/testing';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkReady } from '../testing/forkReady.ts';
import { until } from '../testing/until.ts';
import { auditingCount, cashByCustomer, fileTransfers, newCustomer } from './testing/transfers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CUSTOMERS = 6;
const PER_CUSTOMER = 8;
const TRANSFERS = CUSTOMERS * PER_CUSTOMER;

const spawnWorker = (env: Record<string, string>) =>
  forkReady(new URL('./testing/transferWorkerProcess.ts', import.meta.url), 'started', env);

describe('the bank-transfer worker killed in the middle of transfers (postgres)', () => {
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

  it('settles every transfer once after kill -9 and restarts, and the ledger balances', async () => {
    const { db } = scratch.database;
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await newCustomer(db));
    await fileTransfers(db, redis, prefix, customers, PER_CUSTOMER);
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      BANK_SIM_SEED: 'restart-test',
      BANK_SIM_DECLINE_RATE: '0.2',
      BANK_SIM_TIMEOUT_RATE: '0.1',
      BANK_SIM_DUPLICATE_CALLBACK_RATE: '0.5',
      BANK_SIM_LOST_CALLBACK_RATE: '0.2',
      BANK_SIM_LATENCY_MS: '20-150',
      BANK_SIM_PROCESSING_MS: '300-1500',
      BANK_SIM_TIMEOUT_MS: '100',
    };
    // Twice: a worker is killed -9 once some transfers have settled and others are in flight.
    const settledAtKill: number[] = [];
    for (let kill = 1; kill <= 2; kill++) {
      const worker = spawnWorker(env);
      children.push(worker.child);
      await worker.ready;
      const target = Math.round((TRANSFERS * kill) / 3);
      await until(async () => TRANSFERS - (await auditingCount(db)) >= target, 60_000);
      worker.child.kill('SIGKILL');
      settledAtKill.push(TRANSFERS - (await auditingCount(db)));
    }
    expect(settledAtKill[1]).toBeLessThan(TRANSFERS);

    const last = spawnWorker(env);
    children.push(last.child);
    await last.ready;
    await until(async () => (await auditingCount(db)) === 0, 90_000);

    expect(await auditBanking(db)).toEqual(HEALTHY);
    const customersAfter = await cashByCustomer(db);
    expect(customersAfter).toHaveLength(CUSTOMERS);
    for (const c of customersAfter) {
      expect(c.cash).toBe(c.expected);
      expect({ messages: c.messages, transfers: c.transfers }).toEqual({
        messages: PER_CUSTOMER,
        transfers: PER_CUSTOMER,
      });
    }
  }, 240_000);
});
