import { reviewQueue } from '@bourse/core/identity/review.ts';
import type { identityRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const reviewQueueHandler: Handler<typeof identityRoutes.reviewQueue> = async ({ app, query }) =>
  reviewQueue(app.db, query.status, query);
