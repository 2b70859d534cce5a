import { type AddressInput, shoppingRoutes as routes, type StoreOrderTab } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

type Item = { specId: number; quantity: number };

export const fetchWallet = (signal?: AbortSignal) => callApi(routes.wallet, { signal, silent: true });

export const fetchAddresses = (signal?: AbortSignal) => callApi(routes.addresses, { signal, silent: true });
export const addAddress = (body: AddressInput) => callApi(routes.addAddress, { body, silent: true });
export const editAddress = (id: string, body: AddressInput) =>
  callApi(routes.editAddress, { params: { id }, body, silent: true });
export const deleteAddress = (id: string) => callApi(routes.deleteAddress, { params: { id } });
export const makeDefaultAddress = (id: string) => callApi(routes.defaultAddress, { body: { id } });

export const fetchCart = (signal?: AbortSignal) => callApi(routes.cart, { signal, silent: true });
export const addToCart = (item: Item) => callApi(routes.addToCart, { body: item, repeatSubmit: false });
export const updateCart = (change: { specId: number; quantity?: number; selected?: boolean }) =>
  callApi(routes.updateCart, { body: change, repeatSubmit: false });
export const removeFromCart = (specIds: number[]) => callApi(routes.removeFromCart, { body: { specIds } });
export const mergeCart = (lines: Item[]) => callApi(routes.mergeCart, { body: { lines }, silent: true });

export const quoteCheckout = (items: Item[], promoCode: string | undefined, signal?: AbortSignal) =>
  callApi(routes.quote, { body: { items, promoCode }, signal, silent: true, repeatSubmit: false });
/** The key is made once per checkout screen, so a retry after a lost answer creates nothing twice. */
export const createOrders = (body: { items: Item[]; addressId: string; promoCode?: string }, key: string) =>
  callApi(routes.checkout, { body, headers: { 'Idempotency-Key': key } });
/** Silent: the payment sheet shows why it failed. */
export const payOrders = (orderIds: string[], payPassword: string, key: string) =>
  callApi(routes.pay, { body: { orderIds, payPassword }, headers: { 'Idempotency-Key': key }, silent: true });

export const fetchOrders = (tab: StoreOrderTab, cursor: string | undefined, signal?: AbortSignal) =>
  callApi(routes.orders, { params: { tab, cursor, limit: 10 }, signal, silent: true });
export const fetchOrder = (id: string, signal?: AbortSignal) =>
  callApi(routes.order, { params: { id }, signal, silent: true });
export const cancelOrder = (orderId: string) => callApi(routes.cancelOrder, { body: { orderId } });
export const confirmReceipt = (orderId: string) => callApi(routes.confirmReceipt, { body: { orderId } });
