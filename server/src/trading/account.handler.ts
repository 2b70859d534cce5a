import { readUserCash } from '@bourse/core/ledger/ledger.ts';
import { sum, valuedPositions } from '@bourse/core/trading/holdings.ts';
import { positionHistory } from '@bourse/core/trading/schema.ts';
import { balanceView } from '@bourse/core/trading/views.ts';
import { toMoneyString, type tradingRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/**
 * The account summary. Total P&L is everything realised (closed and open positions) plus the
 * open positions' floating P&L; today's P&L is the open positions' day change plus what
 * positions closed today realised.
 */
export const accountHandler: Handler<typeof tradingRoutes.account> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const deps = ctx.app.services.trading;
  const [cash, held, closed] = await Promise.all([
    readUserCash(deps.db, userId),
    valuedPositions(deps, userId),
    deps.db
      .select({ realisedPnl: positionHistory.realisedPnl, date: positionHistory.closedTradingDate })
      .from(positionHistory)
      .where(eq(positionHistory.userId, userId)),
  ]);
  const { tradingDate, views } = held;
  const total = cash.available.balance.plus(cash.frozen.balance);
  const marketValue = sum(views.map((v) => v.marketValue));
  const realised = sum([...closed.map((c) => c.realisedPnl), ...views.map((v) => v.realisedPnl)]);
  const closedToday = closed.filter((c) => c.date === tradingDate).map((c) => c.realisedPnl);
  return {
    ...balanceView(cash, tradingDate),
    cash: toMoneyString(total),
    marketValue: toMoneyString(marketValue),
    totalAssets: toMoneyString(total.plus(marketValue)),
    todayPnl: toMoneyString(sum([...views.map((v) => v.todayPnl), ...closedToday])),
    totalPnl: toMoneyString(realised.plus(sum(views.map((v) => v.floatingPnl)))),
    tradingDate,
  };
};
