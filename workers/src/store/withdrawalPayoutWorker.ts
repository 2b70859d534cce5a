/** The BullMQ worker of storefront withdrawals' payouts: a bank leg (banking/bankLeg.ts) whose requests are paying withdrawals. */

import { redisMessagePublisher } from '@bourse/core/messages';
import {
  advanceWithdrawalPayout,
  payingWithdrawalIds,
  publishWithdrawalPayout,
  settleWithdrawalPayout,
} from '@bourse/core/store/withdrawals';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import { BANK_QUEUES } from '@bourse/shared';
import {
  type BankLeg,
  type BankLegContext,
  type BankLegOptions,
  bankLegService,
} from '../banking/bankLeg.ts';
import type { BackgroundService } from '../service.ts';

/** Paying withdrawals as a bank leg: the bank's answer ends each once, told to the user by message and live event. */
export function withdrawalPayoutLeg({ db, gateway, redis, redisPrefix }: BankLegContext): BankLeg {
  const publishers = {
    messages: redisMessagePublisher(redis, redisPrefix),
    events: redisUserEventPublisher(redis, redisPrefix, 'withdrawal'),
  };
  return {
    async advance(id) {
      const step = await advanceWithdrawalPayout({ db, gateway }, id);
      if (step.kind === 'settled') publishWithdrawalPayout(step.settlement, publishers);
      return step.kind;
    },
    async settle({ transferId, outcome, bankReference }) {
      const settlement = await settleWithdrawalPayout(db, transferId, { outcome, bankReference });
      if (!settlement) return 'finished';
      publishWithdrawalPayout(settlement, publishers);
      return 'settled';
    },
    pending: () => payingWithdrawalIds(db),
  };
}

/** Pays passed withdrawals out through the simulated bank; the sweep re-enqueues every paying withdrawal. */
export const withdrawalPayoutService = (options: BankLegOptions = {}): BackgroundService =>
  bankLegService(
    {
      name: 'store-withdrawal-payouts',
      queue: BANK_QUEUES.withdrawalPayouts,
      sweepScheduler: 'store-withdrawal-payout-sweep',
    },
    withdrawalPayoutLeg,
    options,
  );
