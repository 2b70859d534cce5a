/**
 * The bank-transfer worker in a process of its own, for the restart test: the real service on
 * PostgreSQL at DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX, against the simulated
 * bank configured by BANK_SIM_*. Tells its parent over IPC once started; exits when the parent
 * goes away.
 */

import { loadConfig, openDatabase } from '@bourse/server/platform';
import { simulatedBankOptionsFromEnv } from '../bankOptions.ts';
import { bankTransferService } from '../transferWorker.ts';

const config = loadConfig();
const database = await openDatabase(config);
const running = await bankTransferService({
  redisPrefix: process.env.REDIS_PREFIX,
  bank: simulatedBankOptionsFromEnv(process.env),
  recheckMs: 200,
  sweepEveryMs: 1_000,
  lockDurationMs: 1_000,
  stalledIntervalMs: 500,
}).start({ config, database, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
process.send?.({ type: 'started' });
process.once('disconnect', async () => {
  await running.stop();
  await database.close();
  process.exit(0);
});
