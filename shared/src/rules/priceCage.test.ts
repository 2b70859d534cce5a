import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { cageLimit, cageReference, checkPriceCage } from './priceCage.ts';

const stock = (board: 'main' | 'chinext' | 'star' | 'bse') => ({ board, kind: 'stock' as const });
const level = (price: string) => ({ price });

describe('cageReference', () => {
  it.each([
    // a buy: best offer, else best bid, else the last price
    ['buy', [level('9.99')], [level('10.01')], '10.01'],
    ['buy', [level('11.00')], [], '11.00'],
    ['buy', [], [], '10.00'],
    // a sell: best bid, else best offer, else the last price
    ['sell', [level('9.99')], [level('10.01')], '9.99'],
    ['sell', [], [level('9.00')], '9.00'],
  ] as const)('%s with bids %j, asks %j: %s', (side, bids, asks, reference) => {
    expect(cageReference(side, { bids, asks, price: '10.00' }).toFixed(2)).toBe(reference);
  });
});

describe('cageLimit', () => {
  it.each([
    // 10.01 × 1.02 = 10.2102 → 10.21 (down to the tick); ten ticks would be 10.11
    ['main', '2026-07-07', 'buy', '10.01', '10.21'],
    // 9.99 × 0.98 = 9.7902 → 9.80 (up to the tick)
    ['main', '2026-07-07', 'sell', '9.99', '9.80'],
    // a 2.00 stock: 2% is 2.04, ten ticks 2.10; the wider wins
    ['main', '2026-07-07', 'buy', '2.00', '2.10'],
    ['main', '2026-07-07', 'sell', '2.00', '1.90'],
    // STAR has no ten-tick floor: 2.00 × 1.02 = 2.04
    ['star', '2026-07-07', 'buy', '2.00', '2.04'],
    // ChiNext before 2023-04-10: 2% only
    ['chinext', '2022-01-04', 'buy', '2.00', '2.04'],
    // BSE: 5% or ten ticks: 10.00 × 1.05 = 10.50
    ['bse', '2026-07-07', 'buy', '10.00', '10.50'],
  ] as const)('%s on %s, %s around %s: %s', (board, date, side, reference, limit) => {
    expect(
      cageLimit({
        instrument: stock(board),
        tradingDate: date,
        side,
        reference: new Dec(reference),
      })?.toFixed(2),
    ).toBe(limit);
  });

  it('has no cage on the main board before 2023-04-10', () => {
    expect(
      cageLimit({
        instrument: stock('main'),
        tradingDate: '2023-04-07',
        side: 'buy',
        reference: new Dec(10),
      }),
    ).toBeNull();
  });
});

describe('checkPriceCage', () => {
  const quote = { bids: [level('9.99')], asks: [level('10.01')], price: '10.00' };
  const check = (side: 'buy' | 'sell', price: string) =>
    checkPriceCage({
      instrument: stock('main'),
      tradingDate: '2026-07-07',
      side,
      price: new Dec(price),
      quote,
    });

  it('lets in prices inside the cage and names the cap of those outside', () => {
    expect(check('buy', '10.21')).toEqual({ ok: true });
    expect(check('buy', '10.22')).toEqual({
      ok: false,
      key: 'order.priceAboveCage',
      params: { limit: '10.21', reference: '10.01' },
    });
    expect(check('sell', '9.80')).toEqual({ ok: true });
    expect(check('sell', '9.79')).toEqual({
      ok: false,
      key: 'order.priceBelowCage',
      params: { limit: '9.80', reference: '9.99' },
    });
    // a buy below the market and a sell above it are never caged
    expect(check('buy', '9.00')).toEqual({ ok: true });
    expect(check('sell', '11.00')).toEqual({ ok: true });
  });
});
