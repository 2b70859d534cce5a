import { readDayBars } from '@bourse/core/market/history';
import { EMBEDDED_AND_POSTGRES, openTestDatabase } from '@bourse/core/market/history/testing';
import type { Database, Db } from '@bourse/core/platform';
import { exchangeCalendar } from '@bourse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUniverse } from '../feed/index.ts';
import { backfillHistory } from './backfill.ts';
import { initialPlan } from './simulatedDay.ts';

const universe = generateUniverse({ seed: 11, size: 60 });
const plan = initialPlan(universe, '2026-07-15');
const options = { universe, seed: '11', plan, days: 40, minuteDays: 0 };

/** The database as seen by a process killed after its first `months` transactions committed. */
function cutShortAfter(db: Db, months: number): Db {
  let left = months;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Db['transaction']>) => {
        if (left-- <= 0) throw new Error('killed');
        return target.transaction(...args);
      };
    },
  });
}

describe.each(EMBEDDED_AND_POSTGRES)('a history backfill cut short on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('is finished by the next start: every day of every listing, chained to the live closes', async () => {
    await expect(backfillHistory(cutShortAfter(database.db, 1), options)).rejects.toThrow('killed');
    const partial = await readDayBars(database.db, universe.listings[0]!.symbol, 100);
    expect(partial.bars.length).toBeGreaterThan(0);
    expect(partial.bars.length).toBeLessThan(options.days);

    await backfillHistory(database.db, options);
    const earliest = exchangeCalendar.addTradingDays(plan.tradingDate, -options.days);
    for (const [i, listing] of universe.listings.entries()) {
      const { bars } = await readDayBars(database.db, listing.symbol, 100);
      expect(bars).toHaveLength(options.days);
      expect(bars[0]!.tradingDate).toBe(earliest);
      expect(bars.at(-1)!.close).toBe(plan.prevCloses[i]);
      bars.forEach((bar, k) => {
        if (k > 0) expect(bar.prevClose).toBe(bars[k - 1]!.close);
      });
    }
  });

  it('stops between transactions when the feed stops, leaving whole months for the next start', async () => {
    const fresh = await openTestDatabase(kind);
    try {
      const stopping = new AbortController();
      // The feed stops while the first month is being written.
      const stopAfterFirstMonth = new Proxy(fresh.db, {
        get(target, property, receiver) {
          if (property !== 'transaction') return Reflect.get(target, property, receiver);
          return async (...args: Parameters<Db['transaction']>) => {
            const result = await target.transaction(...args);
            stopping.abort();
            return result;
          };
        },
      });
      await expect(
        backfillHistory(stopAfterFirstMonth, { ...options, signal: stopping.signal }),
      ).rejects.toThrow(/abort/i);
      const firstListing = universe.listings[0]!.symbol;
      const stopped = (await readDayBars(fresh.db, firstListing, 100)).bars.length;
      expect(stopped).toBeGreaterThan(0);
      expect(stopped).toBeLessThan(options.days);

      await backfillHistory(fresh.db, options);
      expect((await readDayBars(fresh.db, firstListing, 100)).bars).toHaveLength(options.days);
    } finally {
      await fresh.close();
    }
  });
});
