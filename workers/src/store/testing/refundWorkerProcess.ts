/**
 * The refund worker in a process of its own, for the kill -9 test: the real service under
 * REDIS_PREFIX with a quick sweep. Says `started` over IPC; exits when the parent goes away.
 */
import { runServiceProcess } from '../../testing/serviceProcess.ts';
import { refundService } from '../refundWorker.ts';

await runServiceProcess(refundService({ redisPrefix: process.env.REDIS_PREFIX, sweepEveryMs: 500 }));
