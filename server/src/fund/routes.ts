import { cashFundRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { historyHandler } from './history.handler.ts';
import { overviewHandler } from './overview.handler.ts';
import { fundTradeHandler } from './trade.handler.ts';
import { yieldsHandler } from './yields.handler.ts';

/** /api/fund/cash: the cash fund. */
export const cashFundRoutes = [
  route(contracts.overview, overviewHandler),
  route(contracts.subscribe, fundTradeHandler('subscribe')),
  route(contracts.redeem, fundTradeHandler('redeem')),
  route(contracts.history, historyHandler),
  route(contracts.yields, yieldsHandler),
];
