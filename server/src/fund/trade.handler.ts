import { redeem, subscribe } from '@bourse/core/fund/cashFund.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { idempotencyKey, type RouteContext, signedIn } from '../http/mountRoute.ts';

/** POST /fund/cash/subscribe (an amount of cash) and /redeem (units), each with its Idempotency-Key. */
export function fundTradeHandler<K extends 'subscribe' | 'redeem'>(kind: K) {
  return async (ctx: RouteContext<(typeof cashFundRoutes)[K]>) => {
    const body: { amount: string } | { units: string } = ctx.body;
    const trade = kind === 'subscribe' ? subscribe : redeem;
    const value = 'amount' in body ? body.amount : body.units;
    const { operation, replayed } = await trade(
      ctx.app.services.cashFund,
      signedIn(ctx).userId,
      value,
      idempotencyKey(ctx),
    );
    if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
    return operation;
  };
}
