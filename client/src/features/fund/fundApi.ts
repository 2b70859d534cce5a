import { cashFundRoutes } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const FUND_PAGE_SIZE = 20;

export const fetchFundOverview = (signal?: AbortSignal) =>
  callApi(cashFundRoutes.overview, { signal, silent: true });

/** Subscribes `amount` CNY; the key makes a retry of the same decision move the cash once. Silent: the sheet shows refusals. */
export const subscribeFund = (amount: string, idempotencyKey: string) =>
  callApi(cashFundRoutes.subscribe, {
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });

export const redeemFund = (units: string, idempotencyKey: string) =>
  callApi(cashFundRoutes.redeem, {
    body: { units },
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });

export const fetchFundYields = (page: number, signal?: AbortSignal) =>
  callApi(cashFundRoutes.yields, { params: { page, pageSize: FUND_PAGE_SIZE }, signal, silent: true });

export const fetchFundHistory = (page: number, signal?: AbortSignal) =>
  callApi(cashFundRoutes.history, { params: { page, pageSize: FUND_PAGE_SIZE }, signal, silent: true });
