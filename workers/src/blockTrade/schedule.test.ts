import { feedStatusMessageSchema, MARKET_PROTOCOL_VERSION } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { dueDays } from './schedule.ts';

/** The feed's status on 2026-07-07 (a Tuesday) at `clock` Shanghai time. */
const statusAt = (clock: string, tradingDate = '2026-07-07') =>
  feedStatusMessageSchema.parse({
    protocol: MARKET_PROTOCOL_VERSION,
    phase: 'continuous',
    tradingDate,
    simulated: true,
    time: Date.parse(`${tradingDate}T${clock}:00+08:00`),
  });

describe('dueDays', () => {
  it.each([
    // Before 15:30 only the previous trading day (Monday 07-06) is due: orders are still taken today.
    ['10:00', ['2026-07-06']],
    ['15:29', ['2026-07-06']],
    // From the after-hours session's end, today too.
    ['15:30', ['2026-07-06', '2026-07-07']],
    ['23:59', ['2026-07-06', '2026-07-07']],
  ])('at %s settles %j', (clock, days) => {
    expect(dueDays(statusAt(clock))).toEqual(days);
  });

  it('counts a trading date whose calendar day has passed as closed', () => {
    // Monday's status still current on Tuesday morning (the feed has not rolled over yet).
    expect(dueDays({ ...statusAt('09:00', '2026-07-07'), tradingDate: '2026-07-06' })).toEqual([
      '2026-07-03',
      '2026-07-06',
    ]);
  });

  it('falls back to the wall clock in Shanghai without a feed', () => {
    expect(dueDays(null, Date.parse('2026-07-07T16:00:00+08:00'))).toEqual(['2026-07-06', '2026-07-07']);
  });
});
