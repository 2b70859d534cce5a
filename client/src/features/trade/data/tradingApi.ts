import {
  type FillView,
  type OrderView,
  type PlaceOrder,
  type QueryOf,
  type ResponseOf,
  tradingRoutes,
} from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

/**
 * The trading REST routes, each answer parsed with its shared schema. Reads are silent (screens
 * show failures in place); placing and cancelling toast the server's message on failure.
 */
export type OrdersQuery = QueryOf<typeof tradingRoutes.orders>;
export type FillsQuery = QueryOf<typeof tradingRoutes.fills>;
export type MoneyLogQuery = QueryOf<typeof tradingRoutes.moneyLog>;
export type AccountSummary = ResponseOf<typeof tradingRoutes.account>;
export type MoneyLogPage = ResponseOf<typeof tradingRoutes.moneyLog>;
export type ClosedPositionsPage = ResponseOf<typeof tradingRoutes.positionHistory>;

/** The most a page may hold (the contracts' limit). */
export const MAX_PAGE_SIZE = 100;
/** Enough pages for a busy trading day; more than this is not loaded at once. */
const MAX_PAGES = 20;

/** Every item of a paged list, page after page until the total is reached. */
async function allPages<T>(
  load: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await load(page);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
  return items;
}

export function fetchOrders(query: Omit<OrdersQuery, 'page' | 'pageSize'>, signal?: AbortSignal) {
  return allPages<OrderView>((page) =>
    callApi(tradingRoutes.orders, {
      params: { ...query, page, pageSize: MAX_PAGE_SIZE },
      silent: true,
      signal,
    }),
  );
}

export function fetchFills(query: Omit<FillsQuery, 'page' | 'pageSize'>, signal?: AbortSignal) {
  return allPages<FillView>((page) =>
    callApi(tradingRoutes.fills, { params: { ...query, page, pageSize: MAX_PAGE_SIZE }, silent: true, signal }),
  );
}

export function fetchPositions(signal?: AbortSignal) {
  return callApi(tradingRoutes.positions, { silent: true, signal });
}

export function fetchAccount(signal?: AbortSignal) {
  return callApi(tradingRoutes.account, { silent: true, signal });
}

export function fetchPositionHistory(
  query: { page: number; pageSize: number; symbol?: string },
  signal?: AbortSignal,
) {
  return callApi(tradingRoutes.positionHistory, { params: query, silent: true, signal });
}

export function fetchMoneyLog(query: MoneyLogQuery, signal?: AbortSignal) {
  return callApi(tradingRoutes.moneyLog, { params: query, silent: true, signal });
}

/**
 * Places an order. The key identifies this one decision to trade: sending it again (a retry
 * after a timeout) returns the first answer and never places a second order.
 */
export function placeOrder(order: PlaceOrder, idempotencyKey: string): Promise<OrderView> {
  return callApi(tradingRoutes.placeOrder, { body: order, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function cancelOrder(id: string): Promise<OrderView> {
  const { cancelOrder: route } = tradingRoutes;
  return request(route.method, route.path.replace(':id', encodeURIComponent(id)), route.response);
}

/** A fresh Idempotency-Key: 32 hex digits from the browser's CSPRNG (randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
