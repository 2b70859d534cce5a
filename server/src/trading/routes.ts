import { tradingRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { accountHandler } from './account.handler.ts';
import { cancelOrderHandler } from './cancelOrder.handler.ts';
import { fillsHandler } from './fills.handler.ts';
import { moneyLogHandler } from './moneyLog.handler.ts';
import { ordersHandler } from './orders.handler.ts';
import { placeOrderHandler } from './placeOrder.handler.ts';
import { positionHistoryHandler } from './positionHistory.handler.ts';
import { positionsHandler } from './positions.handler.ts';

/** /api/trade: orders, fills, positions, the account summary and the money log. */
export const tradingRoutes = [
  route(contracts.placeOrder, placeOrderHandler, { briefSession: true }),
  route(contracts.cancelOrder, cancelOrderHandler, { briefSession: true }),
  route(contracts.orders, ordersHandler),
  route(contracts.fills, fillsHandler),
  route(contracts.positions, positionsHandler),
  route(contracts.positionHistory, positionHistoryHandler),
  route(contracts.account, accountHandler),
  route(contracts.moneyLog, moneyLogHandler),
];
