import { blockTradeRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { tradeRoute } from '../trading/tradeRoute.ts';
import { adminFailedHandler } from './adminFailed.handler.ts';
import { adminRetryHandler } from './adminRetry.handler.ts';
import { adminSettleHandler } from './adminSettle.handler.ts';
import { cancelHandler } from './cancel.handler.ts';
import { listHandler } from './list.handler.ts';
import { placeHandler } from './place.handler.ts';

/** /api/blockTrade: block orders; /api/admin/blockTrade: the back office's settlement trigger, failures and retries. */
export const blockTradeRoutes = [
  // Mounted by hand: placing needs its Idempotency-Key header, cancelling its path id.
  tradeRoute(contracts.place, placeHandler),
  route(contracts.list, listHandler),
  tradeRoute(contracts.cancel, cancelHandler),
  route(contracts.adminSettle, adminSettleHandler),
  route(contracts.adminFailed, adminFailedHandler),
  route(contracts.adminRetry, adminRetryHandler),
];
