import { requestTopUp } from '@bourse/core/store/topUps/topUps.ts';
import { DomainError, type topUpRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../../http/mountRoute.ts';

/** POST /store/topups with its Idempotency-Key and the evidence image. */
export const createTopUpHandler: Handler<typeof topUpRoutes.create> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('topUp.evidenceRequired');
    case 'tooLarge':
      throw new DomainError('topUp.evidenceTooLarge');
    case 'badType':
      throw new DomainError('topUp.evidenceBadType');
    case 'file': {
      const { topUp, replayed } = await requestTopUp(
        ctx.app.services.topUps,
        userId,
        ctx.body,
        upload,
        idempotencyKey(ctx),
      );
      if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
      return topUp;
    }
  }
};
