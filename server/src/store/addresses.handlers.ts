import {
  addAddress,
  deleteAddress,
  editAddress,
  listAddresses,
  setDefaultAddress,
} from '@bourse/core/store/addresses.ts';
import type { shoppingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

type R = typeof shoppingRoutes;

export const addressesHandler: Handler<R['addresses']> = async (ctx) => ({
  items: await listAddresses(ctx.app.db, signedIn(ctx).userId),
});

export const addAddressHandler: Handler<R['addAddress']> = (ctx) =>
  addAddress(ctx.app.db, signedIn(ctx).userId, ctx.body);

export const editAddressHandler: Handler<R['editAddress']> = (ctx) =>
  editAddress(ctx.app.db, signedIn(ctx).userId, ctx.query.id, ctx.body);

export const deleteAddressHandler: Handler<R['deleteAddress']> = async (ctx) => ({
  items: await deleteAddress(ctx.app.db, signedIn(ctx).userId, ctx.query.id),
});

export const defaultAddressHandler: Handler<R['defaultAddress']> = async (ctx) => ({
  items: await setDefaultAddress(ctx.app.db, signedIn(ctx).userId, ctx.body.id),
});
