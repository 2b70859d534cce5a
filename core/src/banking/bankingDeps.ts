import type { Queue } from 'bullmq';
import type { PayPasswordContext } from '../identity/index.ts';
import type { MessagePublisher } from '../messages/publisher.ts';
import type { Db } from '../platform/database.ts';
import type { MarketView } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';

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
