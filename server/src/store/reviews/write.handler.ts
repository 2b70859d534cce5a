import { writeReview } from '@bourse/core/store/reviews/reviews.ts';
import { DomainError, type reviewRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const writeReviewHandler: Handler<typeof reviewRoutes.write> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const uploads = ctx.uploads ?? { kind: 'files', files: [] };
  switch (uploads.kind) {
    case 'tooMany':
      throw new DomainError('review.tooManyPictures');
    case 'tooLarge':
      throw new DomainError('review.pictureTooLarge');
    case 'badType':
      throw new DomainError('review.pictureBadType');
    case 'files':
      return writeReview(ctx.app.db, userId, ctx.body, uploads.files, ctx.locale);
  }
};
