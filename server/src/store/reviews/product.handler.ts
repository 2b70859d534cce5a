import { productReviews } from '@bourse/core/store/reviews/reviews.ts';
import type { reviewRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';

export const productReviewsHandler: Handler<typeof reviewRoutes.product> = ({ app, query, locale }) => {
  const { id, ...page } = query;
  return productReviews(app.db, id, page, locale);
};
