import { createOrders, payOrders, quoteCheckout } from '@bourse/core/store/checkout.ts';
import { readWalletBalance } from '@bourse/core/store/wallet.ts';
import type { shoppingRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotencyKey.ts';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';
import { checkoutDeps } from './checkoutDeps.ts';

type R = typeof shoppingRoutes;

export const walletHandler: Handler<R['wallet']> = async (ctx) => ({
  balance: (await readWalletBalance(ctx.app.db, signedIn(ctx).userId)).toFixed(2),
  currency: 'USD',
});

export const quoteHandler: Handler<R['quote']> = (ctx) =>
  quoteCheckout(ctx.app.db, signedIn(ctx).userId, ctx.body, ctx.locale);

/** POST /store/checkout with its Idempotency-Key. */
export async function checkoutHandler(ctx: TradeRouteContext<R['checkout']>) {
  const key = idempotencyKeyOf(ctx.header);
  const { replayed, ...created } = await createOrders(
    checkoutDeps(ctx.app),
    ctx.session.userId,
    ctx.body,
    key,
    ctx.locale,
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return created;
}

/** POST /store/pay with its Idempotency-Key. */
export async function payHandler(ctx: TradeRouteContext<R['pay']>) {
  const key = idempotencyKeyOf(ctx.header);
  const { replayed, ...paid } = await payOrders(checkoutDeps(ctx.app), ctx.session.userId, ctx.body, key);
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return paid;
}
