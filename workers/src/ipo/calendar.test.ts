import { describe, expect, it } from 'vitest';
import { marketClock } from './calendar.ts';

const status = (tradingDate: string, time: string) => ({
  protocol: 1 as const,
  phase: 'continuous' as const,
  tradingDate,
  simulated: true,
  time: Date.parse(time),
});

describe("the calendar's market clock", () => {
  it("reads the feed's trading date and its market time in Shanghai", () => {
    expect(marketClock(status('2026-07-09', '2026-07-09T10:30:00+08:00'))).toEqual({
      tradingDate: '2026-07-09',
      minute: 630,
      at: Date.parse('2026-07-09T10:30:00+08:00'),
    });
  });

  it('counts a trading date whose calendar day has passed as over (a weekend after Friday)', () => {
    expect(marketClock(status('2026-07-10', '2026-07-11T09:45:00+08:00'))).toEqual({
      tradingDate: '2026-07-10',
      minute: 1440,
      at: Date.parse('2026-07-11T09:45:00+08:00'),
    });
  });

  it('goes by the wall clock in Shanghai while no feed has spoken', () => {
    expect(marketClock(null, Date.parse('2026-07-09T01:00:00Z'))).toEqual({
      tradingDate: '2026-07-09',
      minute: 540,
      at: Date.parse('2026-07-09T01:00:00Z'),
    });
  });

  it("stamps records with the demo clock's market time, which runs on between the feed's messages", () => {
    // Cycle 0 of a 906 s demo day began 100 s ago: 09:30 plus 10 s of 20× trading, 09:33:20.
    const now = Date.parse('2026-07-09T02:00:00Z');
    const clock = { anchor: now - 100_000, firstDate: '2026-07-09', cycleMs: 906_000 };
    const published = { ...status('2026-07-09', '2026-07-09T09:30:00+08:00'), clock };
    expect(marketClock(published, now)).toEqual({
      tradingDate: '2026-07-09',
      minute: 570,
      at: Date.parse('2026-07-09T09:33:20+08:00'),
    });
  });
});
