import { readDayBars, readMinuteDays } from '@bourse/core/market/history/barStore.ts';
import {
  dayPeriodBars,
  isMinutePeriod,
  MAX_DAYS_PER_BAR,
  type MinutePeriod,
  minutePeriodBars,
  SLOTS_PER_BAR,
  type TimedBar,
  toWireBar,
} from '@bourse/core/market/history/bars.ts';
import { liveMinuteSeries, quoteDayBar, today } from '@bourse/core/market/history/liveDay.ts';
import { DomainError, type KlinePeriod, type marketRoutes, shanghaiDate } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import type { AppContext } from '../../platform/appContext.ts';

interface Page {
  bars: TimedBar[];
  hasMore: boolean;
}

interface PageRequest {
  symbol: string;
  limit: number;
  /** Only bars starting before this instant (ms); none: up to now. */
  before: number | undefined;
}

/** The last trading date that can hold a bar starting before `before`. */
const lastDateBefore = (before: number | undefined) =>
  before === undefined ? undefined : shanghaiDate(before - 1);

const startsBefore = (before: number | undefined) => (bar: TimedBar) =>
  before === undefined || bar.time < before;

/** Minute periods: finished days from PostgreSQL, the day in progress from Redis. */
async function minutePage(app: AppContext, period: MinutePeriod, req: PageRequest): Promise<Page> {
  const barsPerDay = 240 / SLOTS_PER_BAR[period];
  const upto = lastDateBefore(req.before);
  const days = Math.ceil((req.limit + 1) / barsPerDay) + 1;
  const stored = await readMinuteDays(app.db, req.symbol, days, upto);
  const newest = stored[0]?.tradingDate;
  const { tradingDate } = today(app, req.symbol);
  const sources = stored.map((d) => ({ tradingDate: d.tradingDate, series: d.series }));
  if (
    tradingDate &&
    (newest === undefined || newest < tradingDate) &&
    (upto === undefined || tradingDate <= upto)
  ) {
    const live = await liveMinuteSeries(app, req.symbol, tradingDate);
    if (live) sources.unshift({ tradingDate, series: live });
  }
  const bars = sources
    .reverse()
    .flatMap((d) => minutePeriodBars(d.tradingDate, d.series, period))
    .filter(startsBefore(req.before));
  return { bars: bars.slice(-req.limit), hasMore: bars.length > req.limit || stored.length === days };
}

/** Day, week and month: stored day bars, plus today's bar from the latest quote until the close stores it. */
async function dayPage(app: AppContext, period: 'day' | 'week' | 'month', req: PageRequest): Promise<Page> {
  const perBar = MAX_DAYS_PER_BAR[period];
  const stored = await readDayBars(app.db, req.symbol, perBar * (req.limit + 1), lastDateBefore(req.before));
  const days = stored.bars;
  const { tradingDate, quote } = today(app, req.symbol);
  const newest = days.at(-1)?.tradingDate;
  if (quote && tradingDate && (newest === undefined || newest < tradingDate))
    days.push(quoteDayBar(quote, tradingDate));
  const bars = dayPeriodBars(days, period).filter(startsBefore(req.before));
  // With older days unread the oldest group may be cut short, but limit + 1 groups' worth of
  // days always holds more than `limit` groups: the slice drops it.
  return { bars: bars.slice(-req.limit), hasMore: stored.more || bars.length > req.limit };
}

function page(app: AppContext, period: KlinePeriod, req: PageRequest): Promise<Page> {
  return isMinutePeriod(period) ? minutePage(app, period, req) : dayPage(app, period, req);
}

/** Bars of a period, newest last; `before` (a bar's time) pages back. */
export const klineHandler: Handler<typeof marketRoutes.kline> = async ({ query, app }) => {
  const { symbol, period, limit, before } = query;
  const { bars, hasMore } = await page(app, period, { symbol, limit, before });
  if (bars.length === 0 && !hasMore && !app.market.chartQuote(symbol)) {
    throw new DomainError('market.unknownSymbol', { symbol });
  }
  return { bars: bars.map(toWireBar), hasMore };
};
