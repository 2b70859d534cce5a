import { Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import {
  afterHoursOffered,
  estimate,
  instrumentOf,
  limitsOf,
  maxBuyable,
  quantityRange,
  shortcutQuantity,
  stepPrice,
  stepQuantity,
  type TicketInput,
  type TicketQuote,
  ticketProblem,
  validAtMost,
} from './ticketMath.ts';

const DATE = '2026-07-08';

const quoteOf = (symbol: string, overrides: Partial<TicketQuote> = {}): TicketQuote => ({
  symbol,
  name: 'Pudong Bank',
  price: '10.00',
  prevClose: '10.00',
  limitUp: '11.00',
  limitDown: '9.00',
  ...overrides,
});

const rangeOf = (symbol: string, side: 'buy' | 'sell', sellable = 0, type: 'limit' | 'market' = 'limit') =>
  quantityRange({ instrument: instrumentOf(quoteOf(symbol))!, tradingDate: DATE, side, type, sellable });

describe('instrumentOf', () => {
  it('reads board, ST and an unbanded new listing from the quote', () => {
    expect(instrumentOf(quoteOf('687001'))).toMatchObject({
      board: 'star',
      isST: false,
      registrationIpo: false,
    });
    expect(instrumentOf(quoteOf('604000', { name: '*ST Pudong' }))?.isST).toBe(true);
    expect(instrumentOf(quoteOf('304001', { limitUp: null, limitDown: null }))?.registrationIpo).toBe(true);
    expect(instrumentOf(quoteOf('990000'))).toBeUndefined();
  });
});

describe('stepPrice', () => {
  const limits = limitsOf(quoteOf('604000'));
  const step = (price: string, direction: 1 | -1) =>
    stepPrice(new Dec(price), direction, 'stock', limits).toString();

  it.each([
    ['10.00', 1, '10.01'],
    ['10.00', -1, '9.99'],
    // off the grid: to the next tick in that direction
    ['10.005', 1, '10.01'],
    ['10.005', -1, '10'],
    // clamped to the limit-up and limit-down prices
    ['11.00', 1, '11'],
    ['10.999', 1, '11'],
    ['9.00', -1, '9'],
    ['20.00', -1, '11'],
  ] as const)('%s by %i tick → %s', (price, direction, next) => {
    expect(step(price, direction)).toBe(next);
  });

  it('steps a fund by 0.001', () => {
    const fundLimits = { up: new Dec('1.357'), down: new Dec('1.111') };
    expect(stepPrice(new Dec('1.234'), 1, 'fund', fundLimits).toString()).toBe('1.235');
  });

  it('without limits stays above zero', () => {
    expect(stepPrice(new Dec('0.01'), -1, 'stock', null).toString()).toBe('0.01');
    expect(stepPrice(new Dec('250.00'), 1, 'stock', null).toString()).toBe('250.01');
  });
});

describe('quantity steps', () => {
  it('buys on the main board go by 100', () => {
    const range = rangeOf('604000', 'buy');
    expect(stepQuantity(0, 1, range)).toBe(100);
    expect(stepQuantity(100, 1, range)).toBe(200);
    expect(stepQuantity(150, 1, range)).toBe(200);
    expect(stepQuantity(150, -1, range)).toBe(100);
    // nothing below the minimum: the quantity stays
    expect(stepQuantity(100, -1, range)).toBe(100);
    // and nothing above the per-order maximum
    expect(stepQuantity(1_000_000, 1, range)).toBe(1_000_000);
  });

  it('STAR buys start at 200, then go by 1', () => {
    const range = rangeOf('687001', 'buy');
    expect(stepQuantity(0, 1, range)).toBe(200);
    expect(stepQuantity(200, 1, range)).toBe(201);
    expect(stepQuantity(201, -1, range)).toBe(200);
    expect(stepQuantity(200, -1, range)).toBe(200);
    // a market order: at most 50,000
    expect(stepQuantity(50_000, 1, rangeOf('687001', 'buy', 0, 'market'))).toBe(50_000);
  });

  it('sells of 250 on the main board: the odd 50 only whole, alone or with lots', () => {
    const range = rangeOf('604000', 'sell', 250);
    expect(range.odd).toBe(50);
    const up: number[] = [];
    for (let q = 0, next = stepQuantity(q, 1, range); next !== q; q = next, next = stepQuantity(q, 1, range))
      up.push(next);
    expect(up).toEqual([50, 100, 150, 200, 250]);
    expect(stepQuantity(250, -1, range)).toBe(200);
    expect(validAtMost(130, range)).toBe(100);
  });

  it('sells of 150 STAR shares (below the minimum): all of them or nothing', () => {
    const range = rangeOf('687001', 'sell', 150);
    expect(stepQuantity(0, 1, range)).toBe(150);
    expect(stepQuantity(150, 1, range)).toBe(150);
    expect(validAtMost(149, range)).toBe(0);
  });
});

describe('shortcuts', () => {
  it('split what is sellable down to quantities the rules accept', () => {
    // 1,000 held: 1000, 500, 333 → 300, 250 → 200
    const range = rangeOf('604000', 'sell', 1000);
    expect([1, 2, 3, 4].map((d) => shortcutQuantity(1000, d, range))).toEqual([1000, 500, 300, 200]);
    // 250 held with an odd 50: 250, 125 → 100, 83 → 50 (the odd lot whole), 62 → 50
    const odd = rangeOf('604000', 'sell', 250);
    expect([1, 2, 3, 4].map((d) => shortcutQuantity(250, d, odd))).toEqual([250, 100, 50, 50]);
    // STAR, 350 held: all 350, half 175 is under the 200 minimum: none
    const star = rangeOf('687001', 'sell', 350);
    expect([1, 2].map((d) => shortcutQuantity(350, d, star))).toEqual([350, 0]);
  });

  it('split what is buyable', () => {
    // 1,800 buyable STAR shares: 1800, 900, 600, 450
    expect([1, 2, 3, 4].map((d) => shortcutQuantity(1800, d, rangeOf('687001', 'buy')))).toEqual([
      1800, 900, 600, 450,
    ]);
  });
});

describe('maxBuyable', () => {
  const buyable = (available: string, price: string, symbol = '604000') =>
    maxBuyable({
      available: new Dec(available),
      reservePrice: new Dec(price),
      kind: 'stock',
      tradingDate: DATE,
      range: rangeOf(symbol, 'buy'),
    });

  it.each([
    // 100 at 10.00 costs 1000.00 + 5.00 + 0.01 = 1005.01
    ['1005.01', '10.00', '604000', 100],
    ['1005.00', '10.00', '604000', 0],
    // 1,000,000 at 10.00: 99,900 shares cost 999,000.00 + 249.75 + 9.99 = 999,259.74; 100,000 cost 1,000,260.00
    ['1000000.00', '10.00', '604000', 99_900],
    // STAR by single shares: 201 × 50.00 = 10,050.00 + 5.00 + 0.10 = 10,055.10
    ['10055.10', '50.00', '687001', 201],
  ] as const)('%s CNY at %s buys %s × %i', (available, price, symbol, expected) => {
    expect(buyable(available, price, symbol)).toBe(expected);
  });
});

describe('estimate', () => {
  it('a sell of one share at 2.99 nets zero: the commission is capped at the proceeds', () => {
    const e = estimate({
      side: 'sell',
      kind: 'stock',
      tradingDate: DATE,
      price: new Dec('2.99'),
      quantity: 1,
    });
    expect([e.amount, e.fees.commission, e.net].map((d) => d.toFixed(2))).toEqual(['2.99', '2.99', '0.00']);
  });

  it('a buy of 100 at 10.01: 1001.00 plus 5.00 commission and 0.01 transfer fee', () => {
    const e = estimate({
      side: 'buy',
      kind: 'stock',
      tradingDate: DATE,
      price: new Dec('10.01'),
      quantity: 100,
    });
    expect(
      [e.amount, e.fees.commission, e.fees.stampDuty, e.fees.transferFee, e.net].map((d) => d.toFixed(2)),
    ).toEqual(['1001.00', '5.00', '0.00', '0.01', '1006.01']);
  });

  it('a sell of 1,000 at 25.00: 25,000.00 less 6.25 commission, 12.50 stamp duty, 0.25 transfer fee', () => {
    const e = estimate({
      side: 'sell',
      kind: 'stock',
      tradingDate: DATE,
      price: new Dec('25.00'),
      quantity: 1000,
    });
    expect([e.fees.commission, e.fees.stampDuty, e.fees.transferFee, e.net].map((d) => d.toFixed(2))).toEqual(
      ['6.25', '12.50', '0.25', '24981.00'],
    );
  });
});

const BOOK = { bids: [{ price: '9.99' }], asks: [{ price: '10.01' }] };

describe('afterHoursOffered', () => {
  it.each([
    ['604000', DATE, 'continuous', true],
    ['604000', DATE, 'afterHoursFixed', true],
    ['604000', DATE, 'postClose', false],
    ['604000', '2026-07-03', 'continuous', false],
    ['687001', '2026-07-03', 'continuous', true],
    ['510300', DATE, 'continuous', false],
  ] as const)('%s on %s in %s: %s', (symbol, date, phase, offered) => {
    expect(afterHoursOffered(instrumentOf(quoteOf(symbol))!, date, phase)).toBe(offered);
  });
});

describe('ticketProblem', () => {
  const input = (overrides: Partial<TicketInput> = {}): TicketInput => ({
    side: 'buy',
    type: 'limit',
    price: '10.00',
    quantity: '100',
    quote: quoteOf('604000'),
    instrument: instrumentOf(quoteOf('604000'))!,
    tradingDate: DATE,
    phase: 'continuous',
    available: new Dec('1000000'),
    sellable: 0,
    ...overrides,
  });

  it.each([
    [{}, null],
    [{ quantity: '150' }, { key: 'order.lotMultiple', params: { lot: 100 } }],
    [{ quantity: '' }, { key: 'order.quantityInvalid' }],
    [{ quantity: '1e3' }, { key: 'order.quantityInvalid' }],
    [{ price: '' }, { key: 'order.priceRequired' }],
    [{ price: 'abc' }, { key: 'order.priceInvalid' }],
    [{ price: '10.001' }, { key: 'order.priceOffTick', params: { tick: '0.01' } }],
    [{ price: '11.01' }, { key: 'order.priceAboveLimit', params: { up: '11.00' } }],
    [{ price: '8.99' }, { key: 'order.priceBelowLimit', params: { down: '9.00' } }],
    [
      { available: new Dec('1005.00') },
      { key: 'order.insufficientCash', params: { needed: '1005.01', available: '1005.00' } },
    ],
    // a market buy is frozen at the limit-up price: 1,100.00 + 5.00 + 0.01
    [
      { type: 'market', available: new Dec('1105.00') },
      { key: 'order.insufficientCash', params: { needed: '1105.01', available: '1105.00' } },
    ],
    [
      { side: 'sell', sellable: 0 },
      { key: 'order.exceedsSellable', params: { sellable: 0 } },
    ],
    [
      { side: 'sell', sellable: 250, quantity: '130' },
      { key: 'order.oddLotSellWhole', params: { odd: 50 } },
    ],
    [{ side: 'sell', sellable: 250, quantity: '150' }, null],
    [{ phase: 'lunchBreak' }, { key: 'order.marketClosed' }],
    [{ phase: null }, { key: 'order.marketClosed' }],
    // after-hours fixed-price: every SSE/SZSE A-share from 2026-07-06, the main board not before
    [{ phase: 'afterHoursFixed' }, null],
    [{ phase: 'afterHoursFixed', tradingDate: '2026-07-03' }, { key: 'order.afterHoursNotOffered' }],
    [{ afterHours: true, tradingDate: '2026-07-03' }, { key: 'order.afterHoursNotOffered' }],
    [{ type: 'market', afterHours: true }, { key: 'order.marketOrderContinuousOnly' }],
    // the price cage: best offer 10.01 × 1.02 = 10.2102 → at most 10.21, in continuous trading only
    [
      { price: '10.22', book: BOOK },
      { key: 'order.priceAboveCage', params: { limit: '10.21', reference: '10.01' } },
    ],
    [{ price: '10.21', book: BOOK }, null],
    [{ price: '10.22', book: BOOK, phase: 'openingCall' }, null],
    [{ price: '10.22', book: BOOK, afterHours: true }, null],
    // best bid 9.99 × 0.98 = 9.7902 → at least 9.80
    [
      { side: 'sell', sellable: 100, price: '9.79', book: BOOK },
      { key: 'order.priceBelowCage', params: { limit: '9.80', reference: '9.99' } },
    ],
    [{ type: 'market', phase: 'openingCall' }, { key: 'order.marketOrderContinuousOnly' }],
    [{ phase: 'openingCall' }, null],
    [
      { type: 'market', quote: quoteOf('304001', { limitUp: null, limitDown: null }) },
      { key: 'order.marketOrderNeedsBand' },
    ],
  ] as const)('%o → %o', (overrides, expected) => {
    expect(ticketProblem(input(overrides as Partial<TicketInput>))).toEqual(expected);
  });
});
