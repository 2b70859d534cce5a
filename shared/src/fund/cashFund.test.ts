import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import {
  confirmationDate,
  dayBefore,
  daysAfter,
  fastRedemptionCap,
  holderDailyYield,
  sevenDayAnnualisedYield,
  splitRedemption,
  yieldBasis,
} from './cashFund.ts';

const d = (v: string) => new Dec(v);
const fixed = (y: { exact: Dec; paid: Dec; carry: Dec }) => ({
  exact: y.exact.toFixed(),
  paid: y.paid.toFixed(2),
  carry: y.carry.toFixed(),
});

describe('holderDailyYield', () => {
  it.each([
    // 10,000.00 × 0.4123 / 10,000 = 0.4123 → 0.41, carry 0.0023
    ['10000.00', '0.4123', '0', { exact: '0.4123', paid: '0.41', carry: '0.0023' }],
    // 5,000.00 × 0.4130 / 10,000 = 0.2065: a half cent rounds up → 0.21, carry −0.0035
    ['5000.00', '0.4130', '0', { exact: '0.2065', paid: '0.21', carry: '-0.0035' }],
    // with 0.0046 carried: 0.4123 + 0.0046 = 0.4169 → 0.42, carry −0.0031
    ['10000.00', '0.4123', '0.0046', { exact: '0.4169', paid: '0.42', carry: '-0.0031' }],
    // 100.00 × 0.4123 / 10,000 = 0.004123 → 0.00: all of it carried
    ['100.00', '0.4123', '0', { exact: '0.004123', paid: '0.00', carry: '0.004123' }],
    // a negative carry larger than the day's income pays nothing and carries the rest
    ['1.00', '0.4123', '-0.0049', { exact: '-0.00485877', paid: '0.00', carry: '-0.00485877' }],
  ])('%s units at %s per 10,000 with %s carried', (basis, rate, carried, expected) => {
    expect(fixed(holderDailyYield(d(basis), d(rate), d(carried)))).toEqual(expected);
  });

  it('pays a small holder its cents as they add up', () => {
    // 100.00 units at 0.4123: 0.004123 a day → 0.00, 0.01 (0.008246), 0.00 (0.004369) …
    let carry = d('0');
    const paid: string[] = [];
    for (let day = 0; day < 5; day++) {
      const y = holderDailyYield(d('100.00'), d('0.4123'), carry);
      paid.push(y.paid.toFixed(2));
      carry = y.carry;
    }
    expect(paid).toEqual(['0.00', '0.01', '0.00', '0.01', '0.00']);
    // 5 × 0.004123 = 0.020615 earned, 0.02 paid, 0.000615 carried
    expect(carry.toFixed()).toBe('0.000615');
  });

  it('pays over any run of days what was earned, to within half a cent', () => {
    const rates = ['0.4012', '0.4105', '0.3987', '0.4230', '0.4150', '0.4420', '0.4399', '0.3870'];
    for (const basis of ['0.01', '3.33', '99.99', '12345.67', '9999999.99']) {
      let carry = d('0');
      let paid = d('0');
      let earned = d('0');
      for (let day = 0; day < 400; day++) {
        const rate = d(rates[day % rates.length] ?? '0');
        const y = holderDailyYield(d(basis), rate, carry);
        expect(y.carry.abs().lte('0.005')).toBe(true);
        expect(y.paid.gte(0)).toBe(true);
        paid = paid.plus(y.paid);
        earned = earned.plus(d(basis).times(rate).div(10_000));
        carry = y.carry;
      }
      expect(earned.minus(paid).toFixed()).toBe(carry.toFixed());
    }
  });
});

describe('yieldBasis', () => {
  it('earns only on units held through the whole day', () => {
    expect(yieldBasis(d('1000'), d('1500')).toFixed()).toBe('1000'); // bought 500 today
    expect(yieldBasis(d('1000'), d('400')).toFixed()).toBe('400'); // sold 600 today
    expect(yieldBasis(d('0'), d('800')).toFixed()).toBe('0'); // first bought today
  });
});

describe('sevenDayAnnualisedYield', () => {
  it('compounds seven equal days: (1.0000411)^365 − 1 = 1.511%', () => {
    // 365 × 0.0000411 = 0.0150015, plus C(365,2) × 0.0000411² ≈ 0.0001122 and smaller terms
    expect(sevenDayAnnualisedYield(Array(7).fill(d('0.4110'))).toFixed(3)).toBe('1.511');
  });

  it('takes the last seven of a longer history', () => {
    const week = ['0.4012', '0.4105', '0.3987', '0.4230', '0.4150', '0.4420', '0.4399'].map(d);
    // ∏(1 + Rᵢ/10,000)^(365/7) − 1 = 1.53964…%
    expect(sevenDayAnnualisedYield(week).toFixed(3)).toBe('1.540');
    expect(sevenDayAnnualisedYield([d('9.9999'), ...week]).toFixed(3)).toBe('1.540');
  });

  it('annualises over the days a young fund has', () => {
    // three days: ∏^(365/3) − 1 = 1.48352…%
    expect(sevenDayAnnualisedYield(['0.4012', '0.4105', '0.3987'].map(d)).toFixed(3)).toBe('1.484');
    expect(sevenDayAnnualisedYield([]).toFixed(3)).toBe('0.000');
  });
});

describe('daysAfter and dayBefore', () => {
  it('list calendar days across a month end, weekends included', () => {
    expect(daysAfter('2026-02-27', '2026-03-02')).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysAfter('2026-03-02', '2026-03-02')).toEqual([]);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});

describe('confirmationDate: the day a subscription starts earning, and a T+1 redemption is paid', () => {
  it.each([
    // Thursday in trading hours: applied Thursday, confirmed Friday (and earns over the weekend).
    ['2026-03-05', 'continuous', '2026-03-06'],
    // Friday in trading hours: confirmed Monday; the weekend earns nothing.
    ['2026-03-06', 'continuous', '2026-03-09'],
    // Friday after the 15:00 close: Monday's application, confirmed Tuesday.
    ['2026-03-06', 'postClose', '2026-03-10'],
    ['2026-03-06', 'closed', '2026-03-10'],
    // Before the open counts for the day.
    ['2026-03-06', 'preOpen', '2026-03-09'],
    // Saturday and Sunday: Monday's application.
    ['2026-03-07', 'closed', '2026-03-10'],
    ['2026-03-08', 'closed', '2026-03-10'],
    // Across the 2026 Spring Festival closure (16-23 Feb): 13 Feb → 24 Feb.
    ['2026-02-13', 'continuous', '2026-02-24'],
  ] as const)('%s during %s → %s', (date, phase, expected) => {
    expect(confirmationDate(date, phase)).toBe(expected);
  });
});

describe('splitRedemption under the T+0 cap', () => {
  it.each([
    // 4,000 of a fresh 10,000 cap: all at once.
    ['4000.00', '0', '4000.00', '0.00'],
    // 25,000: 10,000 at once, 15,000 on T+1.
    ['25000.00', '0', '10000.00', '15000.00'],
    // 9,000 used today already: 1,000 more at once.
    ['5000.00', '9000.00', '1000.00', '4000.00'],
    // The cap used up: all on T+1.
    ['300.00', '10000.00', '0.00', '300.00'],
  ])('%s with %s used today → %s now, %s later', (amount, used, fast, deferred) => {
    const split = splitRedemption(d(amount), d(used), fastRedemptionCap('2026-03-06'));
    expect([split.fast.toFixed(2), split.deferred.toFixed(2)]).toEqual([fast, deferred]);
  });

  it('is 10,000 CNY a day since the 2018 rule, and not encoded before it', () => {
    expect(fastRedemptionCap('2018-06-01').toFixed(2)).toBe('10000.00');
    expect(() => fastRedemptionCap('2018-05-31')).toThrow(RangeError);
  });
});
