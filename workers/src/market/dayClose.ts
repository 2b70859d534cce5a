/**
 * A finished trading day into PostgreSQL: every symbol's minute series and day bar, the
 * indices' day bars, the retention policy for minute bars, and the dragon-tiger job.
 * Idempotent: a feed that takes over after the close stores the same day again harmlessly.
 */

import {
  deleteMinuteDaysBefore,
  indexChartQuote,
  quoteDayBar,
  type SymbolDayBar,
  storeDayBars,
  storeMinuteSeries,
} from '@bourse/core/market/history';
import type { Db } from '@bourse/core/platform';
import { type DragonTigerJob, dragonTigerJobId, exchangeCalendar, MARKET_QUEUES } from '@bourse/shared';
import type { Queue } from 'bullmq';
import type { IndexQuote, Quote } from '../feed/index.ts';

export interface FinishedDay {
  tradingDate: string;
  /** Every listing's last quote of the day. */
  quotes: readonly Quote[];
  indices: readonly IndexQuote[];
  /** Every listing's and index's minute series. */
  series: ReadonlyMap<string, Uint8Array>;
}

/** Adds the day's dragon-tiger job; the job id makes a second add for the same day a no-op. */
export async function enqueueDragonTiger(queue: Queue, job: DragonTigerJob): Promise<void> {
  await queue.add(MARKET_QUEUES.dragonTiger, job, {
    jobId: dragonTigerJobId(job.tradingDate),
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: 500,
    removeOnFail: 500,
  });
}

/**
 * Adds the day's job even where Redis still holds a finished one of that id, which would make
 * the add a no-op: the heal sweep asks only for days whose list the database lacks.
 */
export async function requeueDragonTiger(queue: Queue, job: DragonTigerJob): Promise<void> {
  const previous = await queue.getJob(dragonTigerJobId(job.tradingDate));
  const state = await previous?.getState();
  if (state === 'completed' || state === 'failed') await previous?.remove();
  await enqueueDragonTiger(queue, job);
}

export async function storeFinishedDay(
  db: Db,
  day: FinishedDay,
  options: { minuteRetentionDays: number },
): Promise<void> {
  const { tradingDate } = day;
  // Only names that traded: a day bar of an untraded name would record nothing.
  const bars: SymbolDayBar[] = day.quotes
    .filter((q) => q.open !== null)
    .map((q) => ({ symbol: q.symbol, bar: quoteDayBar(q, tradingDate) }));
  for (const q of day.indices)
    bars.push({ symbol: q.symbol, bar: quoteDayBar(indexChartQuote(q), tradingDate) });
  await storeDayBars(db, bars);
  await storeMinuteSeries(db, tradingDate, day.series);
  const firstKept = exchangeCalendar.addTradingDays(tradingDate, -(options.minuteRetentionDays - 1));
  await deleteMinuteDaysBefore(db, firstKept);
}
