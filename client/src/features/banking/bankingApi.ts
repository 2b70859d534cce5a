import {
  bankingRoutes,
  type TransferDirection,
  type TransferRequest,
  type TransferStatus,
} from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const RECORDS_PAGE_SIZE = 20;

export const fetchCards = (signal?: AbortSignal) => callApi(bankingRoutes.cards, { signal, silent: true });

/** Binds a card; the form shows a refusal itself. */
export const bindCard = (body: { cardNumber: string; holderName: string }) =>
  callApi(bankingRoutes.bindCard, { body, silent: true });

export const unbindCard = (id: string) => callApi(bankingRoutes.unbindCard, { body: { id } });

export const setDefaultCard = (id: string) => callApi(bankingRoutes.setDefaultCard, { body: { id } });

/**
 * Files a transfer. The key identifies this one decision to move money: a retry after a timeout
 * sends the same key and gets the first transfer back, never a second one. Silent: the form, or
 * the payment-password sheet for a transfer out, shows why it was refused.
 */
export const requestTransfer = (body: TransferRequest, idempotencyKey: string) =>
  callApi(bankingRoutes.transfer, { body, headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

export const fetchTransfers = (
  query: { direction?: TransferDirection; status?: TransferStatus; page: number },
  signal?: AbortSignal,
) =>
  callApi(bankingRoutes.transfers, {
    params: { ...query, pageSize: RECORDS_PAGE_SIZE },
    signal,
    silent: true,
  });
