import { requestWithdrawal } from '@bourse/core/store/withdrawals/withdrawals.ts';
import type { withdrawalRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../../http/mountRoute.ts';

/** POST /store/withdrawals with its Idempotency-Key and the payment password. */
export const createWithdrawalHandler: Handler<typeof withdrawalRoutes.create> = async (ctx) => {
  const { withdrawal, replayed } = await requestWithdrawal(
    ctx.app.services.withdrawals,
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return withdrawal;
};
