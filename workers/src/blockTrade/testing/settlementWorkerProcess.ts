/**
 * The block-trade settlement worker in a process of its own, for the crash test: the real
 * service on PostgreSQL at DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX, its simulated
 * counterparties seeded by BLOCK_TRADE_SEED and answering after BLOCK_TRADE_LATENCY_MS. Tells its
 * parent over IPC once started; exits when the parent goes away.
 */

import { loadConfig, openDatabase } from '@bourse/server/platform';
import { blockTradeService } from '../settlementWorker.ts';

const config = loadConfig();
const database = await openDatabase(config);
const running = await blockTradeService({
  redisPrefix: process.env.REDIS_PREFIX,
  latencyMs: Number(process.env.BLOCK_TRADE_LATENCY_MS ?? 0),
  concurrency: 2,
  tickMs: 500,
  lockDurationMs: 1_000,
  stalledIntervalMs: 500,
}).start({ config, database, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
process.send?.({ type: 'started' });
process.once('disconnect', async () => {
  await running.stop();
  await database.close();
  process.exit(0);
});
