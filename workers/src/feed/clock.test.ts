import { type MarketPhase, phaseAt, shanghaiDate, shanghaiMinuteOfDay } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import {
  acceleratedClock,
  DEMO_DAY,
  demoClock,
  exchangeClock,
  shanghaiMidnight,
  steppedClock,
} from './clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('exchangeClock', () => {
  it('is real time, not simulated', () => {
    const clock = exchangeClock(() => 1234);
    expect(clock.simulated).toBe(false);
    expect(clock.marketNow()).toBe(1234);
    expect(clock.wallNow()).toBe(1234);
  });
});

describe('acceleratedClock', () => {
  it('runs market time speed times faster from its start', () => {
    let wall = 1_000;
    const clock = acceleratedClock({
      speed: 60,
      marketStart: at('2026-07-06T09:30:00+08:00'),
      now: () => wall,
    });
    wall += 1_000;
    expect(clock.marketNow()).toBe(at('2026-07-06T09:31:00+08:00'));
    expect(clock.simulated).toBe(true);
  });
});

describe('steppedClock', () => {
  it('moves only when told, never backwards', () => {
    const clock = steppedClock(100);
    clock.advance(50);
    expect(clock.marketNow()).toBe(150);
    expect(() => clock.set(10)).toThrow(RangeError);
  });
});

describe('demoClock', () => {
  it('opens at 09:35 on a trading day by default', () => {
    const wall = at('2026-07-11T03:00:00+08:00'); // a Saturday night
    const clock = demoClock({ now: () => wall });
    expect(clock.simulated).toBe(true);
    expect(shanghaiDate(clock.marketNow())).toBe('2026-07-13');
    expect(shanghaiMinuteOfDay(clock.marketNow())).toBe(9 * 60 + 35);
  });

  it('visits every phase of the day in order within one cycle, then the next trading day', () => {
    let wall = 0;
    const clock = demoClock({ now: () => wall, anchor: 0, firstDate: '2026-07-10' });
    const seen: MarketPhase[] = [];
    let previous = -Infinity;
    for (wall = 0; wall < clock.cycleMs; wall += 1_000) {
      const t = clock.marketNow();
      expect(t).toBeGreaterThanOrEqual(previous);
      previous = t;
      const phase = phaseAt(t);
      if (seen.at(-1) !== phase) seen.push(phase);
    }
    expect(seen).toEqual([
      'preOpen',
      'openingCall',
      'openingCallLocked',
      'preContinuous',
      'continuous',
      'lunchBreak',
      'continuous',
      'closingCall',
      'postClose',
      'afterHoursFixed',
      'closed',
    ]);
    wall = clock.cycleMs;
    // 2026-07-10 is a Friday: the next cycle trades on Monday.
    expect(clock.marketNow()).toBe(shanghaiMidnight('2026-07-13') + 9 * 3_600_000);
    expect(clock.cycleMs).toBe(DEMO_DAY.reduce((s, d) => s + d.realMs, 0));
  });

  it('stretches to one trading day per real day', () => {
    let wall = 0;
    const clock = demoClock({ now: () => wall, anchor: 0, firstDate: '2026-07-10', cycleMs: 86_400_000 });
    wall = 86_400_000 * 0.3;
    expect(shanghaiDate(clock.marketNow())).toBe('2026-07-10');
    expect(phaseAt(clock.marketNow())).toBe('continuous');
    wall = 86_400_000;
    expect(shanghaiDate(clock.marketNow())).toBe('2026-07-13');
  });

  it('skips ahead to a wall time, today or on the next trading day, and runs on from there', () => {
    let wall = 0;
    const clock = demoClock({ now: () => wall, anchor: 0, firstDate: '2026-07-10', startAt: '09:35' });
    wall = 1_000;
    const before = clock.marketNow();
    expect(clock.skipTo('14:57')).toBeGreaterThan(0);
    expect(clock.marketNow()).toBe(at('2026-07-10T14:57:00+08:00'));
    expect(clock.anchor).toBeLessThan(0);
    expect(before).toBeLessThan(clock.marketNow());
    // 09:30 has passed on Friday: the next one is Monday's.
    clock.skipTo('09:30');
    expect(clock.marketNow()).toBe(at('2026-07-13T09:30:00+08:00'));
    wall += 60_000;
    expect(phaseAt(clock.marketNow())).toBe('continuous');
    expect(clock.marketNow()).toBeGreaterThan(at('2026-07-13T09:30:00+08:00'));
  });
});
