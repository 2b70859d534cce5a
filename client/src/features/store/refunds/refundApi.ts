import { type RefundRequest, type RefundReviewTab, refundRoutes } from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

export const fetchRefundTerms = (orderId: string, signal?: AbortSignal) =>
  callApi(refundRoutes.terms, { params: { orderId }, signal, silent: true });

export const fetchMyRefunds = (tab: RefundReviewTab, signal?: AbortSignal) =>
  callApi(refundRoutes.mine, { params: { tab, page: 1, pageSize: 50 }, signal, silent: true });

export const fetchRefund = (id: string, signal?: AbortSignal) =>
  callApi(refundRoutes.one, { params: { id }, signal, silent: true });

/** The request's fields as multipart with the proof beside them, under its Idempotency-Key. */
export function submitRefund(fields: RefundRequest, proof: File, idempotencyKey: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('proof', proof);
  const { method, path, response } = refundRoutes.create;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, {
    body: form,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export const shipReturn = (body: { id: string; carrier: string; trackingNo: string }) =>
  callApi(refundRoutes.shipReturn, { body, silent: true });

export const escalateRefund = (body: { id: string; reason: string }) =>
  callApi(refundRoutes.escalate, { body, silent: true });
