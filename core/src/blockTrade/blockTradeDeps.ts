import type { Queue } from 'bullmq';
import type { PayPasswordContext } from '../identity/index.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import type { MarketView } from '../trading/marketView.ts';
import { tradingDeps } from '../trading/tradingDeps.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';
import { settlementQueue } from './settlementQueue.ts';

/** What placing, cancelling and queueing block orders need. */
export interface BlockTradeDeps {
  db: Db;
  payPassword: PayPasswordContext;
  market: MarketView;
  /** Balance and position changes to the user's /user channel. */
  events: UserEventsPublisher;
  /** The settlement queue, for the back office's trigger. */
  queue: Queue;
}

const deps = new WeakMap<PlatformContext, BlockTradeDeps>();

/** The app's block-trade dependencies, made on first use. */
export function blockTradeDeps(app: PlatformContext): BlockTradeDeps {
  let found = deps.get(app);
  if (!found) {
    const trading = tradingDeps(app);
    found = {
      db: app.db,
      payPassword: app,
      market: trading.market,
      events: trading.events,
      queue: settlementQueue(app.redis, app.redisPrefix),
    };
    deps.set(app, found);
  }
  return found;
}
