import { readMinuteDays } from '@bourse/core/market/history/barStore.ts';
import { averagePrice } from '@bourse/core/market/history/bars.ts';
import { type ChartQuote, liveMinuteSeries, today } from '@bourse/core/market/history/liveDay.ts';
import {
  centsToDecimal,
  DomainError,
  decimalToCents,
  isIndexSymbol,
  type MinuteBar,
  type MinuteSeries,
  type marketRoutes,
  minuteSlotOf,
  shanghaiMinuteOfDay,
  slotStart,
} from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import type { AppContext } from '../../platform/appContext.ts';

type Point = ReturnType<typeof marketRoutes.intraday.response.parse>['points'][number];

interface Day {
  tradingDate: string;
  series: MinuteSeries;
}

/**
 * What a minute adds to the average line's numerator. A stock's turnover makes it the average
 * price paid; an index's turnover is its constituents' CNY, unrelated to its points, so its
 * line weights its points by volume instead.
 */
type Weight = (bar: Pick<MinuteBar, 'close' | 'volume' | 'turnover'>) => bigint;
const stockWeight: Weight = (bar) => BigInt(bar.turnover);
const indexWeight: Weight = (bar) => BigInt(bar.close) * BigInt(bar.volume);

interface Sums {
  volume: number;
  turnover: number;
  weighted: bigint;
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

/** One point a minute: the close, the day's average so far and the minute's volume. */
function points(day: Day, weight: Weight): { points: Point[]; sums: Sums } {
  const sums: Sums = { volume: 0, turnover: 0, weighted: 0n };
  const out = day.series.bars.map((bar, slot) => {
    sums.volume += bar.volume;
    sums.turnover += bar.turnover;
    sums.weighted += weight(bar);
    return {
      time: slotStart(day.tradingDate, slot),
      price: centsToDecimal(bar.close),
      average: centsToDecimal(averagePrice(sums.weighted, sums.volume, bar.close)),
      volume: bar.volume,
    };
  });
  return { points: out, sums };
}

/** The minute in progress, from the latest quote: what it traded beyond the complete minutes. */
function formingPoint(day: Day, quote: ChartQuote, sums: Sums, weight: Weight): Point | null {
  const slot = minuteSlotOf(shanghaiMinuteOfDay(quote.time));
  if (slot < day.series.bars.length) return null;
  const close = decimalToCents(quote.price);
  const volume = Math.max(0, quote.volume - sums.volume);
  const turnover = Math.max(0, decimalToCents(quote.turnover) - sums.turnover);
  const weighted = sums.weighted + weight({ close, volume, turnover });
  return {
    time: slotStart(day.tradingDate, slot),
    price: quote.price,
    average: centsToDecimal(averagePrice(weighted, sums.volume + volume, close)),
    volume,
  };
}

/** Today's 1-minute prices (an index's points) with the average line, current to the latest quote. */
export const intradayHandler: Handler<typeof marketRoutes.intraday> = async ({ query, app }) => {
  const { symbol } = query;
  const weight = isIndexSymbol(symbol) ? indexWeight : stockWeight;
  const { tradingDate, quote } = today(app, symbol);
  const day: Day | null = await dayToShow(app, symbol, tradingDate, quote !== undefined);
  if (!day) {
    const known = app.market.chartQuote(symbol);
    if (!known || !tradingDate) throw new DomainError('market.unknownSymbol', { symbol });
    return { tradingDate, prevClose: known.prevClose, points: [] };
  }
  const { points: complete, sums } = points(day, weight);
  const forming = quote && day.tradingDate === tradingDate ? formingPoint(day, quote, sums, weight) : null;
  return {
    tradingDate: day.tradingDate,
    prevClose: centsToDecimal(day.series.prevClose),
    points: forming ? [...complete, forming] : complete,
  };
};
