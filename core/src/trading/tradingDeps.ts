import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import { redisUserEvents } from '../user-channel/userEvents.ts';
import { type MarketView, redisMarketView } from './marketView.ts';
import type { UserEventsPublisher } from './userEventsPublisher.ts';

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
