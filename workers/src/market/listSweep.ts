/**
 * The heal sweep of the dragon-tiger lists: what the database should hold is worked out from
 * what it holds, never from what Redis remembers. Each of the newest trading days with stored
 * day bars should have its list; a day without one gets its job again, even where Redis keeps
 * a finished job of that id (another database's, or this one's from before its lists were lost).
 */
import { dragonTigerDates, readDayBars } from '@bourse/core/market/history';
import { type Db, logger } from '@bourse/core/platform';
import type { Queue } from 'bullmq';
import { requeueDragonTiger } from './dayClose.ts';
import { DEVIATION_INDEX } from './dragonTiger.ts';

/** As many days as the client's date picker offers (client/src/features/market/data/marketApi.ts). */
export const SWEPT_DAYS = 60;

/** The trading days among the newest `days` with day bars that have no list yet, oldest first. */
export async function missingDragonTigerDays(db: Db, days = SWEPT_DAYS): Promise<string[]> {
  // An index's bar is stored after every stock's of its day (dayClose.ts), so its days are complete.
  const { bars } = await readDayBars(db, DEVIATION_INDEX.SSE, days);
  // A list needs its day's bars, so the newest `days` lists cover every built one of these days.
  const built = new Set(await dragonTigerDates(db, days));
  return bars.map((b) => b.tradingDate).filter((date) => !built.has(date));
}

/** Queues a build of every missing list; returns the days asked for. */
export async function sweepDragonTigerLists(db: Db, queue: Queue, seed: string): Promise<string[]> {
  const missing = await missingDragonTigerDays(db);
  for (const tradingDate of missing) await requeueDragonTiger(queue, { tradingDate, seed });
  if (missing.length > 0)
    logger.info(
      { days: missing.length, from: missing[0], to: missing.at(-1) },
      'dragon-tiger lists to rebuild',
    );
  return missing;
}
