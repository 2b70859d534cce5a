import { avatars } from '@bourse/core/db/schema.ts';
import { DomainError } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../platform/appContext.ts';

export const AVATAR_PATH = '/user/avatar/:id';

/**
 * Serves an uploaded avatar as the image itself (not an envelope), so it works in <img src>
 * without a token; the URL is an unguessable id that changes with every upload.
 */
export function avatarHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new DomainError('common.notFound');
    const [avatar] = await app.db
      .select({ mimeType: avatars.mimeType, content: avatars.content })
      .from(avatars)
      .where(eq(avatars.id, id.data));
    if (!avatar) throw new DomainError('common.notFound');
    res
      .set({
        'Content-Type': avatar.mimeType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(avatar.content);
  };
}
