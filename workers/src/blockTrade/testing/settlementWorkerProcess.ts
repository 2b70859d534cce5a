/**
 * The block-trade settlement worker in a process of its own, for the crash test: the real
 * service under REDIS_PREFIX, its simulated counterparties answering after
 * BLOCK_TRADE_LATENCY_MS. Says `started` over IPC; exits when the parent goes away.
 */
import { runServiceProcess } from '../../testing/serviceProcess.ts';
import { blockTradeService } from '../settlementWorker.ts';

await runServiceProcess(
  blockTradeService({
    redisPrefix: process.env.REDIS_PREFIX,
    latencyMs: Number(process.env.BLOCK_TRADE_LATENCY_MS ?? 0),
    concurrency: 2,
    tickMs: 500,
    lockDurationMs: 1_000,
    stalledIntervalMs: 500,
  }),
);
