import {
  centsToDecimal,
  DomainError,
  decimalToCents,
  type FeedQuote,
  type MinuteSeries,
  type marketRoutes,
  minuteSlotOf,
  shanghaiMinuteOfDay,
  slotStart,
} from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import type { AppContext } from '../../platform/appContext.ts';
import { readMinuteDays } from './barStore.ts';
import { averagePrice } from './bars.ts';
import { liveMinuteSeries, today } from './liveDay.ts';

type Point = ReturnType<typeof marketRoutes.intraday.response.parse>['points'][number];

interface Day {
  tradingDate: string;
  series: MinuteSeries;
}

/** Today from Redis while it runs (PostgreSQL once stored); before today's first trade, the last stored day. */
async function dayToShow(app: AppContext, symbol: string, tradingDate: string | undefined, traded: boolean) {
  if (tradingDate) {
    const live = await liveMinuteSeries(app, symbol, tradingDate);
    if (live && (traded || live.bars.length > 0)) return { tradingDate, series: live };
  }
  const [stored] = await readMinuteDays(app.db, symbol, 1, tradingDate);
  return stored ?? null;
}

/** One point a minute: the close, the day's average price so far (turnover / volume) and the minute's volume. */
function points(day: Day): { points: Point[]; volume: number; turnover: number } {
  let volume = 0;
  let turnover = 0;
  const out = day.series.bars.map((bar, slot) => {
    volume += bar.volume;
    turnover += bar.turnover;
    return {
      time: slotStart(day.tradingDate, slot),
      price: centsToDecimal(bar.close),
      average: centsToDecimal(averagePrice(turnover, volume, bar.close)),
      volume: bar.volume,
    };
  });
  return { points: out, volume, turnover };
}

/** The minute in progress, from the latest quote: what it traded beyond the complete minutes. */
function formingPoint(day: Day, quote: FeedQuote, sums: { volume: number }): Point | null {
  const slot = minuteSlotOf(shanghaiMinuteOfDay(quote.time));
  if (slot < day.series.bars.length) return null;
  const price = decimalToCents(quote.price);
  return {
    time: slotStart(day.tradingDate, slot),
    price: quote.price,
    average: centsToDecimal(averagePrice(decimalToCents(quote.turnover), quote.volume, price)),
    volume: Math.max(0, quote.volume - sums.volume),
  };
}

/** Today's 1-minute prices with the average-price line, current to the latest quote. */
export const intradayHandler: Handler<typeof marketRoutes.intraday> = async ({ query, app }) => {
  const { symbol } = query;
  const { tradingDate, quote } = today(app, symbol);
  const day: Day | null = await dayToShow(app, symbol, tradingDate, quote !== undefined);
  if (!day) {
    const known = app.market.quote(symbol);
    if (!known || !tradingDate) throw new DomainError('market.unknownSymbol', { symbol });
    return { tradingDate, prevClose: known.prevClose, points: [] };
  }
  const sums = points(day);
  const forming = quote && day.tradingDate === tradingDate ? formingPoint(day, quote, sums) : null;
  return {
    tradingDate: day.tradingDate,
    prevClose: centsToDecimal(day.series.prevClose),
    points: forming ? [...sums.points, forming] : sums.points,
  };
};
