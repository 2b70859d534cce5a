import { addDays, assertIsoDate, weekday } from './dates.ts';
import { EXCHANGE_HOLIDAYS, HOLIDAY_YEARS } from './holidays.ts';

export interface TradingCalendar {
  isTradingDay(date: string): boolean;
  nextTradingDay(date: string): string;
  previousTradingDay(date: string): string;
  /** n trading days after (n > 0) or before (n < 0) a date; n = 0 returns the date itself. */
  addTradingDays(date: string, n: number): string;
}

/** Weekdays minus the given closures. */
export function createTradingCalendar(holidays: Iterable<string>): TradingCalendar {
  const closed = new Set(holidays);
  const isTradingDay = (date: string) => {
    const day = weekday(date);
    return day !== 0 && day !== 6 && !closed.has(date);
  };
  const step = (date: string, direction: 1 | -1) => {
    let d = addDays(date, direction);
    while (!isTradingDay(d)) d = addDays(d, direction);
    return d;
  };
  return {
    isTradingDay,
    nextTradingDay: (date) => step(date, 1),
    previousTradingDay: (date) => step(date, -1),
    addTradingDays(date, n) {
      if (!Number.isInteger(n)) throw new RangeError(`not a whole number of trading days: ${n}`);
      let d = date;
      for (let i = 0; i < Math.abs(n); i++) d = step(d, n > 0 ? 1 : -1);
      return d;
    },
  };
}

/** The mainland exchanges' calendar (SSE, SZSE and BSE close on the same days). */
export const exchangeCalendar: TradingCalendar = createTradingCalendar(EXCHANGE_HOLIDAYS);

/** False where the holiday table has no data, so a server can warn at start-up that it needs extending. */
export function holidayTableCovers(date: string): boolean {
  assertIsoDate(date);
  return HOLIDAY_YEARS.includes(Number(date.slice(0, 4)));
}
