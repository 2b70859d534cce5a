import { bankingDeps } from '@bourse/core/banking/bankingDeps.ts';
import { requestTransfer } from '@bourse/core/banking/transfers.ts';
import type { bankingRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotencyKey.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';

export async function transferHandler(ctx: TradeRouteContext<typeof bankingRoutes.transfer>) {
  const key = idempotencyKeyOf(ctx.header);
  const { transfer, replayed } = await requestTransfer(
    bankingDeps(ctx.app),
    ctx.session.userId,
    ctx.body,
    key,
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return transfer;
}
