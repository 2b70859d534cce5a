import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { feeScheduleAt, tradeFees } from './fees.ts';
import type { InstrumentKind } from './instruments.ts';
import type { Side } from './orders.ts';

function fees(side: Side, amount: string, tradingDate = '2026-07-06', kind?: InstrumentKind) {
  const f = tradeFees({ side, amount: new Dec(amount), tradingDate, kind });
  return [f.commission, f.stampDuty, f.transferFee, f.total].map((d) => d.toFixed(2));
}

describe('tradeFees', () => {
  it.each([
    // 10,000.00 buy: commission 2.50 → minimum 5.00; no stamp duty; transfer 10,000 × 0.001% = 0.10
    ['buy', '10000.00', ['5.00', '0.00', '0.10', '5.10']],
    // 100,000 sell: commission 25.00; stamp 0.05% = 50.00; transfer 1.00
    ['sell', '100000', ['25.00', '50.00', '1.00', '76.00']],
    // 33,333.33 sell: 8.3333325 → 8.33; 16.666665 → 16.67; 0.3333333 → 0.33
    ['sell', '33333.33', ['8.33', '16.67', '0.33', '25.33']],
    // 20,020 buy: commission 5.005 → 5.01 (half-up); transfer 0.2002 → 0.20
    ['buy', '20020', ['5.01', '0.00', '0.20', '5.21']],
    // no trade, no fee
    ['buy', '0', ['0.00', '0.00', '0.00', '0.00']],
  ] as const)('%s %s', (side, amount, expected) => {
    expect(fees(side, amount)).toEqual(expected);
  });

  it.each([
    // before the 2023-08-28 stamp-duty cut: 0.1% = 100.00
    ['2023-08-25', ['25.00', '100.00', '1.00', '126.00']],
    // before the 2022-04-29 transfer-fee cut: 0.002% = 2.00
    ['2022-04-28', ['25.00', '100.00', '2.00', '127.00']],
  ])('a 100,000 sell on %s uses the rates then in force', (date, expected) => {
    expect(fees('sell', '100000', date)).toEqual(expected);
  });

  it('charges a fund (ETF) neither stamp duty nor transfer fee', () => {
    expect(fees('sell', '100000', '2026-07-06', 'fund')).toEqual(['25.00', '0.00', '0.00', '25.00']);
  });

  it('takes a broker schedule', () => {
    const schedule = {
      ...feeScheduleAt('2026-07-06'),
      commissionRate: new Dec('0.0001'),
      commissionMin: new Dec(0),
    };
    // 100,000 buy at 0.01%: 10.00 commission + 1.00 transfer
    const f = tradeFees({ side: 'buy', amount: new Dec(100_000), tradingDate: '2026-07-06', schedule });
    expect(f.total.toFixed(2)).toBe('11.00');
  });

  it('refuses a negative amount and a date before the encoded schedules', () => {
    expect(() => fees('buy', '-1')).toThrow(RangeError);
    expect(() => fees('buy', '1000', '2015-07-31')).toThrow(RangeError);
  });

  it('returns today’s default rates', () => {
    const s = feeScheduleAt('2026-07-06');
    expect([s.commissionRate, s.commissionMin, s.stampDutyRate, s.transferFeeRate].map(String)).toEqual([
      '0.00025',
      '5',
      '0.0005',
      '0.00001',
    ]);
    expect(s).not.toHaveProperty('effectiveFrom');
  });
});
