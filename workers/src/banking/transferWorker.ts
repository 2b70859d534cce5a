/** The BullMQ worker of bank transfers: a bank leg (bankLeg.ts) whose requests are the bank_transfers rows. */

import { advanceTransfer, auditingTransferIds, publishSettlement, settleAnswer } from '@bourse/core/banking';
import { redisMessagePublisher } from '@bourse/core/messages';
import { redisMarketView, redisUserEvents } from '@bourse/core/trading';
import { BANK_QUEUES } from '@bourse/shared';
import type { BackgroundService } from '../service.ts';
import { type BankLeg, type BankLegContext, type BankLegOptions, bankLegService } from './bankLeg.ts';

export type TransferWorkerOptions = BankLegOptions;

/** Transfers as a bank leg: settled at the market's trading date, told to the user by message and cash event. */
export function transferLeg({ db, gateway, redis, redisPrefix }: BankLegContext): BankLeg {
  const market = redisMarketView(redis, redisPrefix);
  const publishers = {
    messages: redisMessagePublisher(redis, redisPrefix),
    events: redisUserEvents(redis, redisPrefix, market),
  };
  const deps = { db, gateway, market };
  return {
    async advance(id) {
      const advanced = await advanceTransfer(deps, id);
      if (advanced.kind === 'settled')
        publishSettlement(advanced.settlement, advanced.tradingDate, publishers);
      return advanced.kind;
    },
    async settle({ transferId, outcome, bankReference }) {
      const settled = await settleAnswer(deps, transferId, outcome, bankReference);
      if (settled.kind === 'settled') publishSettlement(settled.settlement, settled.tradingDate, publishers);
      return settled.kind;
    },
    pending: () => auditingTransferIds(db),
  };
}

/** Runs transfers against the simulated bank; the sweep re-enqueues every auditing transfer. */
export const bankTransferService = (options: TransferWorkerOptions = {}): BackgroundService =>
  bankLegService(
    { name: 'bank-transfers', queue: BANK_QUEUES.transfers, sweepScheduler: 'bank-transfer-sweep' },
    transferLeg,
    options,
  );
