import { MARKET_PROTOCOL_VERSION, type MarketStatus } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { formatCountdown, marketClockView } from './marketClock.ts';

const status = (overrides: Partial<MarketStatus>): MarketStatus => ({
  protocol: MARKET_PROTOCOL_VERSION,
  phase: 'continuous',
  tradingDate: '2026-07-10',
  simulated: true,
  time: Date.parse('2026-07-10T10:00:00+08:00'),
  ...overrides,
});

describe('marketClockView', () => {
  // A 906 s demo day whose cycle 0 (Friday 2026-07-10) began at real 0: 09:30 comes at 90 s,
  // the 2 h morning takes 360 s (20×), lunch 30 s, the 1 h 57 min afternoon 351 s.
  const clock = { anchor: 0, firstDate: '2026-07-10', cycleMs: 906_000 };

  it('shows demo market time and the real time left until lunch', () => {
    // 100 s in: 09:30 + 10 s × 20 = 09:33:20; lunch at 90 + 360 = 450 s, 350 s away.
    expect(marketClockView(status({ clock }), 100_000)).toEqual({
      marketNow: Date.parse('2026-07-10T09:33:20+08:00'),
      next: { phase: 'lunchBreak', realMs: 350_000 },
      cycleMs: 906_000,
    });
  });

  it('counts the lunch break down to the afternoon in real seconds', () => {
    // 460 s in: 11:30 + 10/30 of 90 min = 12:00; trading resumes at 480 s.
    const view = marketClockView(status({ phase: 'lunchBreak', clock }), 460_000);
    expect(view.marketNow).toBe(Date.parse('2026-07-10T12:00:00+08:00'));
    expect(view.next).toEqual({ phase: 'continuous', realMs: 20_000 });
  });

  it("after the close counts down to the next cycle's opening call, Monday's", () => {
    // 900 s in: the night segment (15:30–24:00 in 15 s); cycle 1 opens at 906 s, its 09:15 at 921 s.
    const view = marketClockView(status({ phase: 'closed', clock }), 900_000);
    expect(view.next).toEqual({ phase: 'openingCall', realMs: 21_000 });
  });

  it('on the exchange clock, market time is real time and the countdown is the real wait', () => {
    const wall = Date.parse('2026-07-10T11:29:00+08:00');
    expect(marketClockView(status({ simulated: false }), wall)).toEqual({
      marketNow: wall,
      next: { phase: 'lunchBreak', realMs: 60_000 },
      cycleMs: null,
    });
  });

  it('shows a simulation without a published clock at its latest data and counts nothing down', () => {
    const s = status({});
    expect(marketClockView(s, 5)).toEqual({ marketNow: s.time, next: null, cycleMs: null });
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [999, '0:01'],
    [100_000, '1:40'],
    [3_600_000, '1:00:00'],
    [3_723_000, '1:02:03'],
  ])('%i ms → %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});
