import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, toDate, unbrokenDate } from './formatDate.ts';

// 2024-01-01T16:30:05Z is 2024-01-02 00:30:05 in Shanghai (UTC+8), a Tuesday there.
const MS = Date.UTC(2024, 0, 1, 16, 30, 5);
const SECONDS = MS / 1000;

describe('formatDate', () => {
  it('uses YYYY-MM-DD HH:mm:ss in market time by default', () => {
    expect(formatDate(MS)).toBe('2024-01-02 00:30:05');
  });

  it('reads a 10-digit number as seconds and a 13-digit one as milliseconds', () => {
    expect(String(SECONDS)).toHaveLength(10);
    expect(formatDate(SECONDS)).toBe('2024-01-02 00:30:05');
    expect(formatDate(String(SECONDS))).toBe('2024-01-02 00:30:05');
    expect(formatDate(String(MS))).toBe('2024-01-02 00:30:05');
  });

  it('formats a Date and an ISO string the same', () => {
    expect(formatDate(new Date(MS), 'YYYY/MM/DD HH:mm')).toBe('2024/01/02 00:30');
    expect(formatDate('2024-01-01T16:30:05Z', 'HH:mm:ss')).toBe('00:30:05');
  });

  it("names the weekday in the user's language", () => {
    expect(formatDate(MS, 'dddd', 'zh-CN')).toBe('星期二');
    expect(formatDate(MS, 'dddd', 'en')).toBe('Tuesday');
    expect(formatDate(MS, 'ddd', 'en')).toBe('Tue');
    expect(formatDate(MS, 'dddd', 'ja')).toBe('火曜日');
    expect(formatDate(MS, 'dddd', 'fr')).toBe('mardi');
    expect(formatDate(MS, 'MM-DD dddd', 'it')).toBe('01-02 martedì');
  });

  it('reads the same clock as Intl in Asia/Shanghai, across years and midnights', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (let ms = Date.UTC(1995, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 7_919_993_117) {
      for (const instant of [ms, ms - (ms % 86_400_000) + 57_600_000, ms - (ms % 86_400_000) + 57_599_000]) {
        expect(formatDate(instant)).toBe(intl.format(instant).replace(', ', ' '));
      }
    }
  });

  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(toDate(Number.NaN)).toBeUndefined();
  });
});

describe('unbrokenDate', () => {
  it('joins a date across its hyphens so no line breaks inside it, and reads the same', () => {
    const date = unbrokenDate('2026-10-30');
    expect(date).toBe('2026\u2060-\u206010\u2060-\u206030');
    expect(date.replaceAll('\u2060', '')).toBe('2026-10-30');
  });
});

describe('formatDay', () => {
  it("writes a date input's day the user's way, never the US month first", () => {
    expect(formatDay('2026-11-07', 'zh-CN')).toBe('2026/11/07');
    expect(formatDay('2026-11-07', 'ja')).toBe('2026/11/07');
    expect(formatDay('2026-11-07', 'ko')).toBe('2026. 11. 07.');
    // Gregorian years in Thai too (th's own calendar would say 2569).
    expect(formatDay('2026-11-07', 'th')).toBe('07/11/2026');
    expect(formatDay('2026-11-07', 'fr')).toBe('07/11/2026');
    expect(formatDay('2026-11-07', 'it')).toBe('07/11/2026');
    expect(formatDay('2026-11-07', 'en')).toBe('2026-11-07');
  });

  it('gives an empty string for an empty or partial input', () => {
    expect(formatDay('', 'fr')).toBe('');
    expect(formatDay('2026-11', 'fr')).toBe('');
  });
});
