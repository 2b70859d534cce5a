import type { Queue } from 'bullmq';
import type { AlertsDeps } from './alerts/alerts.ts';
import { redisAlertChanges } from './alerts/changes.ts';
import type { BankingDeps } from './banking/bankingDeps.ts';
import { DEFAULT_REQUEST_TTL_MS } from './banking/bankingDeps.ts';
import { transferQueue } from './banking/transferQueue.ts';
import type { BlockTradeDeps } from './blockTrade/blockTradeDeps.ts';
import { settlementQueue } from './blockTrade/settlementQueue.ts';
import type { CashFundDeps } from './fund/cashFund.ts';
import { allotmentQueue } from './ipo/allotmentRuns.ts';
import { type MessagePublisher, redisMessagePublisher } from './messages/publisher.ts';
import type { PlatformContext } from './platform/context.ts';
import { orderFulfilmentQueue } from './store/autoFulfilment.ts';
import { shipmentQueue } from './store/logistics/shipmentQueue.ts';
import { carrierOf } from './store/logistics/simulatedCarrier.ts';
import { refundQueue } from './store/refunds/refundQueue.ts';
import type { RefundDeps } from './store/refunds/refunds.ts';
import { type CatalogueSearch, catalogueSearch } from './store/search.ts';
import type { TopUpDeps } from './store/topUps/topUps.ts';
import { withdrawalPayoutQueue } from './store/withdrawals/payoutQueue.ts';
import type { WithdrawalDeps } from './store/withdrawals/withdrawals.ts';
import { type SupportDeps, supportSendLimit } from './support/chat.ts';
import { redisSupportPublisher } from './support/publisher.ts';
import { redisMarketView } from './trading/marketView.ts';
import { type OrderPlacer, orderPlacer } from './trading/placeOrder.ts';
import type { TradingDeps } from './trading/tradingDeps.ts';
import { redisUserEventPublisher } from './user-channel/userEventPublisher.ts';
import { redisUserEvents } from './user-channel/userEvents.ts';

/** The domain's services for one process, each made once on the process's Redis connection. */
export interface CoreServices {
  /** The database, the market's snapshot and the /user channel; the market view is shared by all below. */
  trading: TradingDeps;
  /** The process's one order placer, so orders arriving together batch together. */
  orders: OrderPlacer;
  banking: BankingDeps;
  blockTrade: BlockTradeDeps;
  cashFund: CashFundDeps;
  /** Pushes stored messages to their users' sockets. */
  messages: MessagePublisher;
  /** The back office's handle on the allotment queue. */
  allotmentQueue: Queue;
  /** The customer-service chat: its pushes over /user and each user's send budget. */
  support: SupportDeps;
  /** Price alerts, with the change stream their evaluators follow. */
  alerts: AlertsDeps;
  /** Storefront top-ups and their audits. */
  topUps: TopUpDeps;
  /** Storefront withdrawals and their audits. */
  withdrawals: WithdrawalDeps;
  /** Storefront refunds: requests, the shop's answers (back office for now), returns and their timers. */
  refunds: RefundDeps;
  /** Storefront search over this process's in-memory index of the catalogue. */
  storeSearch: CatalogueSearch;
}

/** The refunds' windows from the configuration: the shop's answer, a delivered return's confirmation, the after-sale window. */
export const refundTimingsOf = (
  config: Pick<
    PlatformContext['config'],
    'storeRefundAnswerMs' | 'storeReturnConfirmMs' | 'storeAfterSaleWindowMs'
  >,
) => ({
  answerMs: config.storeRefundAnswerMs,
  returnConfirmMs: config.storeReturnConfirmMs,
  afterSaleWindowMs: config.storeAfterSaleWindowMs,
});

/**
 * Builds the domain's services over a process's platform: what a composition root (the
 * server's createAppContext) calls once and hands on. The user-event publisher, trading's port,
 * is wired here to its Redis adapter.
 */
export function createCoreServices(platform: PlatformContext): CoreServices {
  const { db, redis, redisPrefix } = platform;
  const market = redisMarketView(redis, redisPrefix);
  const events = redisUserEvents(redis, redisPrefix, market);
  const messages = redisMessagePublisher(redis, redisPrefix);
  const trading: TradingDeps = { db, market, events };
  return {
    trading,
    orders: orderPlacer(trading),
    banking: {
      db,
      payPassword: platform,
      market,
      queue: transferQueue(redis, redisPrefix),
      events,
      messages,
      requestTtlMs: DEFAULT_REQUEST_TTL_MS,
    },
    blockTrade: { db, payPassword: platform, market, events, queue: settlementQueue(redis, redisPrefix) },
    cashFund: { db, market, events },
    messages,
    allotmentQueue: allotmentQueue(redis, redisPrefix),
    support: {
      db,
      publisher: redisSupportPublisher(redis, redisPrefix),
      sendLimit: supportSendLimit(redis, redisPrefix),
    },
    alerts: { db, changes: redisAlertChanges(redis, redisPrefix) },
    topUps: {
      db,
      depositAddresses: platform.config.storeDepositAddresses,
      messages,
      events: redisUserEventPublisher(redis, redisPrefix, 'topUp'),
    },
    withdrawals: {
      db,
      charge: platform.config.storeWithdrawalCharge,
      payPassword: platform,
      messages,
      events: redisUserEventPublisher(redis, redisPrefix, 'withdrawal'),
      payouts: withdrawalPayoutQueue(redis, redisPrefix),
      requestTtlMs: DEFAULT_REQUEST_TTL_MS,
    },
    refunds: {
      db,
      queue: refundQueue(redis, redisPrefix),
      fulfilment: orderFulfilmentQueue(redis, redisPrefix),
      timings: refundTimingsOf(platform.config),
      messages,
      events: redisUserEventPublisher(redis, redisPrefix, 'refund'),
      logistics: { carrier: carrierOf(platform.config), queue: shipmentQueue(redis, redisPrefix) },
    },
    storeSearch: catalogueSearch(db),
  };
}
