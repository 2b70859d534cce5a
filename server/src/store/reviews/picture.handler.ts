import { reviewPicture } from '@bourse/core/store/reviews/reviews.ts';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/appContext.ts';
import { sendPublicPicture } from '../images.handler.ts';

export const REVIEW_PICTURE_PATH = '/store/reviews/pictures/:id';

/**
 * GET /api/store/reviews/pictures/:id: a review's picture as the image itself, for <img src>
 * without a token (reviews are public). It never changes for its id.
 */
export function reviewPictureHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new DomainError('common.notFound');
    const picture = await reviewPicture(app.db, id.data);
    if (!picture) throw new DomainError('common.notFound');
    sendPublicPicture(res, picture);
  };
}
