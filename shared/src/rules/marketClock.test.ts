import { describe, expect, it } from 'vitest';
import { shanghaiDate, shanghaiMinuteOfDay } from './dates.ts';
import { DEFAULT_DEMO_CYCLE_MS, DEMO_DAY, demoTimeline, nextPhaseChange } from './marketClock.ts';

const hhmm = (instant: number) => {
  const m = shanghaiMinuteOfDay(instant);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

describe('demoTimeline', () => {
  // 2026-07-10 is a Friday: cycle 1 is Monday 2026-07-13.
  const timeline = demoTimeline({ anchor: 0, firstDate: '2026-07-10', cycleMs: 906_000 });

  it('runs the schedule as written at its own length', () => {
    expect(timeline.cycleMs).toBe(DEMO_DAY.reduce((s, d) => s + d.realMs, 0));
    // 15 s of pre-open, 60 s of opening call, 15 s to 09:30.
    expect(hhmm(timeline.marketAt(90_000))).toBe('09:30');
    expect(shanghaiDate(timeline.marketAt(906_000 + 90_000))).toBe('2026-07-13');
  });

  it('finds the real instant of a market time, today or in the next cycle', () => {
    expect(timeline.wallWhen('09:30', 0)).toBe(90_000);
    // After 09:30 has passed, the next 09:30 is the next trading day's.
    expect(timeline.wallWhen('09:30', 100_000)).toBe(906_000 + 90_000);
    for (const time of ['09:15', '11:30', '13:00', '14:57', '15:00', '16:00']) {
      const at = timeline.wallWhen(time, 200_000);
      expect(hhmm(timeline.marketAt(at))).toBe(time);
    }
  });

  /**
   * The newcomer's promise: whenever one registers, an issue opens for subscription within a
   * trading day (the IPO pipeline has one every trading day, subscribing 09:30–15:00), and its
   * payment (T+2 by 16:00) comes within 30 real minutes at the default pace. Worst case: registering
   * just after 15:00, 0.15 of a cycle to the next 09:30, then 2.9 cycles to T+2 16:00.
   */
  it('takes a newcomer from registering to an IPO payment within 30 minutes at the default pace', () => {
    const paced = demoTimeline({ anchor: 0, firstDate: '2026-07-06', cycleMs: DEFAULT_DEMO_CYCLE_MS });
    let worst = 0;
    for (let registered = 0; registered < 3 * DEFAULT_DEMO_CYCLE_MS; registered += 1_000) {
      const minute = shanghaiMinuteOfDay(paced.marketAt(registered));
      const subscribeAt =
        minute >= 9 * 60 + 30 && minute < 15 * 60 ? registered : paced.wallWhen('09:30', registered);
      const paymentAt = paced.wallWhen('16:00', subscribeAt) + 2 * paced.cycleMs;
      worst = Math.max(worst, paymentAt - registered);
    }
    expect(worst).toBeLessThanOrEqual(30 * 60_000);
    expect(worst).toBeGreaterThan(25 * 60_000);
  });
});

describe('nextPhaseChange', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    // Friday 2026-07-10: trading → lunch → trading → closing call → close → after-hours → closed.
    ['2026-07-10T10:00:00+08:00', '2026-07-10T11:30:00+08:00', 'lunchBreak'],
    ['2026-07-10T11:30:00+08:00', '2026-07-10T13:00:00+08:00', 'continuous'],
    ['2026-07-10T14:56:59+08:00', '2026-07-10T14:57:00+08:00', 'closingCall'],
    ['2026-07-10T15:02:00+08:00', '2026-07-10T15:05:00+08:00', 'afterHoursFixed'],
    ['2026-07-10T15:10:00+08:00', '2026-07-10T15:30:00+08:00', 'closed'],
    // The 09:20 lock stays within "opening call": the next change announced is 09:25.
    ['2026-07-10T09:16:00+08:00', '2026-07-10T09:25:00+08:00', 'preContinuous'],
    // After Friday's close, over the weekend, to Monday's opening call.
    ['2026-07-10T16:00:00+08:00', '2026-07-13T09:15:00+08:00', 'openingCall'],
    ['2026-07-11T12:00:00+08:00', '2026-07-13T09:15:00+08:00', 'openingCall'],
  ])('after %s comes %s (%s)', (now, next, phase) => {
    expect(nextPhaseChange(at(now))).toEqual({ at: at(next), phase });
  });
});
