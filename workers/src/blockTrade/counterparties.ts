import { createHash } from 'node:crypto';
import type { BlockOrderRow, CounterpartyAnswer } from '@bourse/core/blockTrade';
import { BLOCK_REFUSAL_REASONS } from '@bourse/shared';

export interface CounterpartyOptions {
  /** Published seed: with an order's id it decides the answer, so a re-run answers the same. */
  seed: string;
  /** Share of orders that find a counterparty, 0..1. */
  confirmRate: number;
}

export const DEFAULT_CONFIRM_RATE = 0.85;

/**
 * Simulated counterparties of the negotiated market: most block orders find one, some do not.
 * The answer is a pure function of the seed and the order id (SHA-256), never of time or order
 * of processing, so a settlement retried after a crash decides exactly as the first attempt.
 */
export function simulatedCounterparties(
  options: CounterpartyOptions,
): (order: BlockOrderRow) => CounterpartyAnswer {
  return (order) => {
    const digest = createHash('sha256').update(`${options.seed}:${order.id}`).digest();
    const draw = digest.readUInt32BE(0) / 2 ** 32;
    if (draw < options.confirmRate) return { status: 'settled' };
    const reason = BLOCK_REFUSAL_REASONS[digest[4]! % BLOCK_REFUSAL_REASONS.length]!;
    return { status: 'refused', reason };
  };
}
