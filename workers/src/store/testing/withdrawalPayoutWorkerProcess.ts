/**
 * The withdrawal payout worker in a process of its own, for the restart test: the real service
 * under REDIS_PREFIX, against the simulated bank configured by BANK_SIM_*. Says `started` over
 * IPC; exits when the parent goes away.
 */
import { simulatedBankOptionsFromEnv } from '../../banking/bankOptions.ts';
import { runServiceProcess } from '../../testing/serviceProcess.ts';
import { withdrawalPayoutService } from '../withdrawalPayoutWorker.ts';

await runServiceProcess(
  withdrawalPayoutService({
    redisPrefix: process.env.REDIS_PREFIX,
    bank: simulatedBankOptionsFromEnv(process.env),
    recheckMs: 200,
    sweepEveryMs: 1_000,
    lockDurationMs: 1_000,
    stalledIntervalMs: 500,
  }),
);
