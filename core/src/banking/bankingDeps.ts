import type { Queue } from 'bullmq';
import type { PayPasswordContext } from '../identity/index.ts';
import { type MessagePublisher, messagePublisher } from '../messages/index.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import type { MarketView } from '../trading/marketView.ts';
import { tradingDeps } from '../trading/tradingDeps.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';
import { transferQueue } from './transferQueue.ts';

/** What requesting a transfer needs: the database, the payment password, the market's day, the queue. */
export interface BankingDeps {
  db: Db;
  payPassword: PayPasswordContext;
  market: MarketView;
  queue: Queue;
  /** Balance changes to the user's /user channel. */
  events: UserEventsPublisher;
  messages: MessagePublisher;
  /** How long the bank may take to receive a request: after it, the bank refuses to execute it. */
  requestTtlMs: number;
}

/** Ten minutes: ample for the bank's gateway to receive a request, short enough to refuse a lost one soon. */
export const DEFAULT_REQUEST_TTL_MS = 10 * 60_000;

const deps = new WeakMap<PlatformContext, BankingDeps>();

/** The app's banking dependencies, made on first use. */
export function bankingDeps(app: PlatformContext): BankingDeps {
  let found = deps.get(app);
  if (!found) {
    const trading = tradingDeps(app);
    found = {
      db: app.db,
      payPassword: app,
      market: trading.market,
      queue: transferQueue(app.redis, app.redisPrefix),
      events: trading.events,
      messages: messagePublisher(app),
      requestTtlMs: DEFAULT_REQUEST_TTL_MS,
    };
    deps.set(app, found);
  }
  return found;
}
