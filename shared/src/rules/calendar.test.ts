import { describe, expect, it } from 'vitest';
import { createTradingCalendar, exchangeCalendar, holidayTableCovers } from './calendar.ts';
import { weekday } from './dates.ts';
import { EXCHANGE_HOLIDAYS, HOLIDAY_YEARS } from './holidays.ts';

const cal = exchangeCalendar;

describe('exchange calendar', () => {
  it.each([
    ['2026-07-06', true], // Monday
    ['2026-07-04', false], // Saturday
    ['2026-07-05', false], // Sunday
    ['2026-10-01', false], // National Day
    ['2026-02-16', false], // Spring Festival
    ['2026-02-14', false], // a make-up working Saturday: the exchanges stay closed
    ['2026-02-24', true], // first day after Spring Festival
    ['2025-06-02', false], // Dragon Boat 2025
  ])('isTradingDay(%s) = %s', (date, expected) => {
    expect(cal.isTradingDay(date)).toBe(expected);
  });

  it.each([
    ['2026-02-13', '2026-02-24'], // Friday before Spring Festival
    ['2026-09-30', '2026-10-08'], // National Day week
    ['2025-12-31', '2026-01-05'], // New Year 1–2 Jan, then the weekend
    ['2026-07-03', '2026-07-06'], // plain weekend
  ])('nextTradingDay(%s) = %s', (date, expected) => {
    expect(cal.nextTradingDay(date)).toBe(expected);
    expect(cal.previousTradingDay(expected)).toBe(date);
  });

  it('adds trading days both ways', () => {
    // 02-12 +1 = 02-13, +2 = 02-24, +3 = 02-25
    expect(cal.addTradingDays('2026-02-12', 3)).toBe('2026-02-25');
    expect(cal.addTradingDays('2026-02-25', -3)).toBe('2026-02-12');
    expect(cal.addTradingDays('2026-07-04', 0)).toBe('2026-07-04');
    expect(() => cal.addTradingDays('2026-07-06', 1.5)).toThrow(RangeError);
  });

  it.each(['2026-02-30', '2026-7-6', '20260706', ''])('refuses %j as a date', (date) => {
    expect(() => cal.isTradingDay(date)).toThrow(RangeError);
  });

  it('builds a calendar from any closure list', () => {
    const custom = createTradingCalendar(['2026-07-06']);
    expect(custom.isTradingDay('2026-07-06')).toBe(false);
    expect(custom.isTradingDay('2026-10-01')).toBe(true);
  });
});

describe('holiday table', () => {
  it('is sorted, unique, weekdays only, inside the covered years', () => {
    expect([...new Set(EXCHANGE_HOLIDAYS)].sort()).toEqual(EXCHANGE_HOLIDAYS);
    for (const date of EXCHANGE_HOLIDAYS) {
      expect([1, 2, 3, 4, 5]).toContain(weekday(date));
      expect(HOLIDAY_YEARS).toContain(Number(date.slice(0, 4)));
    }
  });

  it('has every weekday closure of the 2025 and 2026 notices', () => {
    // 2025: New Year 1, Spring Festival 6, Qingming 1, Labour Day 3, Dragon Boat 1, National Day 6
    expect(EXCHANGE_HOLIDAYS.filter((d) => d.startsWith('2025')).length).toBe(18);
    // 2026: New Year 2, Spring Festival 6, Qingming 1, Labour Day 3, Dragon Boat 1, Mid-Autumn 1, National Day 5
    expect(EXCHANGE_HOLIDAYS.filter((d) => d.startsWith('2026')).length).toBe(19);
  });

  it('says where it has no data', () => {
    expect(holidayTableCovers('2026-12-31')).toBe(true);
    expect(holidayTableCovers('2027-01-04')).toBe(false);
  });
});
