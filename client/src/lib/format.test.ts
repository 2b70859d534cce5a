import { Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatDecimal,
  formatLots,
  formatMarketTime,
  formatMoney,
  formatPct,
  formatPrice,
  formatRate,
  trendClass,
  trendOf,
} from './format.ts';

describe('trend and colour', () => {
  it.each([
    ['1.23', 'up'],
    ['0.01', 'up'],
    ['-0.01', 'down'],
    ['0.00', 'flat'],
    ['-0.00', 'flat'],
    [null, 'flat'],
    ['abc', 'flat'],
    [2, 'up'],
  ] as const)('%s is %s', (value, trend) => {
    expect(trendOf(value)).toBe(trend);
  });

  it('names the colour class of each trend', () => {
    expect(['up', 'down', 'flat'].map((t) => trendClass(t as 'up'))).toEqual([
      'price-up',
      'price-down',
      'price-flat',
    ]);
  });
});

describe('price, change and percent', () => {
  it.each([
    ['en', '12.30'],
    ['zh-CN', '12.30'],
    ['ja', '12.30'],
    ['ko', '12.30'],
    ['th', '12.30'],
    ['fr', '12,30'],
    ['it', '12,30'],
  ])('writes a price in %s as %s', (locale, text) => {
    expect(formatPrice('12.30', locale)).toBe(text);
  });

  // A fund quotes three decimals; Chinese broker apps write 1680.00 without a thousands separator;
  // beyond a float's precision the string is edited, never made a number.
  it.each([
    ['1.230', 'fr', '1,230'],
    ['1.230', 'en', '1.230'],
    ['1680.00', 'it', '1680,00'],
    ['1680.00', 'zh-CN', '1680.00'],
    ['12345678901234567.895', 'fr', '12345678901234567,895'],
    ['-0.05', 'it', '-0,05'],
    ['7', 'fr', '7'],
    [null, 'fr', '—'],
    [undefined, 'en', '—'],
  ])('keeps the price %s as sent, ungrouped, in %s: %s', (price, locale, text) => {
    expect(formatPrice(price, locale)).toBe(text);
  });

  it.each([
    ['1.23', '+1.23%'],
    ['-0.50', '-0.50%'],
    ['0.00', '0.00%'],
    ['-0.00', '0.00%'],
    ['+20.00', '+20.00%'],
  ])('percent %s reads %s', (pct, text) => {
    expect(formatPct(pct)).toBe(text);
  });

  it('signs a percent that rounds to zero as its change goes', () => {
    // An index up 0.33 points is up 0.003%: "+0.33 +0.00%", in the rise colour.
    expect(formatPct('0.00', 'up')).toBe('+0.00%');
    expect(formatPct('0.00', 'down')).toBe('-0.00%');
    expect(formatPct('0.00', 'flat')).toBe('0.00%');
    expect(formatPct('1.20', 'up')).toBe('+1.20%');
    expect(formatPct(null, 'up')).toBe('—');
  });

  it("writes a percent in the reader's language, from the exact decimal string", () => {
    // French puts a decimal comma and a no-break space before the sign; Italian the comma.
    expect(formatPct('1.23', undefined, 'fr')).toBe('+1,23\u00a0%');
    expect(formatPct('-0.50', undefined, 'it')).toBe('-0,50%');
    expect(formatPct('-0.00', undefined, 'fr')).toBe('0,00\u00a0%');
    expect(formatPct('0.00', 'up', 'fr')).toBe('+0,00\u00a0%');
    expect(formatPct('12.345', undefined, 'zh-CN')).toBe('+12.345%');
    expect(formatPct('1.23', undefined, 'th')).toBe('+1.23%');
    expect(formatPct('not a number', undefined, 'en')).toBe('—');
  });

  it("writes a rate and a ratio without a sign, in the reader's way and exactly", () => {
    expect(formatRate('0.65', 'fr')).toBe('0,65\u00a0%');
    expect(formatRate('5.920', 'it')).toBe('5,920%');
    expect(formatRate('98.6', 'en')).toBe('98.6%');
    expect(formatRate('0', 'zh-CN')).toBe('0%');
    expect(formatRate(null, 'fr')).toBe('—');
    expect(formatDecimal('17.17', 'fr')).toBe('17,17');
    expect(formatDecimal('0.52', 'ko')).toBe('0.52');
    expect(formatDecimal(null, 'it')).toBe('—');
  });

  it('signs changes', () => {
    expect([formatChange('0.12'), formatChange('-0.05'), formatChange('0.00'), formatChange(null)]).toEqual([
      '+0.12',
      '-0.05',
      '0.00',
      '—',
    ]);
  });

  it.each([
    ['0.12', 'fr', '+0,12'],
    ['-0.050', 'it', '-0,050'],
    ['-0.00', 'fr', '0,00'],
    ['+1.5', 'ja', '+1.5'],
    ['-12.34', 'ko', '-12.34'],
    ['3.21', 'th', '+3.21'],
    ['3.21', 'zh-CN', '+3.21'],
    [undefined, 'it', '—'],
  ])("writes the change %s in %s with the reader's decimal separator: %s", (change, locale, text) => {
    expect(formatChange(change, locale)).toBe(text);
  });
});

describe('money', () => {
  it("groups and rounds an amount the reader's way", () => {
    expect(formatMoney('1234.56', 2, 'fr')).toBe('1\u202f234,56');
    expect(formatMoney('-1234567.8', 2, 'it')).toBe('-1.234.567,80');
    expect(formatMoney('1234.56', 2, 'en')).toBe('1,234.56');
    expect(formatMoney('1234.56', 2, 'zh-CN')).toBe('1,234.56');
    expect(formatMoney(1234, 0, 'fr')).toBe('1\u202f234');
  });

  it("rounds half up by decimal, beyond a float's precision, and never reads -0", () => {
    expect(formatMoney('1.005', 2, 'en')).toBe('1.01');
    expect(formatMoney('12345678901234567.895', 2, 'en')).toBe('12,345,678,901,234,567.90');
    expect(formatMoney('-0.004', 2, 'en')).toBe('0.00');
    expect(formatMoney(1.005, 2, 'en')).toBe('1.01');
    expect(formatMoney(new Dec('2.675'), 2, 'fr')).toBe('2,68');
  });

  it('writes a dash for what is not a figure', () => {
    expect(formatMoney('abc', 2, 'en')).toBe('—');
    expect(formatMoney('1.2.3', 2, 'en')).toBe('—');
  });
});

describe('amounts and volumes', () => {
  it('abbreviates in Chinese units for zh-CN and ja, K/M/B for every other language', () => {
    // 123,456,789 CNY: 1.23 亿 (10^8) in Chinese and Japanese, 123.46 million elsewhere.
    expect(formatCompact('123456789.00', 'zh-CN')).toBe('1.23亿');
    expect(formatCompact(123_456_789, 'ja')).toBe('1.23億');
    expect(formatCompact('123456789.00', 'en')).toBe('123.46M');
    expect(formatCompact('123456789.00', 'ko')).toBe('123.46M');
    expect(formatCompact('123456789.00', 'th')).toBe('123.46M');
    // The language's own decimal comma, the same units.
    expect(formatCompact('123456789.00', 'fr')).toBe('123,46M');
    expect(formatCompact('2345678901', 'it')).toBe('2,35B');
    // 45,600 CNY: 4.56 万 (10^4); 45.60K elsewhere.
    expect(formatCompact(45_600, 'zh-CN')).toBe('4.56万');
    expect(formatCompact(45_600, 'en')).toBe('45.60K');
    expect(formatCompact(999, 'en')).toBe('999');
    expect(formatCompact(9_999, 'zh-CN')).toBe('9,999');
    expect(formatCompact(undefined, 'en')).toBe('—');
    expect(formatCompact('not a number', 'en')).toBe('—');
  });

  it('keeps two decimals on every abbreviated figure, so a column lines up', () => {
    // Seen side by side in the turnover column: "441.4M" beside "736.58M".
    expect(formatCompact('441400000.00', 'en')).toBe('441.40M');
    expect(formatCompact('736580000.00', 'en')).toBe('736.58M');
    expect(formatCompact('50000', 'zh-CN')).toBe('5.00万');
  });

  it('rounds half up by decimal and picks the unit after rounding', () => {
    expect(formatCompact('12345.00', 'zh-CN')).toBe('1.23万');
    expect(formatCompact('12350.00', 'zh-CN')).toBe('1.24万');
    expect(formatCompact('99999999', 'zh-CN')).toBe('1.00亿');
    expect(formatCompact('999.6', 'en')).toBe('1.00K');
    expect(formatCompact('-46570000.00', 'en')).toBe('-46.57M');
    expect(formatCompact('-0.4', 'en')).toBe('0');
    expect(formatCompact('99499999.99', 'zh-CN')).toBe('9,950.00万');
    expect(formatCompact(1.5e21, 'en')).toBe('1,500,000,000,000.00B');
  });

  it('counts volume in lots of 100 shares', () => {
    // 3,133,700 shares = 31,337 lots = 3.13 万手.
    expect(formatLots(3_133_700, 'zh-CN')).toBe('3.13万');
    expect(formatLots(250, 'en')).toBe('2');
    expect(formatLots(null, 'en')).toBe('—');
  });

  it('reads times on the Beijing clock', () => {
    // 2026-11-23 01:31:05 UTC is 09:31:05 in Shanghai.
    expect(formatMarketTime(Date.UTC(2026, 10, 23, 1, 31, 5))).toBe('09:31:05');
  });
});
