import { createOrders, payOrders, quoteCheckout } from '@bourse/core/store/checkout.ts';
import { readWallet } from '@bourse/core/store/wallet.ts';
import type { shoppingRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../http/mountRoute.ts';

type R = typeof shoppingRoutes;

export const walletHandler: Handler<R['wallet']> = async (ctx) => {
  const { available, frozen } = await readWallet(ctx.app.db, signedIn(ctx).userId);
  return { balance: available.toFixed(2), frozen: frozen.toFixed(2), currency: 'USD' };
};

export const quoteHandler: Handler<R['quote']> = (ctx) =>
  quoteCheckout(ctx.app.db, signedIn(ctx).userId, ctx.body, ctx.locale);

/** POST /store/checkout with its Idempotency-Key. */
export const checkoutHandler: Handler<R['checkout']> = async (ctx) => {
  const { replayed, ...created } = await createOrders(
    ctx.app.services.checkout,
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
    ctx.locale,
    { onAdmitted: ctx.leaveRequestLimit },
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return created;
};

/** POST /store/pay with its Idempotency-Key. */
export const payHandler: Handler<R['pay']> = async (ctx) => {
  const { replayed, ...paid } = await payOrders(
    ctx.app.services.checkout,
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return paid;
};
