import { describe, expect, it } from 'vitest';
import { createTradingCalendar } from './calendar.ts';
import { shanghaiDate, shanghaiMinuteOfDay } from './dates.ts';
import {
  acceptsCancels,
  acceptsOrders,
  hasAfterHoursFixedPrice,
  type MarketPhase,
  phaseAt,
} from './sessions.ts';

/** An instant given as Shanghai wall-clock time. */
const sh = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

describe('phaseAt', () => {
  it.each([
    ['00:00:00', 'preOpen'],
    ['09:14:59', 'preOpen'],
    ['09:15:00', 'openingCall'],
    ['09:19:59', 'openingCall'],
    ['09:20:00', 'openingCallLocked'],
    ['09:25:00', 'preContinuous'],
    ['09:30:00', 'continuous'],
    ['11:29:59', 'continuous'],
    ['11:30:00', 'lunchBreak'],
    ['13:00:00', 'continuous'],
    ['14:56:59', 'continuous'],
    ['14:57:00', 'closingCall'],
    ['15:00:00', 'postClose'],
    ['15:05:00', 'afterHoursFixed'],
    ['15:29:59', 'afterHoursFixed'],
    ['15:30:00', 'closed'],
    ['23:59:59', 'closed'],
  ])('Monday 2026-07-06 %s → %s', (time, phase) => {
    expect(phaseAt(sh('2026-07-06', time))).toBe(phase);
  });

  it.each([
    ['2026-07-04', 'Saturday'],
    ['2026-10-01', 'National Day'],
    ['2026-02-17', 'Spring Festival'],
  ])('%s (%s) is closed all day', (date) => {
    expect(phaseAt(sh(date, '10:00:00'))).toBe('closed');
  });

  it('takes a Date and a calendar', () => {
    expect(phaseAt(new Date(sh('2026-07-06', '10:00:00')))).toBe('continuous');
    expect(phaseAt(sh('2026-10-01', '10:00:00'), createTradingCalendar([]))).toBe('continuous');
  });
});

describe('Shanghai clock', () => {
  it('is UTC+8', () => {
    // 2026-07-05 16:00 UTC is midnight starting 2026-07-06 in Shanghai
    expect(shanghaiDate(Date.UTC(2026, 6, 5, 16))).toBe('2026-07-06');
    expect(shanghaiMinuteOfDay(Date.UTC(2026, 6, 5, 16))).toBe(0);
    expect(shanghaiDate(Date.UTC(2026, 6, 5, 15, 59))).toBe('2026-07-05');
    expect(shanghaiMinuteOfDay(Date.UTC(2026, 6, 5, 15, 59))).toBe(1439);
    // 01:30 UTC = 09:30 Shanghai = minute 570
    expect(shanghaiMinuteOfDay(new Date(Date.UTC(2026, 6, 6, 1, 30)))).toBe(570);
  });

  it('handles instants before the epoch and refuses invalid ones', () => {
    // -1 ms = 1969-12-31 23:59:59.999 UTC = 07:59 on 1970-01-01 in Shanghai
    expect(shanghaiDate(-1)).toBe('1970-01-01');
    expect(shanghaiMinuteOfDay(-1)).toBe(479);
    expect(() => shanghaiDate(Number.NaN)).toThrow(RangeError);
    expect(() => shanghaiMinuteOfDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('what each phase accepts', () => {
  it.each([
    ['closed', false, false],
    ['preOpen', false, false],
    ['openingCall', true, true],
    ['openingCallLocked', true, false],
    ['preContinuous', true, true],
    ['continuous', true, true],
    ['lunchBreak', false, false],
    ['closingCall', true, false],
    ['postClose', false, false],
    ['afterHoursFixed', true, true],
  ] as const)('%s: orders %s, cancels %s', (phase: MarketPhase, orders, cancels) => {
    expect(acceptsOrders(phase)).toBe(orders);
    expect(acceptsCancels(phase)).toBe(cancels);
  });

  it.each([
    // before 2026-07-06: STAR (2019-07-22), ChiNext (2020-08-24) and BSE; not the main board
    ['main', 'stock', '2026-07-03', false],
    ['star', 'stock', '2026-07-03', true],
    ['chinext', 'stock', '2026-07-03', true],
    ['chinext', 'stock', '2020-08-21', false],
    ['bse', 'stock', '2026-07-03', true],
    // from 2026-07-06 every SSE and SZSE A-share
    ['main', 'stock', '2026-07-06', true],
    ['chinext', 'stock', '2026-07-06', true],
    // funds are not A-shares
    ['main', 'fund', '2026-07-06', false],
  ] as const)('after-hours fixed-price trading on %s %s on %s: %s', (board, kind, date, offered) => {
    expect(hasAfterHoursFixedPrice({ board, kind }, date)).toBe(offered);
  });
});
