import { refundProof } from '@bourse/core/store/refunds';
import { privateImageHandler } from '../../http/privateImage.ts';
import type { AppContext } from '../../platform/appContext.ts';

/** GET /api/admin/refunds/:id/proof: a refund's proof image, for back office. */
export const REFUND_PROOF_PATH = '/admin/refunds/:id/proof';
export const refundProofHandler = (app: AppContext) => privateImageHandler(app, refundProof);
