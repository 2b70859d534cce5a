import { decodeDayBars, decodeSeries, exchangeCalendar, MINUTE_SLOTS } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { generateUniverse } from '../feed/index.ts';
import { generateHistory, type HistoryRequest } from './backfill.ts';

const universe = generateUniverse({ seed: 7, size: 80 });
const dates: string[] = [];
for (let d = '2026-06-22'; d <= '2026-07-03'; d = exchangeCalendar.nextTradingDay(d)) dates.push(d);

const request: HistoryRequest = {
  universe,
  seed: '7',
  dates,
  closes: universe.listings.map((l) => l.prevCloseCents),
  indexCloses: universe.indices.map((d) => Math.round(d.baseLevel * 100)),
  minuteDates: 2,
};

describe('generateHistory', async () => {
  const history = await generateHistory(request);
  const daysOf = (symbol: string) =>
    history.runs
      .filter((r) => r.symbol === symbol)
      .flatMap((r) => decodeDayBars(r.firstDate.slice(0, 7), r.bars));

  it('gives every listing and index every date, in month runs, ending at the known closes', () => {
    for (const [i, listing] of universe.listings.entries()) {
      const days = daysOf(listing.symbol);
      expect(days.map((d) => d.tradingDate)).toEqual(dates);
      expect(days.at(-1)?.close).toBe(request.closes[i]);
    }
    for (const index of universe.indices) expect(daysOf(index.symbol)).toHaveLength(dates.length);
    // 22 June to 3 July: two months, so two runs per symbol
    expect(history.runs).toHaveLength(2 * (universe.listings.length + universe.indices.length));
  });

  it('chains the days and keeps each inside its price band', () => {
    for (const listing of universe.listings) {
      const days = daysOf(listing.symbol);
      const band = listing.board === 'chinext' || listing.board === 'star' ? 0.2 : listing.isST ? 0.05 : 0.1;
      days.forEach((day, k) => {
        if (k > 0) expect(day.prevClose).toBe(days[k - 1]!.close);
        for (const price of [day.open, day.high, day.low, day.close]) {
          expect(price).toBeLessThanOrEqual(Math.round(day.prevClose * (1 + band)));
          expect(price).toBeGreaterThanOrEqual(Math.round(day.prevClose * (1 - band)));
        }
        expect(day.low).toBeLessThanOrEqual(Math.min(day.open, day.close));
        expect(day.high).toBeGreaterThanOrEqual(Math.max(day.open, day.close));
        expect(day.volume % 100).toBe(0);
      });
    }
  });

  it('gives the newest days minute series that add up to their day bars', () => {
    expect([...history.series.keys()]).toEqual(dates.slice(-2));
    for (const [date, bySymbol] of history.series) {
      for (const listing of universe.listings) {
        const { prevClose, bars } = decodeSeries(bySymbol.get(listing.symbol)!);
        const day = daysOf(listing.symbol).find((d) => d.tradingDate === date)!;
        expect(bars).toHaveLength(MINUTE_SLOTS);
        expect(prevClose).toBe(day.prevClose);
        expect([bars[0]!.open, bars.at(-1)!.close]).toEqual([day.open, day.close]);
        expect(bars.reduce((sum, b) => sum + b.volume, 0)).toBe(day.volume);
        expect(bars.reduce((sum, b) => sum + b.turnover, 0)).toBe(day.turnover);
        expect(Math.max(...bars.map((b) => b.high))).toBe(day.high);
      }
    }
  });

  it('gives the indices minute series too: their day bars, carrying their constituents’ volume slot by slot', () => {
    for (const [date, bySymbol] of history.series) {
      for (const index of universe.indices) {
        const { prevClose, bars } = decodeSeries(bySymbol.get(index.symbol)!);
        const day = daysOf(index.symbol).find((d) => d.tradingDate === date)!;
        expect(bars).toHaveLength(MINUTE_SLOTS);
        expect(prevClose).toBe(day.prevClose);
        expect([bars[0]!.open, bars.at(-1)!.close]).toEqual([day.open, day.close]);
        expect([Math.max(...bars.map((b) => b.high)), Math.min(...bars.map((b) => b.low))]).toEqual([
          day.high,
          day.low,
        ]);
        const members = index.constituents.map((i) =>
          decodeSeries(bySymbol.get(universe.listings[i]!.symbol)!),
        );
        bars.forEach((bar, slot) => {
          expect(bar.volume).toBe(members.reduce((sum, m) => sum + m.bars[slot]!.volume, 0));
          expect(bar.turnover).toBe(members.reduce((sum, m) => sum + m.bars[slot]!.turnover, 0));
        });
        expect(day.volume).toBe(
          members.reduce((sum, m) => sum + m.bars.reduce((v, b) => v + b.volume, 0), 0),
        );
      }
    }
  });

  it('is the same for the same seed', async () => {
    const again = await generateHistory(request);
    expect(again.runs).toEqual(history.runs);
    expect(again.series).toEqual(history.series);
  });
});
