import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { fillCash, fillFees, type OrderTerms, orderReserve, tradeAmount } from './orderCash.ts';

const terms = (side: 'buy' | 'sell', reservePrice: string, kind: 'stock' | 'fund' = 'stock'): OrderTerms => ({
  side,
  kind,
  tradingDate: '2026-07-07',
  reservePrice: new Dec(reservePrice),
});
const str = (fees: { commission: Dec; stampDuty: Dec; transferFee: Dec; total: Dec }) =>
  [fees.commission, fees.stampDuty, fees.transferFee, fees.total].map((d) => d.toFixed(2));

describe('tradeAmount', () => {
  it.each([
    ['10.01', 100, '1001.00'],
    // a fund's odd lot: 37 × 1.234 = 45.658 → 45.66
    ['1.234', 37, '45.66'],
    // 3 × 0.335 = 1.005 → half up 1.01
    ['0.335', 3, '1.01'],
  ])('%s × %i = %s', (price, quantity, amount) => {
    expect(tradeAmount(new Dec(price), quantity).toFixed(2)).toBe(amount);
  });
});

describe('fillFees', () => {
  it.each([
    // buy 1001.00 from nothing: commission max(0.25025, 5) = 5.00; transfer 0.01001 → 0.01
    ['buy', '0', '1001.00', ['5.00', '0.00', '0.01', '5.01']],
    // sell 999.00: 5.00; stamp 0.4995 → 0.50; transfer 0.00999 → 0.01
    ['sell', '0', '999.00', ['5.00', '0.50', '0.01', '5.51']],
    // the second fill of an order already past 5.00 of commission: 40,000 → 60,000 gives 15.00 − 10.00
    ['buy', '40000.00', '60000.00', ['5.00', '0.00', '0.20', '5.20']],
    // the second fill of an order still under the minimum pays no commission
    ['buy', '1001.00', '3005.00', ['0.00', '0.00', '0.02', '0.02']],
    // a sell crossing the minimum: max(5, 5.25) − 5 = 0.25; stamp 10.50 − 5.00; transfer 0.21 − 0.10
    ['sell', '10000.00', '21000.00', ['0.25', '5.50', '0.11', '5.86']],
  ] as const)('%s from %s to %s', (side, before, after, expected) => {
    expect(str(fillFees(terms(side, '10'), new Dec(before), new Dec(after)))).toEqual(expected);
  });

  it('adds up over fills to the fees of the whole amount', () => {
    const t = terms('sell', '10');
    const steps = ['0', '333.33', '1000.01', '25000.00', '25123.45'].map((v) => new Dec(v));
    const total = steps
      .slice(1)
      .reduce((sum, to, i) => sum.plus(fillFees(t, steps[i]!, to).total), new Dec(0));
    expect(total.toFixed(2)).toBe(fillFees(t, new Dec(0), new Dec('25123.45')).total.toFixed(2));
  });

  it('charges funds no stamp duty and no transfer fee', () => {
    expect(str(fillFees(terms('sell', '1.234', 'fund'), new Dec(0), new Dec('45.66')))).toEqual([
      '5.00',
      '0.00',
      '0.00',
      '5.00',
    ]);
  });
});

describe('orderReserve', () => {
  it.each([
    // 100 × 9.50 = 950.00 + 5.00 + 0.0095 → 0.01
    ['buy', '9.50', '0', 100, '955.01'],
    // 700 left at 10.02 after 3005.00: 7014.00 + fees(10019.00) − fees(3005.00) = 7014.00 + 5.10 − 5.03
    ['buy', '10.02', '3005.00', 700, '7014.07'],
    ['buy', '10.02', '10019.00', 0, '0.00'],
    // a sell at 10.00 covers any first fill's fees: nothing frozen
    ['sell', '10.00', '0', 100, '0.00'],
    // a sell at 3.00: one share brings 3.00 − 3.00 × 0.00051, 5.015 of fees at worst → 2.02 (rounded up)
    ['sell', '3.00', '0', 300, '2.02'],
    // after a first fill of 3.00 (fees 5.00 + 0.00 + 0.00): 2.00 of the deficit is used
    ['sell', '3.00', '3.00', 299, '0.02'],
  ] as const)('%s at %s, %s filled, %i left: %s', (side, price, filled, remaining, reserve) => {
    expect(orderReserve(terms(side, price), new Dec(filled), remaining).toFixed(2)).toBe(reserve);
  });
});

describe('fillCash', () => {
  it('moves the cash of a buy fill and shrinks the reserve', () => {
    const t = terms('buy', '10.02');
    const fill = fillCash(
      t,
      { filledAmount: new Dec(0), remaining: 1000 },
      { price: new Dec('10.01'), quantity: 100 },
    );
    expect([fill.amount, fill.cashFlow, fill.reserveAfter].map((d) => d.toFixed(2))).toEqual([
      '1001.00',
      // −(1001.00 + 5.00 + 0.01)
      '-1006.01',
      // 900 × 10.02 = 9018.00 + fees(10019.00) − fees(1001.00) = 9018.00 + 5.10 − 5.01
      '9018.09',
    ]);
  });

  it('never needs more than the reserve: fills at or better than the reserve price', () => {
    const t = terms('buy', '10.02');
    let filled = new Dec(0);
    let reserve = orderReserve(t, filled, 1000);
    let remaining = 1000;
    for (const [price, quantity] of [
      ['10.02', 300],
      ['9.99', 200],
      ['10.02', 500],
    ] as const) {
      const fill = fillCash(t, { filledAmount: filled, remaining }, { price: new Dec(price), quantity });
      // what goes back to available: old reserve − new reserve − cost
      expect(reserve.minus(fill.reserveAfter).plus(fill.cashFlow).isNegative()).toBe(false);
      filled = filled.plus(fill.amount);
      remaining -= quantity;
      reserve = fill.reserveAfter;
    }
    expect(reserve.toFixed(2)).toBe('0.00');
  });
});
