import { topUpEvidence } from '@bourse/core/store/topUps/topUps.ts';
import { privateImageHandler } from '../../http/privateImage.ts';
import type { AppContext } from '../../platform/appContext.ts';

/** GET /api/admin/topups/:id/evidence: a top-up's evidence image, for back office. */
export const TOP_UP_EVIDENCE_PATH = '/admin/topups/:id/evidence';
export const topUpEvidenceHandler = (app: AppContext) => privateImageHandler(app, topUpEvidence);
