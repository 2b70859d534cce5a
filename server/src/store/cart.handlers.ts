import { addToCart, readCart, removeFromCart, updateCartLine } from '@bourse/core/store/cart.ts';
import type { shoppingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

type R = typeof shoppingRoutes;

export const cartHandler: Handler<R['cart']> = (ctx) =>
  readCart(ctx.app.db, signedIn(ctx).userId, ctx.locale);

export const addToCartHandler: Handler<R['addToCart']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  await addToCart(ctx.app.db, userId, [ctx.body], { merge: false, locale: ctx.locale });
  return readCart(ctx.app.db, userId, ctx.locale);
};

export const mergeCartHandler: Handler<R['mergeCart']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  await addToCart(ctx.app.db, userId, ctx.body.lines, { merge: true, locale: ctx.locale });
  return readCart(ctx.app.db, userId, ctx.locale);
};

export const updateCartHandler: Handler<R['updateCart']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  await updateCartLine(ctx.app.db, userId, ctx.body);
  return readCart(ctx.app.db, userId, ctx.locale);
};

export const removeFromCartHandler: Handler<R['removeFromCart']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  await removeFromCart(ctx.app.db, userId, ctx.body.specIds);
  return readCart(ctx.app.db, userId, ctx.locale);
};
