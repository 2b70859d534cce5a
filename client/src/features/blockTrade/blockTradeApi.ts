import { type BlockOrderStatus, blockTradeRoutes, type PlaceBlockOrder } from '@bourse/shared';
import { callApi, request } from '../../lib/http/client.ts';

export const RECORDS_PAGE_SIZE = 20;

/**
 * Places a block order. The key identifies this one decision: a retry after a timeout or a wrong
 * payment password sends the same key and gets the first order back. Silent: the form or the
 * payment-password sheet shows why it was refused.
 */
export const placeBlockOrder = (body: PlaceBlockOrder, idempotencyKey: string) =>
  callApi(blockTradeRoutes.place, { body, headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

export const fetchBlockOrders = (query: { status?: BlockOrderStatus; page: number }, signal?: AbortSignal) =>
  callApi(blockTradeRoutes.list, { params: { ...query, pageSize: RECORDS_PAGE_SIZE }, signal, silent: true });

export function cancelBlockOrder(id: string) {
  const { cancel: route } = blockTradeRoutes;
  return request(route.method, route.path.replace(':id', encodeURIComponent(id)), route.response);
}
