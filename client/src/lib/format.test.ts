import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatLots,
  formatMarketTime,
  formatPct,
  formatPrice,
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
  it('shows prices as sent, a dash when missing', () => {
    expect(formatPrice('12.30')).toBe('12.30');
    expect(formatPrice(null)).toBe('—');
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

  it('signs changes', () => {
    expect([formatChange('0.12'), formatChange('-0.05'), formatChange('0.00'), formatChange(null)]).toEqual([
      '+0.12',
      '-0.05',
      '0.00',
      '—',
    ]);
  });
});

describe('amounts and volumes', () => {
  it('abbreviates in Chinese units for zh-CN and ja, Western ones for en', () => {
    // 123,456,789 CNY: 1.23 亿 (10^8) in Chinese and Japanese, 123.46 million in English.
    expect(formatCompact('123456789.00', 'zh-CN')).toBe('1.23亿');
    expect(formatCompact(123_456_789, 'ja')).toBe('1.23億');
    expect(formatCompact('123456789.00', 'en')).toBe('123.46M');
    // 45,600 CNY: 4.56 万 (10^4).
    expect(formatCompact(45_600, 'zh-CN')).toBe('4.56万');
    expect(formatCompact(999, 'en')).toBe('999');
    expect(formatCompact(undefined, 'en')).toBe('—');
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
