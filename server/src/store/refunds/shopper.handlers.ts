import {
  escalateRefund,
  refundOfUser,
  refundsOf,
  refundTerms,
  requestRefund,
  shipReturn,
} from '@bourse/core/store/refunds';
import { DomainError, type refundRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../../http/mountRoute.ts';

type R = typeof refundRoutes;

export const refundTermsHandler: Handler<R['terms']> = (ctx) =>
  refundTerms(ctx.app.db, signedIn(ctx).userId, ctx.query.orderId);

/** POST /store/refunds with its Idempotency-Key and the proof image. */
export const createRefundHandler: Handler<R['create']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('refund.proofRequired');
    case 'tooLarge':
      throw new DomainError('refund.proofTooLarge');
    case 'badType':
      throw new DomainError('refund.proofBadType');
    case 'file': {
      const { refund, replayed } = await requestRefund(
        ctx.app.services.refunds,
        userId,
        ctx.body,
        upload,
        idempotencyKey(ctx),
      );
      if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
      return refund;
    }
  }
};

export const myRefundsHandler: Handler<R['mine']> = (ctx) =>
  refundsOf(ctx.app.db, signedIn(ctx).userId, ctx.query);

export const refundHandler: Handler<R['one']> = (ctx) =>
  refundOfUser(ctx.app.db, signedIn(ctx).userId, ctx.query.id);

export const shipReturnHandler: Handler<R['shipReturn']> = (ctx) =>
  shipReturn(ctx.app.services.refunds, signedIn(ctx).userId, ctx.body);

export const escalateRefundHandler: Handler<R['escalate']> = (ctx) =>
  escalateRefund(ctx.app.services.refunds, signedIn(ctx).userId, ctx.body);
