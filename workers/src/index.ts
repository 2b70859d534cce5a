import { sessionPurgeService } from './accounts/sessionPurgeWorker.ts';
import { alertEvaluatorService } from './alerts/evaluator.ts';
import { allotmentService } from './allotment/allotmentWorker.ts';
import { bankTransferService } from './banking/transferWorker.ts';
import { blockTradeService } from './blockTrade/settlementWorker.ts';
import { cashFundAccrualService } from './fund/accrualWorker.ts';
import { ipoCalendarService } from './ipo/calendarWorker.ts';
import { dragonTigerService } from './market/dragonTigerWorker.ts';
import { feedService } from './market/feedService.ts';
import type { BackgroundService, WorkerContext } from './service.ts';
import { storeShipmentService } from './store/logistics/shipmentWorker.ts';
import { orderExpiryService } from './store/orderExpiryWorker.ts';
import { deliveredMarksOrder, orderFulfilmentService } from './store/orderFulfilmentWorker.ts';
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
  storeShipmentService({ onDeliveredOf: deliveredMarksOrder }),
  orderFulfilmentService(),
];

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
    stop: async () => {
      for (const r of [...running].reverse()) await r.stop();
    },
  };
}
