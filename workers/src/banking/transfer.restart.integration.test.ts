import { auditBanking, HEALTHY } from '@bourse/core/banking/testing';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditingCount, cashByCustomer, fileTransfers, newCustomer } from './testing/transfers.ts';
import { troubledBankEnv } from './testing/troubledBank.ts';

const CUSTOMERS = 6;
const PER_CUSTOMER = 8;
const TRANSFERS = CUSTOMERS * PER_CUSTOMER;

const WORKER = new URL('./testing/transferWorkerProcess.ts', import.meta.url);

describe('the bank-transfer worker killed in the middle of transfers (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
  }, 60_000);

  afterAll(() => harness?.cleanup());

  it(
    'settles every transfer once after kill -9 and restarts, and the ledger balances',
    async () => {
      const { db } = harness.scratch.database;
      const customers = [];
      for (let i = 0; i < CUSTOMERS; i++) customers.push(await newCustomer(db));
      await fileTransfers(db, harness.redis, harness.prefix, customers, PER_CUSTOMER);
      const env = troubledBankEnv('restart-test');
      const settledAtKill = await harness.killTwiceThenFinish({
        worker: WORKER,
        env,
        ready: 'started',
        total: TRANSFERS,
        done: async () => TRANSFERS - (await auditingCount(db)),
      });
      expect(settledAtKill[1]).toBeLessThan(TRANSFERS);

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
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
