import { blockTradeRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { adminFailedHandler } from './adminFailed.handler.ts';
import { adminRetryHandler } from './adminRetry.handler.ts';
import { adminSettleHandler } from './adminSettle.handler.ts';
import { cancelHandler } from './cancel.handler.ts';
import { listHandler } from './list.handler.ts';
import { placeHandler } from './place.handler.ts';

/** /api/blockTrade: block orders; /api/admin/blockTrade: the back office's settlement trigger, failures and retries. */
export const blockTradeRoutes = [
  route(contracts.place, placeHandler),
  route(contracts.list, listHandler),
  route(contracts.cancel, cancelHandler),
  route(contracts.adminSettle, adminSettleHandler),
  route(contracts.adminFailed, adminFailedHandler),
  route(contracts.adminRetry, adminRetryHandler),
];
