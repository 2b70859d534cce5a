import type { Queue } from 'bullmq';
import type { PayPasswordContext } from '../identity/index.ts';
import type { Db } from '../platform/database.ts';
import type { MarketView } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';

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
