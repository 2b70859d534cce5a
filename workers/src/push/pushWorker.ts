/** The BullMQ worker of Web Push: one job per message, pushed to every device of its user. */

import type { Agent } from 'node:https';
import { type Db, logger } from '@bourse/core/platform';
import { deliverPush, type PushDeps, vapidKeyStore, vapidSubject } from '@bourse/core/push';
import { PUSH_QUEUES, pushJobSchema } from '@bourse/shared';
import { type Job, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';

export interface PushWorkerOptions {
  redisPrefix?: string;
  concurrency?: number;
  /** The HTTPS agent for push services (the tests trust their local endpoint's certificate with it). */
  agent?: Agent;
}

/** The job processor, apart from the worker so tests can drive it. */
export function pushProcessor(deps: PushDeps) {
  return async (job: Job) => {
    const { messageId } = parseJobData(pushJobSchema, job);
    const outcome = await deliverPush(deps, messageId);
    if (outcome.kind === 'pushed' && outcome.gone > 0)
      logger.info({ messageId, gone: outcome.gone }, 'push: gone subscriptions removed');
    return outcome;
  };
}

export function pushDeps(db: Db, mailFrom: string, agent?: Agent): PushDeps {
  return { db, vapidKeys: vapidKeyStore(db), subject: vapidSubject(mailFrom), ...(agent ? { agent } : {}) };
}

export function pushService(options: PushWorkerOptions = {}): BackgroundService {
  return {
    name: 'push-deliveries',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const processor = pushProcessor(pushDeps(context.database.db, context.config.mailFrom, options.agent));
      const worker = new Worker(PUSH_QUEUES.deliveries, processor, {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 8,
        // A job whose worker died runs again: the delivery claims keep devices already reached from a second push.
        maxStalledCount: 3,
      });
      logWorkerProblems(worker, 'push');
      return {
        async stop() {
          await worker.close();
          bull.disconnect();
        },
      };
    },
  };
}
