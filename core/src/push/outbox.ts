import { PUSH_QUEUES } from '@bourse/shared';
import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { SentMessage } from '../messages/notify.ts';
import { bullPrefix } from '../platform/queues.ts';
import { ThrottledWarning } from '../platform/throttledWarning.ts';
import { pushTopicOf } from './topics.ts';

/**
 * A push job retries with backoff while the push service is down; the delivery claims
 * (push_deliveries) make a retry skip the devices already reached.
 */
export const PUSH_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: 1_000,
};

export const pushJobId = (messageId: string) => `push-${messageId}`;

/** Hands committed messages to the push worker; never throws (the message is stored already). */
export interface PushOutbox {
  add(sent: readonly SentMessage[]): void;
}

export function pushQueue(redis: Redis, redisPrefix: string): Queue {
  return new Queue(PUSH_QUEUES.deliveries, { connection: redis, prefix: bullPrefix(redisPrefix) });
}

/**
 * One job per message of a pushed kind, its id the message's: a message published twice is
 * queued once. Whether the user wants it and has a device is the worker's question.
 */
export function redisPushOutbox(redis: Redis, redisPrefix: string): PushOutbox {
  const queue = pushQueue(redis, redisPrefix);
  const failed = new ThrottledWarning('push: messages not queued');
  queue.on('error', (err) => failed.warn({ err: err.message }));
  return {
    add(sent) {
      const jobs = sent
        .filter(({ message }) => pushTopicOf(message) !== null)
        .map(({ message }) => ({
          name: 'push',
          data: { messageId: message.id },
          opts: { ...PUSH_JOB_OPTIONS, jobId: pushJobId(message.id) },
        }));
      if (jobs.length === 0) return;
      // A lost push costs a notification; the inbox still has the message.
      queue.addBulk(jobs).catch((err: Error) => failed.warn({ err: err.message, messages: jobs.length }));
    },
  };
}
