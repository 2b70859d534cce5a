import type { identityRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { reviewQueue } from './review.ts';

export const reviewQueueHandler: Handler<typeof identityRoutes.reviewQueue> = async ({ app, query }) =>
  reviewQueue(app.db, query.status, query);
