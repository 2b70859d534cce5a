import type { Db } from '../platform/database.ts';
import type { MarketView } from './marketView.ts';
import type { UserEventsPublisher } from './userEventsPublisher.ts';

/** What the order service needs: the database, the market's snapshot, and the user channel (a port). */
export interface TradingDeps {
  db: Db;
  market: MarketView;
  events: UserEventsPublisher;
}
