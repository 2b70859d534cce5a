import { authenticate } from '@bourse/core/accounts/sessions.ts';
import { supportPicture } from '@bourse/core/support/chat.ts';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { sessionToken } from '../http/sessionToken.ts';
import type { AppContext } from '../platform/appContext.ts';

export const SUPPORT_PICTURE_PATH = '/support/pictures/:id';

/**
 * GET /api/support/pictures/:id: a chat picture as the image itself, for <img src>, which
 * sends the session cookie but no header. Only the conversation's user and staff see it;
 * anyone else gets the 404 of a picture that does not exist. The browser may keep it, privately.
 */
export function supportPictureHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const session = await authenticate(app.db, sessionToken(req));
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new DomainError('common.notFound');
    const picture = await supportPicture(app.db, id.data, session);
    if (!picture) throw new DomainError('common.notFound');
    res
      .set({
        'Content-Type': picture.mimeType,
        'Cache-Control': 'private, max-age=86400, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(picture.content);
  };
}
