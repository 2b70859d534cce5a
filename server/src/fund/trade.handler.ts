import { redeem, subscribe } from '@bourse/core/fund/cashFund.ts';
import { cashFundDeps } from '@bourse/core/fund/fundDeps.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotencyKey.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';

/** POST /fund/cash/subscribe (an amount of cash) and /redeem (units), each with its Idempotency-Key. */
export function fundTradeHandler<K extends 'subscribe' | 'redeem'>(kind: K) {
  return async (ctx: TradeRouteContext<(typeof cashFundRoutes)[K]>) => {
    const key = idempotencyKeyOf(ctx.header);
    const body: { amount: string } | { units: string } = ctx.body;
    const trade = kind === 'subscribe' ? subscribe : redeem;
    const value = 'amount' in body ? body.amount : body.units;
    const { operation, replayed } = await trade(cashFundDeps(ctx.app), ctx.session.userId, value, key);
    if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
    return operation;
  };
}
