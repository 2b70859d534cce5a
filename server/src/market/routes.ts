import { marketRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { boardHandler } from './board.handler.ts';
import { breadthHandler } from './breadth.handler.ts';
import { dragonTigerDatesHandler, dragonTigerRoute } from './history/dragonTiger.handler.ts';
import { intradayHandler } from './history/intraday.handler.ts';
import { klineHandler } from './history/kline.handler.ts';
import { instrumentHandler } from './instrument.handler.ts';
import { quotesHandler } from './quotes.handler.ts';
import { rankRoute } from './rank.handler.ts';
import { searchHandler } from './search.handler.ts';
import { statusHandler } from './status.handler.ts';

/** /api/market: the live routes, answered from this process's MarketState; history routes join here. */
export const marketRoutes = [
  route(contracts.quotes, quotesHandler),
  route(contracts.board, boardHandler),
  route(contracts.breadth, breadthHandler),
  route(contracts.status, statusHandler),
  route(contracts.search, searchHandler),
  route(contracts.instrument, instrumentHandler),
  // History from PostgreSQL (and the day in progress from Redis).
  route(contracts.kline, klineHandler),
  route(contracts.intraday, intradayHandler),
  route(contracts.dragonTigerDates, dragonTigerDatesHandler),
  // The dragon-tiger list per trading day, ahead of the live lists' /market/rank/:list.
  dragonTigerRoute,
  rankRoute,
];
