/**
 * The payout worker in a process of its own, for the kill -9 test: the real service under
 * REDIS_PREFIX with a quick sweep. Says `started` over IPC; exits when the parent goes away.
 */
import { runServiceProcess } from '../../testing/serviceProcess.ts';
import { payoutService } from '../payoutWorker.ts';

await runServiceProcess(payoutService({ redisPrefix: process.env.REDIS_PREFIX, sweepEveryMs: 500 }));
