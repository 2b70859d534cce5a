import { type BarPrice, TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { chartLocalization, crosshairTimeText, tickMarkText, volumeFormat } from './chartLocale.ts';
import { toChartTime } from './chartTheme.ts';

/** 2026-11-28 14:35:07 in Beijing, as the charts place it. */
const TIME = toChartTime(Date.UTC(2026, 10, 28, 6, 35, 7));
const TICKS = [
  TickMarkType.Year,
  TickMarkType.Month,
  TickMarkType.DayOfMonth,
  TickMarkType.Time,
  TickMarkType.TimeWithSeconds,
];

describe('chart axes in the reader’s language', () => {
  it.each([
    ['en', ['2026', 'Nov', '28', '14:35', '14:35:07']],
    ['zh-CN', ['2026年', '11月', '28日', '14:35', '14:35:07']],
    ['ja', ['2026年', '11月', '28日', '14:35', '14:35:07']],
    ['ko', ['2026년', '11월', '28일', '14:35', '14:35:07']],
    // Gregorian years in Thai too, as the app's other dates.
    ['th', ['2026', 'พ.ย.', '28', '14:35', '14:35:07']],
    ['fr', ['2026', 'nov.', '28', '14:35', '14:35:07']],
    ['it', ['2026', 'nov', '28', '14:35', '14:35:07']],
  ])('labels the time axis in %s, on Beijing’s clock', (locale, labels) => {
    expect(TICKS.map((type) => tickMarkText(TIME, type, locale))).toEqual(labels);
  });

  it.each(['en', 'zh-CN', 'ja', 'ko', 'th', 'fr', 'it'])(
    'writes days and times from the digits exactly as Intl does in %s',
    (locale) => {
      const intl = (options: Intl.DateTimeFormatOptions, at: number) =>
        new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, { ...options, timeZone: 'UTC' }).format(at);
      for (let day = 1; day <= 31; day++) {
        const at = Date.UTC(2026, 0, day, (day * 7) % 24, (day * 13) % 60, (day * 17) % 60);
        const time = toChartTime(at - 8 * 3_600_000);
        expect(tickMarkText(time, TickMarkType.DayOfMonth, locale)).toBe(intl({ day: 'numeric' }, at));
        expect(tickMarkText(time, TickMarkType.Time, locale)).toBe(
          intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, at),
        );
        expect(tickMarkText(time, TickMarkType.TimeWithSeconds, locale)).toBe(
          intl({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, at),
        );
      }
    },
  );

  it.each([
    ['en', '11/28, 14:35', '11/28/2026'],
    ['zh-CN', '11/28 14:35', '2026/11/28'],
    ['ja', '11/28 14:35', '2026/11/28'],
    ['ko', '11. 28. 14:35', '2026. 11. 28.'],
    ['th', '28/11 14:35', '28/11/2026'],
    ['fr', '28/11 14:35', '28/11/2026'],
    ['it', '28/11, 14:35', '28/11/2026'],
  ])(
    'writes the crosshair time in %s: a minute bar with its time, a day bar with its date',
    (locale, minute, day) => {
      expect(crosshairTimeText(TIME, true, locale)).toBe(minute);
      expect(crosshairTimeText(TIME, false, locale)).toBe(day);
    },
  );

  it('reads day bars given as business days or date strings', () => {
    expect(crosshairTimeText({ year: 2026, month: 11, day: 28 }, false, 'fr')).toBe('28/11/2026');
    expect(tickMarkText('2026-11-28', TickMarkType.Month, 'zh-CN')).toBe('11月');
  });

  it.each([
    ['en', '1.23M'],
    ['zh-CN', '123.46万'],
    ['ja', '123.46万'],
    ['ko', '1.23M'],
    ['th', '1.23M'],
    ['fr', '1,23M'],
    ['it', '1,23M'],
  ])('abbreviates volumes on the volume axis in %s', (locale, text) => {
    expect(volumeFormat(locale).formatter(1_234_567 as BarPrice)).toBe(text);
    expect(volumeFormat(locale).formatter(950 as BarPrice)).toBe('950');
  });

  it('gives the chart its locale and both time formatters', () => {
    const { localization, timeScale } = chartLocalization('ko', true);
    expect(localization.locale).toBe('ko');
    expect(localization.timeFormatter?.(TIME)).toBe('11. 28. 14:35');
    expect(timeScale.tickMarkFormatter(TIME, TickMarkType.DayOfMonth, 'en-US')).toBe('28일');
  });
});
