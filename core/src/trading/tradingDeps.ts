import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import { redisUserEvents } from '../user-channel/userEvents.ts';
import type { Outbox } from './execution.ts';
import { type MarketView, redisMarketView } from './marketView.ts';

/** Tells users what a committed transaction changed for them; never throws (the change is already made). */
export interface UserEventsPublisher {
  publish(out: Outbox): void;
}

/** What the order service needs: the database, the market's snapshot, and the user channel. */
export interface TradingDeps {
  db: Db;
  market: MarketView;
  events: UserEventsPublisher;
}

const deps = new WeakMap<PlatformContext, TradingDeps>();

/** The app's trading dependencies, made on first use. */
export function tradingDeps(app: PlatformContext): TradingDeps {
  let found = deps.get(app);
  if (!found) {
    const market = redisMarketView(app.redis, app.redisPrefix);
    found = { db: app.db, market, events: redisUserEvents(app.redis, app.redisPrefix, market) };
    deps.set(app, found);
  }
  return found;
}
