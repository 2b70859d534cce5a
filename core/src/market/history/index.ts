/** Bar and list storage for the workers, which write what the history routes read. */
export {
  type DayRun,
  dayBarRange,
  dayBarsBetween,
  dayBarsOn,
  dayRun,
  deleteMinuteDaysBefore,
  readDayBars,
  readMinuteDays,
  type SymbolDayBar,
  storeDayBars,
  storeDayRuns,
  storeMinuteSeries,
} from './barStore.ts';
export {
  type DragonTigerDay,
  dragonTigerDates,
  readDragonTigerDay,
  storeDragonTigerDay,
} from './dragonTigerStore.ts';
export { type ChartQuote, indexChartQuote, quoteDayBar } from './liveDay.ts';
