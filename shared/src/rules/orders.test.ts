import { describe, expect, it } from 'vitest';
import { translateError } from '../i18n/errors.ts';
import { Dec } from '../money.ts';
import type { Board, Instrument } from './instruments.ts';
import {
  checkOrderPrice,
  checkOrderQuantity,
  lotRuleAt,
  type OrderType,
  oddLot,
  type Side,
} from './orders.ts';

const DATE = '2026-07-10';

function instrument(board: Board, extra: Partial<Instrument> = {}): Instrument {
  return { symbol: '004001', exchange: 'SZSE', board, kind: 'stock', isST: false, ...extra };
}

function check(board: Board, side: Side, type: OrderType, quantity: number, sellable?: number) {
  return checkOrderQuantity({
    instrument: instrument(board),
    side,
    type,
    quantity,
    sellable,
    tradingDate: DATE,
  });
}

describe('checkOrderQuantity: buys', () => {
  it.each([
    // STAR: at least 200, then steps of 1; at most 100,000 limit / 50,000 market
    ['star', 'limit', 199, { ok: false, key: 'order.belowMinimum', params: { min: 200 } }],
    ['star', 'limit', 200, { ok: true }],
    ['star', 'limit', 201, { ok: true }],
    ['star', 'limit', 100_000, { ok: true }],
    ['star', 'limit', 100_001, { ok: false, key: 'order.aboveMaximum', params: { max: 100_000 } }],
    ['star', 'market', 50_001, { ok: false, key: 'order.aboveMaximum', params: { max: 50_000 } }],
    // ChiNext: multiples of 100; at most 300,000 limit / 150,000 market
    ['chinext', 'market', 50_001, { ok: false, key: 'order.lotMultiple', params: { lot: 100 } }],
    ['chinext', 'market', 150_000, { ok: true }],
    ['chinext', 'market', 150_100, { ok: false, key: 'order.aboveMaximum', params: { max: 150_000 } }],
    ['chinext', 'limit', 300_000, { ok: true }],
    ['chinext', 'limit', 300_100, { ok: false, key: 'order.aboveMaximum', params: { max: 300_000 } }],
    // main board: multiples of 100, at most 1,000,000
    ['main', 'limit', 100, { ok: true }],
    ['main', 'limit', 50, { ok: false, key: 'order.belowMinimum', params: { min: 100 } }],
    ['main', 'limit', 150, { ok: false, key: 'order.lotMultiple', params: { lot: 100 } }],
    ['main', 'market', 1_000_000, { ok: true }],
    ['main', 'limit', 1_000_100, { ok: false, key: 'order.aboveMaximum', params: { max: 1_000_000 } }],
    // BSE: at least 100, then steps of 1
    ['bse', 'limit', 101, { ok: true }],
    ['bse', 'limit', 99, { ok: false, key: 'order.belowMinimum', params: { min: 100 } }],
  ] as const)('%s %s buy of %i', (board, type, quantity, expected) => {
    expect(check(board, 'buy', type, quantity)).toEqual(expected);
  });

  it.each([0, -100, 100.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a quantity of %d', (quantity) => {
    expect(check('main', 'buy', 'limit', quantity)).toEqual({ ok: false, key: 'order.quantityInvalid' });
  });
});

describe('checkOrderQuantity: sells', () => {
  it.each([
    // main board, 250 sellable: the 50 odd shares go alone or with whole lots
    ['main', 250, 250, { ok: true }],
    ['main', 250, 150, { ok: true }],
    ['main', 250, 50, { ok: true }],
    ['main', 250, 200, { ok: true }],
    ['main', 250, 130, { ok: false, key: 'order.oddLotSellWhole', params: { odd: 50 } }],
    ['main', 250, 300, { ok: false, key: 'order.exceedsSellable', params: { sellable: 250 } }],
    // no odd lot held: whole lots only
    ['main', 1000, 150, { ok: false, key: 'order.lotMultiple', params: { lot: 100 } }],
    // STAR, 150 sellable (below the 200 minimum): all of it at once
    ['star', 150, 150, { ok: true }],
    ['star', 150, 100, { ok: false, key: 'order.oddLotSellWhole', params: { odd: 150 } }],
    // STAR, 350 sellable: any quantity from 200, leaving an odd 150 is allowed
    ['star', 350, 200, { ok: true }],
    ['star', 350, 100, { ok: false, key: 'order.belowMinimum', params: { min: 200 } }],
  ] as const)('%s with %i sellable, sell %i', (board, sellable, quantity, expected) => {
    expect(check(board, 'sell', 'limit', quantity, sellable)).toEqual(expected);
  });

  it('without the holding, an odd quantity is refused', () => {
    expect(check('main', 'sell', 'limit', 50)).toEqual({
      ok: false,
      key: 'order.belowMinimum',
      params: { min: 100 },
    });
  });

  it('gives messages a user can read', () => {
    const result = check('star', 'buy', 'limit', 199);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(translateError('en', result.key, result.params)).toBe(
        'An order must be for at least 200 shares.',
      );
  });
});

describe('lotRuleAt and oddLot', () => {
  it.each([
    // main: 250 held is two lots and 50 odd; STAR: any holding from 200 is whole, 150 is all odd
    ['main', 250, { min: 100, step: 100 }, 50],
    ['main', 1000, { min: 100, step: 100 }, 0],
    ['star', 350, { min: 200, step: 1 }, 0],
    ['star', 150, { min: 200, step: 1 }, 150],
  ] as const)('%s holding %i: lot %o, odd %i', (board, holding, lot, odd) => {
    const rule = lotRuleAt(board, DATE);
    expect({ min: rule.min, step: rule.step }).toEqual(lot);
    expect(oddLot(holding, rule)).toBe(odd);
  });
});

describe('checkOrderPrice', () => {
  const main = instrument('main');
  const price = (inst: Instrument, value: string, tradingDayIndex?: number) =>
    checkOrderPrice({
      instrument: inst,
      price: new Dec(value),
      prevClose: new Dec('10.05'),
      tradingDate: DATE,
      tradingDayIndex,
    });

  it.each([
    // prevClose 10.05: band 9.05..11.06 (see prices.test.ts)
    ['11.06', { ok: true }],
    ['9.05', { ok: true }],
    ['11.07', { ok: false, key: 'order.priceAboveLimit', params: { up: '11.06' } }],
    ['9.04', { ok: false, key: 'order.priceBelowLimit', params: { down: '9.05' } }],
    ['10.005', { ok: false, key: 'order.priceOffTick', params: { tick: '0.01' } }],
    ['0', { ok: false, key: 'order.priceInvalid' }],
    ['-1', { ok: false, key: 'order.priceInvalid' }],
  ] as const)('main board at %s', (value, expected) => {
    expect(price(main, value)).toEqual(expected);
  });

  it('accepts any on-tick price where there is no band', () => {
    expect(price(instrument('star', { registrationIpo: true }), '100.00', 1)).toEqual({ ok: true });
  });

  it('checks funds on the 0.001 grid', () => {
    expect(price(instrument('main', { kind: 'fund' }), '10.051')).toEqual({ ok: true });
    expect(price(instrument('main', { kind: 'fund' }), '10.0505')).toEqual({
      ok: false,
      key: 'order.priceOffTick',
      params: { tick: '0.001' },
    });
  });
});
