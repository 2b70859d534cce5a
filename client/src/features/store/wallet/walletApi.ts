import {
  type FundRecordKind,
  fundRecordRoutes,
  type TopUpRequest,
  topUpRoutes,
  type WithdrawalRequest,
  withdrawalRoutes,
} from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

export const FUND_RECORD_PAGE = 20;

export const fetchFundRecords = (
  query: { kind?: FundRecordKind; cursor?: string; limit: number },
  signal?: AbortSignal,
) => callApi(fundRecordRoutes.list, { params: query, signal, silent: true });

export const fetchDepositNetworks = (signal?: AbortSignal) =>
  callApi(topUpRoutes.networks, { signal, silent: true });

export const fetchMyTopUps = (signal?: AbortSignal) =>
  callApi(topUpRoutes.mine, { params: { page: 1, pageSize: 20 }, signal, silent: true });

/** The request's fields as multipart with the evidence beside them, under its Idempotency-Key. */
export function submitTopUp(fields: TopUpRequest, evidence: File, idempotencyKey: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('evidence', evidence);
  const { method, path, response } = topUpRoutes.create;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, {
    body: form,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export const fetchWithdrawalTerms = (signal?: AbortSignal) =>
  callApi(withdrawalRoutes.terms, { signal, silent: true });

export const fetchMyWithdrawals = (signal?: AbortSignal) =>
  callApi(withdrawalRoutes.mine, { params: { page: 1, pageSize: 20 }, signal, silent: true });

export const submitWithdrawal = (body: WithdrawalRequest, idempotencyKey: string) =>
  callApi(withdrawalRoutes.create, { body, headers: { 'Idempotency-Key': idempotencyKey }, silent: true });
