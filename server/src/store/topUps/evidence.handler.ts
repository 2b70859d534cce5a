import { topUpEvidence } from '@bourse/core/store/topUps/topUps.ts';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/appContext.ts';

export const TOP_UP_EVIDENCE_PATH = '/admin/topups/:id/evidence';

/**
 * GET /api/admin/topups/:id/evidence: a top-up's evidence image as itself, for back office's
 * <img src> (mounted behind adminOnly, which also reads the session from the Admin-Token
 * cookie an <img> request carries). Private: never kept by a shared cache.
 */
export function topUpEvidenceHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new DomainError('common.notFound');
    const evidence = await topUpEvidence(app.db, id.data);
    if (!evidence) throw new DomainError('common.notFound');
    res
      .set({
        'Content-Type': evidence.mimeType,
        'Cache-Control': 'private, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(evidence.content);
  };
}
