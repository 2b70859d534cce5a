import fc from 'fast-check';
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
    // a sell freezes nothing, whatever the price: its fees come out of its proceeds
    ['sell', '10.00', '0', 100, '0.00'],
    // the fully invested ST holder selling at 3.00 (issue 11: it wanted 2.02)
    ['sell', '3.00', '0', 300, '0.00'],
    ['sell', '0.01', '0', 1, '0.00'],
  ] as const)('%s at %s, %s filled, %i left: %s', (side, price, filled, remaining, reserve) => {
    expect(orderReserve(terms(side, price), new Dec(filled), remaining).toFixed(2)).toBe(reserve);
  });
});

describe('fees on a tiny sale', () => {
  it.each([
    // 1 share at 3.00: commission min 5.00 capped to 3.00 − stamp 0.00 − transfer 0.00 = 3.00; nets 0.00
    ['0', '3.00', ['3.00', '0.00', '0.00', '3.00']],
    // 4.99: stamp 0.002495 → 0.00, transfer 0.0000499 → 0.00; commission 5.00 capped to 4.99
    ['0', '4.99', ['4.99', '0.00', '0.00', '4.99']],
    // 5.01 is past the cap: 5.00 + 0.00 + 0.00 leaves 0.01
    ['0', '5.01', ['5.00', '0.00', '0.00', '5.00']],
    // 999.00 pays the full 5.51 (0.50 + 0.01 + 5.00): no cap
    ['0', '999.00', ['5.00', '0.50', '0.01', '5.51']],
    // a second fill taking a capped 3.00 to 20.00, where the cap no longer bites: 5.00 + 0.01 − 3.00
    ['3.00', '20.00', ['2.00', '0.01', '0.00', '2.01']],
  ] as const)('sell from %s to %s costs no more than it brings', (before, after, expected) => {
    expect(str(fillFees(terms('sell', '3'), new Dec(before), new Dec(after)))).toEqual(expected);
  });

  it('every sell fill brings cash in, whatever the fills and prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300_000 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 5_000 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom('stock' as const, 'fund' as const),
        (limitCents, fills, kind) => {
          const t = terms('sell', new Dec(limitCents).div(100).toFixed(2), kind);
          const remaining = fills.reduce((sum, [q]) => sum + q, 0);
          let filledAmount = new Dec(0);
          let left = remaining;
          expect(orderReserve(t, filledAmount, left).toFixed(2)).toBe('0.00');
          for (const [quantity, centsAbove] of fills) {
            const price = new Dec(limitCents + centsAbove - 1).div(100);
            const fill = fillCash(t, { filledAmount, remaining: left }, { price, quantity });
            expect(fill.cashFlow.isNegative()).toBe(false);
            expect(fill.fees.commission.isNegative()).toBe(false);
            filledAmount = filledAmount.plus(fill.amount);
            left -= quantity;
          }
        },
      ),
    );
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
