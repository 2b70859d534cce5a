/** The purge of expired sessions as a BullMQ job scheduler: lookups ignore them, this deletes them. */

import { purgeExpiredSessions } from '@bourse/core/accounts';
import { logger } from '@bourse/core/platform';
import { ACCOUNT_JOBS, ACCOUNT_QUEUES } from '@bourse/shared';
import { Queue, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import type { BackgroundService } from '../service.ts';

export interface SessionPurgeOptions {
  redisPrefix?: string;
  /** How often expired sessions are deleted; a session lives 3 days, so hourly keeps the backlog small. */
  everyMs?: number;
  /** Rows per DELETE statement. */
  batchSize?: number;
}

const PURGE_SCHEDULER = 'session-purge';

export function sessionPurgeService(options: SessionPurgeOptions = {}): BackgroundService {
  return {
    name: 'session-purge',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = new Queue(ACCOUNT_QUEUES.sessionPurge, { connection: bull.redis, prefix: bull.prefix });
      queue.on('error', (err) => logger.warn({ err: err.message }, 'session purge queue error'));
      const { db } = context.database;
      const worker = new Worker(
        ACCOUNT_QUEUES.sessionPurge,
        async () => {
          const purged = await purgeExpiredSessions(db, options.batchSize);
          if (purged > 0) logger.info({ purged }, 'sessions: expired ones purged');
          return { purged };
        },
        // One at a time: two purges would only race for the same rows.
        { connection: bull.blocking, prefix: bull.prefix, concurrency: 1 },
      );
      logWorkerProblems(worker, 'session purge');
      // One scheduler for the whole deployment, whichever worker upserts it.
      await queue.upsertJobScheduler(
        PURGE_SCHEDULER,
        { every: options.everyMs ?? 60 * 60_000 },
        { name: ACCOUNT_JOBS.purgeSessions, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
      return {
        async stop() {
          await worker.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
