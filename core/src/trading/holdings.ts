import { Dec, type PositionView } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { tradingDateOf } from './marketView.ts';
import { positions } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';
import { positionView } from './views.ts';

/** The user's open positions valued at the feed's latest prices, and the trading date they are of. */
export async function valuedPositions(
  deps: TradingDeps,
  userId: string,
): Promise<{ tradingDate: string; views: PositionView[] }> {
  const [rows, status] = await Promise.all([
    deps.db.select().from(positions).where(eq(positions.userId, userId)).orderBy(positions.symbol),
    deps.market.status(),
  ]);
  const tradingDate = tradingDateOf(status);
  const quotes = await deps.market.quotes(rows.map((r) => r.symbol));
  return { tradingDate, views: rows.map((r) => positionView(r, quotes.get(r.symbol), tradingDate)) };
}

export const sum = (values: readonly string[]) => values.reduce((s, v) => s.plus(v), new Dec(0));
