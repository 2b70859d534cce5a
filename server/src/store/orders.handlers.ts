import { scheduleAutoStep } from '@bourse/core/store/autoFulfilment.ts';
import { cancelOrder, confirmReceipt, listOrders, orderDetail } from '@bourse/core/store/orders.ts';
import type { shoppingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

type R = typeof shoppingRoutes;

export const ordersHandler: Handler<R['orders']> = (ctx) =>
  listOrders(ctx.app.db, signedIn(ctx).userId, ctx.query, ctx.locale);

export const orderHandler: Handler<R['order']> = (ctx) =>
  orderDetail(ctx.app.db, signedIn(ctx).userId, ctx.query.id, ctx.locale);

export const cancelOrderHandler: Handler<R['cancelOrder']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  await cancelOrder(ctx.app.db, ctx.app.services.checkout.stockGate, userId, ctx.body.orderId);
  return orderDetail(ctx.app.db, userId, ctx.body.orderId, ctx.locale);
};

export const confirmReceiptHandler: Handler<R['confirmReceipt']> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const completeAt = await confirmReceipt(
    ctx.app.db,
    userId,
    ctx.body.orderId,
    ctx.app.config.storeAfterSaleWindowMs,
  );
  await scheduleAutoStep(ctx.app.services.checkout.fulfilmentQueue, 'complete', ctx.body.orderId, completeAt);
  return orderDetail(ctx.app.db, userId, ctx.body.orderId, ctx.locale);
};
