import { describe, expect, it } from 'vitest';
import { formatFigure, roundHalfUp } from './decimalText.ts';

const LOCALES = ['en', 'zh-CN', 'ja', 'ko', 'th', 'fr', 'it'];

/** Decimal texts of every shape the screens send: signs, zeros, halves, carries, long and tiny figures. */
function figures(): string[] {
  const fixed = [
    '0',
    '-0',
    '0.5',
    '-0.5',
    '0.005',
    '0.0049',
    '9.995',
    '-9.995',
    '999.9999',
    '1234',
    '12345',
    '-1234567.891',
  ];
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const random: string[] = [];
  for (let i = 0; i < 400; i++) {
    const whole = String(next() % 10 ** (next() % 13));
    const fraction = String(next()).slice(0, next() % 7);
    const sign = next() % 3 === 0 ? '-' : '';
    random.push(`${sign}${whole}${fraction ? `.${fraction}` : ''}`);
  }
  return [...fixed, ...random];
}

describe('formatFigure', () => {
  it.each(LOCALES)('writes amounts as Intl does in %s, rounded half up, exactly', (locale) => {
    for (const places of [0, 2, 3]) {
      const intl = new Intl.NumberFormat(locale, {
        minimumFractionDigits: places,
        maximumFractionDigits: places,
        signDisplay: 'negative',
      });
      for (const text of figures()) {
        expect(formatFigure(text, locale, { places }), `${text} to ${places}`).toBe(
          intl.format(text as Intl.StringNumericLiteral),
        );
      }
    }
  });

  it.each(LOCALES)('writes percents as Intl does in %s, with the sign shown as asked', (locale) => {
    for (const sign of ['exceptZero', 'auto'] as const) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: sign,
      });
      for (const text of figures()) {
        expect(formatFigure(text, locale, { places: 2, sign, percent: true }), text).toBe(
          intl.format(`${text}E-2` as Intl.StringNumericLiteral),
        );
      }
    }
  });

  it('leaves out the groups when asked', () => {
    expect(formatFigure('1234567.5', 'en', { places: 1, grouping: false })).toBe('1234567.5');
  });
});

describe('roundHalfUp', () => {
  it('rounds away from zero at the half and carries through every digit', () => {
    expect(roundHalfUp('9.995', 2)).toEqual({ negative: false, whole: '10', fraction: '00', zero: false });
    expect(roundHalfUp('-0.004', 2)).toEqual({ negative: true, whole: '0', fraction: '00', zero: true });
    expect(roundHalfUp('1.5E-3', 3)).toEqual({ negative: false, whole: '0', fraction: '002', zero: false });
    expect(roundHalfUp('12345E2', 0)).toEqual({
      negative: false,
      whole: '1234500',
      fraction: '',
      zero: false,
    });
  });
});
