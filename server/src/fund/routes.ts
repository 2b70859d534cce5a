import { cashFundRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { tradeRoute } from '../trading/tradeRoute.ts';
import { historyHandler } from './history.handler.ts';
import { overviewHandler } from './overview.handler.ts';
import { fundTradeHandler } from './trade.handler.ts';
import { yieldsHandler } from './yields.handler.ts';

/** /api/fund/cash: the cash fund. */
export const cashFundRoutes = [
  route(contracts.overview, overviewHandler),
  // Mounted by hand for their Idempotency-Key header.
  tradeRoute(contracts.subscribe, fundTradeHandler('subscribe')),
  tradeRoute(contracts.redeem, fundTradeHandler('redeem')),
  route(contracts.history, historyHandler),
  route(contracts.yields, yieldsHandler),
];
