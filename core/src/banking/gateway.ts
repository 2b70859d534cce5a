import type { BankCode, TransferDirection, TransferRefusalReason } from '@bourse/shared';

/**
 * The bank gateway: how transfers reach a bank. The default adapter simulates one
 * (workers/src/banking/simulatedBank.ts); a real bank's adapter implements the same interface.
 *
 * The contract an adapter must keep, on which exactly-once money rests:
 * - `reference` (our transfer id) identifies a transfer at the bank. Submitting the same
 *   reference again never makes a second transfer; it answers the state of the first.
 * - The bank never executes a request after its `expiresAt`. So once `expiresAt` has passed,
 *   `query` answering `unknown` is final: the transfer can be refused without risk that the
 *   bank moves the money later.
 * - `submit` and `query` throw BankUnavailableError when the bank did not answer (timeout,
 *   connection refused): the request may or may not have arrived, so the caller asks again.
 * - The outcome arrives by callback, possibly more than once and possibly never; the adapter
 *   (or a webhook route, for a real bank) turns each delivery into a `callback` job on the
 *   bank-transfers queue. A callback that is lost is found by `query`, which the transfer's
 *   advance job calls until the transfer is settled.
 */
export interface BankGateway {
  /** Sends a transfer to the bank; answers the bank's state of it after receiving it. */
  submit(request: BankTransferRequest): Promise<BankState>;
  /** The bank's state of a transfer by our reference. */
  query(reference: string): Promise<BankState>;
}

export interface BankTransferRequest {
  reference: string;
  direction: TransferDirection;
  /** Two decimals, in the account's currency (CNY for a transfer, USD for a storefront withdrawal). */
  amount: string;
  bank: BankCode;
  cardNumber: string;
  holderName: string;
  expiresAt: Date;
}

export type BankState =
  /** The bank has no record of the reference. */
  | { state: 'unknown' }
  /** Received and being processed; the answer will come by callback. */
  | { state: 'pending'; bankReference: string }
  | { state: 'passed'; bankReference: string }
  | { state: 'refused'; bankReference: string; reason: TransferRefusalReason };

/** The bank did not answer in time, or could not be reached: the request may or may not have arrived. */
export class BankUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankUnavailableError';
  }
}
