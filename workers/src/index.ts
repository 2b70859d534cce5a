import { logger } from '@bourse/core/platform';
import { sessionPurgeService } from './accounts/sessionPurgeWorker.ts';
import { alertEvaluatorService } from './alerts/evaluator.ts';
import { allotmentService } from './allotment/allotmentWorker.ts';
import { bankTransferService } from './banking/transferWorker.ts';
import { blockTradeService } from './blockTrade/settlementWorker.ts';
import { cashFundAccrualService } from './fund/accrualWorker.ts';
import { ipoCalendarService } from './ipo/calendarWorker.ts';
import { dragonTigerService } from './market/dragonTigerWorker.ts';
import { feedService } from './market/feedService.ts';
import { pushService } from './push/pushWorker.ts';
import type { BackgroundService, WorkerContext } from './service.ts';
import { storeShipmentService } from './store/logistics/shipmentWorker.ts';
import { orderExpiryService } from './store/orderExpiryWorker.ts';
import { orderFulfilmentService } from './store/orderFulfilmentWorker.ts';
import { payoutService } from './store/payoutWorker.ts';
import { deliveredMarksOrderOrReturn, refundService } from './store/refundWorker.ts';
import { withdrawalPayoutService } from './store/withdrawalPayoutWorker.ts';
import { matcherService } from './trading/matcher.ts';

export type { BackgroundService, WorkerContext };

/** Every background service, in start order. Later features register theirs here. */
export const SERVICES: readonly BackgroundService[] = [
  feedService(),
  dragonTigerService(),
  matcherService(),
  alertEvaluatorService(),
  allotmentService(),
  ipoCalendarService(),
  bankTransferService(),
  cashFundAccrualService(),
  blockTradeService(),
  sessionPurgeService(),
  orderExpiryService(),
  storeShipmentService({ onDeliveredOf: deliveredMarksOrderOrReturn }),
  orderFulfilmentService(),
  refundService(),
  withdrawalPayoutService(),
  payoutService(),
  pushService(),
];

/** A service slow to stop says so: shutdown time is spent waiting for it. */
async function timedStop(service: { name: string; stop(): Promise<void> }): Promise<void> {
  const started = Date.now();
  await service.stop();
  const ms = Date.now() - started;
  if (ms > SLOW_STOP_MS) logger.warn({ service: service.name, ms }, 'workers: slow to stop');
}
const SLOW_STOP_MS = 2_000;

/** Starts every background service in this process (embedded mode, or the workers container). */
export async function startWorkers(
  context: WorkerContext,
  services: readonly BackgroundService[] = SERVICES,
): Promise<{ names: string[]; stop(): Promise<void> }> {
  const running: { name: string; stop(): Promise<void> }[] = [];
  try {
    for (const service of services) running.push({ name: service.name, ...(await service.start(context)) });
  } catch (error) {
    await Promise.allSettled(running.reverse().map((r) => r.stop()));
    throw error;
  }
  return {
    names: running.map((r) => r.name),
    // Side by side: each waits for its own jobs in flight, and none needs another to go first.
    stop: async () => {
      const results = await Promise.allSettled(running.map((r) => timedStop(r)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
