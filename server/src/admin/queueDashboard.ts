import { bullPrefix } from '@bourse/core/platform/queues.ts';
import {
  ACCOUNT_QUEUES,
  BANK_QUEUES,
  BLOCK_TRADE_QUEUES,
  FUND_QUEUES,
  IPO_QUEUES,
  MARKET_QUEUES,
  PUSH_QUEUES,
  STORE_QUEUES,
} from '@bourse/shared';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import express, { type Router } from 'express';
import { apiErrorHandler } from '../http/errorHandler.ts';
import type { AppContext } from '../platform/appContext.ts';
import { adminOnly } from './adminOnly.ts';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Every BullMQ queue of the workers: what back office watches and retries here. */
const DASHBOARD_QUEUES: readonly string[] = [
  ...Object.values(MARKET_QUEUES),
  ...Object.values(IPO_QUEUES),
  ...Object.values(BANK_QUEUES),
  ...Object.values(FUND_QUEUES),
  ...Object.values(BLOCK_TRADE_QUEUES),
  ...Object.values(ACCOUNT_QUEUES),
  ...Object.values(PUSH_QUEUES),
  ...Object.values(STORE_QUEUES),
];

/** bull-board at /admin/queues for admins: every queue's jobs, their progress, failures and retries. */
export function queueDashboard(app: AppContext): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  const prefix = bullPrefix(app.redisPrefix);
  createBullBoard({
    queues: DASHBOARD_QUEUES.map(
      (name) => new BullMQAdapter(new Queue(name, { connection: app.redis, prefix })),
    ),
    serverAdapter,
  });
  const router = express.Router();
  router.use(adminOnly(app));
  router.use(serverAdapter.getRouter());
  router.use(apiErrorHandler);
  return router;
}
