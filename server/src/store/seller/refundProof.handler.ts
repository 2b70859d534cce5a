import { authenticate } from '@bourse/core/accounts/sessions.ts';
import { refundProof } from '@bourse/core/store/refunds';
import { requireShop } from '@bourse/core/store/seller/seller.ts';
import type { Request, Response } from 'express';
import { privateImageHandler } from '../../http/privateImage.ts';
import { sessionToken } from '../../http/sessionToken.ts';
import type { AppContext } from '../../platform/appContext.ts';

/**
 * GET /api/seller/refunds/:id/proof: the proof of a refund asked of the caller's own shop, so the
 * seller sees what the shopper sent before answering. 401 without a session (from the header or
 * the cookie an <img> sends), 403 without a shop, 404 for another shop's refund.
 */
export const SELLER_REFUND_PROOF_PATH = '/seller/refunds/:id/proof';
export const sellerRefundProofHandler = (app: AppContext) => async (req: Request, res: Response) => {
  const session = await authenticate(app.db, sessionToken(req));
  const shopId = await requireShop(app.db, session.userId);
  await privateImageHandler(app, (db, id) => refundProof(db, id, shopId))(req, res);
};
