import { BANK_QUEUES } from '@bourse/shared';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bankQueue } from '../../banking/transferQueue.ts';

/** The queue of passed withdrawals' payouts: a bank queue like the transfers', with their jobs and options. */
export const withdrawalPayoutQueue = (redis: Redis, redisPrefix: string): Queue =>
  bankQueue(BANK_QUEUES.withdrawalPayouts, redis, redisPrefix);
