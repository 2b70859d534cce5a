import { requestTransfer } from '@bourse/core/banking/transfers.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../http/mountRoute.ts';

export const transferHandler: Handler<typeof bankingRoutes.transfer> = async (ctx) => {
  const { transfer, replayed } = await requestTransfer(
    ctx.app.services.banking,
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return transfer;
};
