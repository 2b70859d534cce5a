import { type Bar, shanghaiDate, shanghaiMinuteOfDay } from '@bourse/shared';
import { useMemo } from 'react';
import { useLoad } from '../../lib/useLoad.ts';
import { loadMarketApi, marketClockView, useMarketStatus } from '../market/index.ts';
import { tradingMinutesElapsed } from './stockStats.ts';

/** Day bars asked for: the five past days the volume ratio averages, and today's, which it leaves out. */
const DAYS = 6;

/** What the stock page's figures need beyond the live quote and book. */
export interface StockFundamentals {
  /** Trailing EPS and total shares from the listing; absent where the feed gives none. */
  eps?: string;
  totalShares?: number;
  /** The five trading days before today, oldest first. */
  pastDays: readonly Pick<Bar, 'volume'>[];
  /** Continuous trading minutes gone today, on the market's clock. */
  minutesElapsed: number;
}

/**
 * The listing's fundamentals and the last five days' volumes, loaded once per stock and trading
 * day. The page shows a dash for a figure whose data did not come (the quote still streams).
 */
export function useStockFundamentals(symbol: string | undefined): StockFundamentals {
  const status = useMarketStatus();
  const tradingDate = status?.tradingDate;
  const enabled = symbol !== undefined;
  const [instrument] = useLoad(
    async (signal) => (await loadMarketApi()).fetchInstrument(symbol ?? '', signal),
    [symbol],
    { enabled },
  );
  const [days] = useLoad(
    async (signal) =>
      (await loadMarketApi()).fetchKline({ symbol: symbol ?? '', period: 'day', limit: DAYS }, signal),
    [symbol, tradingDate],
    { enabled },
  );
  const pastDays = useMemo(
    () =>
      days.status === 'success' && tradingDate
        ? days.data.bars.filter((bar) => shanghaiDate(bar.time) < tradingDate).slice(-(DAYS - 1))
        : [],
    [days, tradingDate],
  );
  // Read at each render: the page renders on every quote, which is as often as the ratio moves.
  const minutesElapsed = status
    ? tradingMinutesElapsed(shanghaiMinuteOfDay(marketClockView(status, Date.now()).marketNow))
    : 0;
  const listing = instrument.status === 'success' ? instrument.data : undefined;
  return { eps: listing?.eps, totalShares: listing?.totalShares, pastDays, minutesElapsed };
}
