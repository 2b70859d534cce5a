import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { troubledBankEnv } from '../banking/testing/troubledBank.ts';
import {
  newWithdrawer,
  passWithdrawals,
  payingCount,
  walletsByShopper,
  wrongWithdrawalEntries,
} from './testing/withdrawals.ts';

const SHOPPERS = 6;
const PER_SHOPPER = 8;
const WITHDRAWALS = SHOPPERS * PER_SHOPPER;

const WORKER = new URL('./testing/withdrawalPayoutWorkerProcess.ts', import.meta.url);

describe('the withdrawal payout worker killed in the middle of payouts (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
  }, 60_000);

  afterAll(() => harness?.cleanup());

  it(
    'settles every passed withdrawal once after kill -9 and restarts, and the ledger balances',
    async () => {
      const { db } = harness.scratch.database;
      const shoppers = [];
      for (let i = 0; i < SHOPPERS; i++) shoppers.push(await newWithdrawer(db));
      await passWithdrawals(db, harness.redis, harness.prefix, shoppers, PER_SHOPPER);
      const env = troubledBankEnv('payout-restart-test');
      const settledAtKill = await harness.killTwiceThenFinish({
        worker: WORKER,
        env,
        ready: 'started',
        total: WITHDRAWALS,
        done: async () => WITHDRAWALS - (await payingCount(db)),
      });
      expect(settledAtKill[1]).toBeLessThan(WITHDRAWALS);

      expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
      expect(await wrongWithdrawalEntries(db)).toBe(0);
      const after = await walletsByShopper(db);
      expect(after).toHaveLength(SHOPPERS);
      for (const w of after) {
        expect({ balance: w.balance, frozen: w.frozen }).toEqual({ balance: w.expected, frozen: '0.00' });
        expect({ messages: w.messages, withdrawals: w.withdrawals }).toEqual({
          messages: PER_SHOPPER,
          withdrawals: PER_SHOPPER,
        });
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
