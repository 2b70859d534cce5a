import type { Db } from '@bourse/core/platform';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../platform/appContext.ts';

/**
 * GET of one stored image by the uuid in `:id`, as itself, for an <img src> (mount it behind a
 * check of who may see it that also reads the session from the Admin-Token cookie an <img> request
 * carries: adminOnly, or the seller's own shop). Private: never kept by a shared cache.
 */
export function privateImageHandler(
  app: AppContext,
  load: (db: Db, id: string) => Promise<{ content: Buffer; mimeType: string } | undefined>,
) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new DomainError('common.notFound');
    const image = await load(app.db, id.data);
    if (!image) throw new DomainError('common.notFound');
    res
      .set({
        'Content-Type': image.mimeType,
        'Cache-Control': 'private, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(image.content);
  };
}
