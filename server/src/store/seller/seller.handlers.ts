import { setProductPictures } from '@bourse/core/store/pictures/pictures.ts';
import {
  adminRefund,
  approveRefund,
  confirmReturn,
  refundsInState,
  refuseRefund,
} from '@bourse/core/store/refunds';
import { replyToReview, shopReviews } from '@bourse/core/store/reviews/reviews.ts';
import {
  createProduct,
  editProduct,
  ordersToShip,
  requireShop,
  requireShopRefund,
  sellerProduct,
  sellerProducts,
  sellerShop,
  setOnSale,
  shipForSeller,
} from '@bourse/core/store/seller/seller.ts';
import { shopStats } from '@bourse/core/store/seller/stats.ts';
import { DomainError, type sellerRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

type R = typeof sellerRoutes;
type Ctx = Parameters<Handler<R['shop']>>[0];

/** The caller's own shop: every seller route acts on it alone (403 without one). */
const shopOf = (ctx: Pick<Ctx, 'app' | 'session'>) => requireShop(ctx.app.db, signedIn(ctx).userId);

export const sellerShopHandler: Handler<R['shop']> = async (ctx) =>
  sellerShop(ctx.app.db, await shopOf(ctx), ctx.locale);

export const sellerProductsHandler: Handler<R['products']> = async (ctx) =>
  sellerProducts(ctx.app.db, await shopOf(ctx), ctx.query);

export const sellerProductHandler: Handler<R['product']> = async (ctx) =>
  sellerProduct(ctx.app.db, await shopOf(ctx), ctx.query.id);

export const createProductHandler: Handler<R['createProduct']> = async (ctx) =>
  createProduct(ctx.app.db, await shopOf(ctx), ctx.body);

export const editProductHandler: Handler<R['editProduct']> = async (ctx) => {
  const { id, ...input } = ctx.body;
  return editProduct(
    { db: ctx.app.db, stockGate: ctx.app.services.checkout.stockGate },
    await shopOf(ctx),
    id,
    input,
    ctx.locale,
  );
};

export const setPicturesHandler: Handler<R['setPictures']> = async (ctx) => {
  const shopId = await shopOf(ctx);
  const uploads = ctx.uploads ?? { kind: 'files', files: [] };
  switch (uploads.kind) {
    case 'tooMany':
      throw new DomainError('seller.tooManyPictures');
    case 'tooLarge':
      throw new DomainError('seller.pictureTooLarge');
    case 'badType':
      throw new DomainError('seller.pictureBadType');
    case 'files':
      await setProductPictures(ctx.app.db, shopId, ctx.body.id, ctx.body.order, uploads.files);
      return sellerProduct(ctx.app.db, shopId, ctx.body.id);
  }
};

export const delistProductHandler: Handler<R['delistProduct']> = async (ctx) =>
  setOnSale(ctx.app.db, await shopOf(ctx), ctx.body.id, false);

export const relistProductHandler: Handler<R['relistProduct']> = async (ctx) =>
  setOnSale(ctx.app.db, await shopOf(ctx), ctx.body.id, true);

export const sellerOrdersHandler: Handler<R['orders']> = async (ctx) =>
  ordersToShip(ctx.app.db, await shopOf(ctx), ctx.locale, ctx.query);

export const shipOrderHandler: Handler<R['ship']> = async (ctx) =>
  shipForSeller(
    { db: ctx.app.db, logistics: ctx.app.services.refunds.logistics },
    await shopOf(ctx),
    ctx.body.orderId,
    ctx.locale,
  );

export const sellerRefundsHandler: Handler<R['refunds']> = async (ctx) =>
  refundsInState(ctx.app.db, { ...ctx.query, shopId: await shopOf(ctx) });

/** The shop answers for itself: the refund must be its own, and the step is recorded as the shop's, with who. */
async function asShop(ctx: Pick<Ctx, 'app' | 'session'>, refundId: string) {
  await requireShopRefund(ctx.app.db, await shopOf(ctx), refundId);
  return { actor: 'shop', userId: signedIn(ctx).userId } as const;
}

export const approveRefundHandler: Handler<R['approveRefund']> = async (ctx) => {
  await approveRefund(ctx.app.services.refunds, await asShop(ctx, ctx.body.id), ctx.body.id);
  return adminRefund(ctx.app.db, ctx.body.id);
};

export const refuseRefundHandler: Handler<R['refuseRefund']> = async (ctx) => {
  const { id, ...refusal } = ctx.body;
  await refuseRefund(ctx.app.services.refunds, await asShop(ctx, id), id, refusal);
  return adminRefund(ctx.app.db, id);
};

export const confirmReturnHandler: Handler<R['confirmReturn']> = async (ctx) => {
  await confirmReturn(ctx.app.services.refunds, await asShop(ctx, ctx.body.id), ctx.body.id);
  return adminRefund(ctx.app.db, ctx.body.id);
};

export const sellerReviewsHandler: Handler<R['reviews']> = async (ctx) =>
  shopReviews(ctx.app.db, await shopOf(ctx), ctx.query, ctx.locale);

export const replyHandler: Handler<R['reply']> = async (ctx) =>
  replyToReview(
    { db: ctx.app.db, messages: ctx.app.services.messages },
    await shopOf(ctx),
    signedIn(ctx).userId,
    ctx.body,
    ctx.locale,
  );

export const sellerStatsHandler: Handler<R['stats']> = async (ctx) =>
  shopStats(ctx.app.db, await shopOf(ctx));
