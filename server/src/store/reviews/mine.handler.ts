import { myReviews } from '@bourse/core/store/reviews/reviews.ts';
import type { reviewRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const myReviewsHandler: Handler<typeof reviewRoutes.mine> = (ctx) =>
  myReviews(ctx.app.db, signedIn(ctx).userId, ctx.query, ctx.locale);
