import { describe, expect, it } from 'vitest';
import { feedQuote } from '../../core/src/market/testing/feedDouble.ts';
import { random } from '../../server/src/market/testing/benchStats.ts';
import {
  limitPriceCents,
  ORDER_INTENTS,
  ORDER_MIX,
  type OrderIntent,
  orderBody,
  orderQuantity,
  pickIntent,
  reservePriceCents,
  type Touch,
  touchOf,
} from './orderMix.ts';

/** A rand() that answers the given draws in turn. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

// 10.00 close: band 9.00–11.00, touch 9.99 / 10.01.
const touch: Touch = { limitUp: 1100, limitDown: 900, bid: 999, ask: 1001 };

describe('touchOf', () => {
  it('reads the band and the touch in cents', () => {
    expect(touchOf(feedQuote('604000'))).toEqual(touch);
  });

  it('keeps an empty side of the book empty', () => {
    expect(touchOf(feedQuote('604000', { asks: [], price: '11.00' }))).toEqual({ ...touch, ask: null });
  });

  it('has none for a quote without a band', () => {
    expect(touchOf(feedQuote('604000', { limitUp: null, limitDown: null }))).toBeNull();
  });
});

describe('ORDER_MIX', () => {
  it('weighs every intent, and only those', () => {
    expect(ORDER_MIX.map(([intent]) => intent).sort()).toEqual([...ORDER_INTENTS].sort());
    expect(ORDER_MIX.every(([, weight]) => weight > 0)).toBe(true);
  });
});

describe('pickIntent', () => {
  it('draws each intent by its weight', () => {
    const rand = random(7);
    const seen = new Map<OrderIntent, number>();
    for (let i = 0; i < 100_000; i++) {
      const intent = pickIntent(rand);
      seen.set(intent, (seen.get(intent) ?? 0) + 1);
    }
    for (const [intent, weight] of ORDER_MIX) expect(seen.get(intent)! / 1_000).toBeCloseTo(weight, -0.5);
  });

  it('covers the whole range of draws', () => {
    expect(pickIntent(() => 0)).toBe(ORDER_MIX[0]![0]);
    expect(pickIntent(() => 0.999_999)).toBe(ORDER_MIX.at(-1)![0]);
  });
});

describe('limitPriceCents', () => {
  it.each([
    // draw 0 → the nearest price the intent allows, draw 0.99 → the farthest
    ['restingBuy', 0, 998],
    ['restingBuy', 0.99, 989],
    ['restingSell', 0, 1002],
    ['restingSell', 0.99, 1011],
    ['marketableBuy', 0, 1001],
    ['marketableBuy', 0.99, 1003],
    ['marketableSell', 0, 999],
    ['marketableSell', 0.99, 997],
  ] as const)('%s with draw %s is %s cents', (intent, draw, cents) => {
    expect(limitPriceCents(intent, touch, () => draw)).toBe(cents);
  });

  it('stays inside the band near its edges', () => {
    const nearTop: Touch = { limitUp: 1100, limitDown: 900, bid: 1099, ask: 1100 };
    expect(limitPriceCents('marketableBuy', nearTop, () => 0.99)).toBe(1100);
    expect(limitPriceCents('restingSell', nearTop, () => 0.5)).toBe(1100);
    const nearBottom: Touch = { limitUp: 1100, limitDown: 900, bid: 900, ask: 901 };
    expect(limitPriceCents('restingBuy', nearBottom, () => 0.5)).toBe(900);
    expect(limitPriceCents('marketableSell', nearBottom, () => 0.99)).toBe(900);
  });

  it('prices from the other side, or the band, when a side is empty', () => {
    // Sealed at limit-up: no asks; a marketable buy joins the queue at the limit.
    const sealedUp: Touch = { limitUp: 1100, limitDown: 900, bid: 1100, ask: null };
    expect(limitPriceCents('marketableBuy', sealedUp, () => 0)).toBe(1100);
    expect(limitPriceCents('restingSell', sealedUp, () => 0)).toBe(1100);
    const sealedDown: Touch = { limitUp: 1100, limitDown: 900, bid: null, ask: 900 };
    expect(limitPriceCents('marketableSell', sealedDown, () => 0)).toBe(900);
    expect(limitPriceCents('restingBuy', sealedDown, () => 0)).toBe(900);
  });

  it('has no price for market orders', () => {
    expect(() => limitPriceCents('marketBuy', touch, () => 0)).toThrow();
  });
});

describe('orderQuantity', () => {
  it.each([
    [0, 10_000, 100],
    [0.99, 10_000, 500],
    [0.99, 350, 300],
    [0.5, 100, 100],
    [0.5, 99, 0],
  ])('draw %s within %s shares is %s', (draw, max, quantity) => {
    expect(orderQuantity(() => draw, max)).toBe(quantity);
  });
});

describe('orderBody', () => {
  it('prices a limit order as a decimal string on the tick', () => {
    expect(orderBody('restingBuy', '604000', touch, 300, draws(0.5))).toEqual({
      symbol: '604000',
      side: 'buy',
      type: 'limit',
      price: '9.93',
      quantity: 300,
    });
  });

  it('sends a market order without a price', () => {
    expect(orderBody('marketSell', '604000', touch, 100, draws(0.5))).toEqual({
      symbol: '604000',
      side: 'sell',
      type: 'market',
      quantity: 100,
    });
  });
});

describe('reservePriceCents', () => {
  it('is the limit, or the band top for a market order', () => {
    expect(
      reservePriceCents(
        { symbol: '604000', side: 'buy', type: 'limit', price: '9.93', quantity: 100 },
        touch,
      ),
    ).toBe(993);
    expect(reservePriceCents({ symbol: '604000', side: 'buy', type: 'market', quantity: 100 }, touch)).toBe(
      1100,
    );
  });
});
