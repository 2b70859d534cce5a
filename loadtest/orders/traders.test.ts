import { Dec, type OrderView } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { random } from '../../server/src/market/testing/benchStats.ts';
import type { Touch } from './orderMix.ts';
import { Trader } from './traders.ts';

const TODAY = '2026-07-07';
// 10.00 close: band 9.00–11.00, touch 9.99 / 10.01.
const touches = new Map<string, Touch>([['604000', { limitUp: 1100, limitDown: 900, bid: 999, ask: 1001 }]]);
const symbols = ['604000'];

function view(overrides: Partial<OrderView>): OrderView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    symbol: '604000',
    name: 'T',
    side: 'buy',
    type: 'limit',
    price: '10.00',
    quantity: 100,
    filledQuantity: 0,
    filledAmount: '0.00',
    averagePrice: null,
    fees: '0.00',
    frozenCash: '0.00',
    status: 'pending',
    cancelReason: null,
    session: 'day',
    tradingDate: TODAY,
    createdAt: '',
    marketAt: '',
    updatedAt: '',
    ...overrides,
  };
}

describe('Trader.nextOrder', () => {
  it('never asks for a buy its cash does not cover, and never sells what it lacks', () => {
    const trader = new Trader('token', 'user');
    // A market buy reserves at the band's top: 100 × 11.00 + 5.00 commission + 0.01 transfer fee.
    trader.cash = new Dec('1105.00');
    const rand = random(3);
    for (let i = 0; i < 1_000; i++) {
      const next = trader.nextOrder(rand, symbols, touches, TODAY);
      expect(next?.body.side).toBe('buy');
      expect(next?.body.quantity).toBe(100);
      if (next?.body.type === 'market') throw new Error('a market buy needs 1,105.01 here');
    }
  });

  it('sells what it holds when the cash runs out, and nothing once both are gone', () => {
    const trader = new Trader('token', 'user');
    trader.sellable.set('604000', 200);
    const next = trader.nextOrder(random(5), symbols, touches, TODAY);
    expect(next?.body).toMatchObject({ symbol: '604000', side: 'sell' });
    expect(next!.body.quantity).toBeLessThanOrEqual(200);
    trader.sellable.set('604000', 0);
    expect(trader.nextOrder(random(5), symbols, touches, TODAY)).toBeNull();
  });
});

describe('Trader.planOrder', () => {
  it('sets aside each order at once, so a burst sent before any answer never asks for more than there is', () => {
    const trader = new Trader('token', 'user');
    // Enough for three 100-share market buys (1,105.01 each) and 300 shares to sell.
    trader.cash = new Dec('3315.03');
    trader.sellable.set('604000', 300);
    const rand = random(7);
    let sold = 0;
    let buys = 0;
    for (let next = trader.planOrder(rand, symbols, touches, TODAY); next; ) {
      if (next.body.side === 'sell') sold += next.body.quantity;
      else buys++;
      expect(trader.cash.gte(0)).toBe(true);
      next = trader.planOrder(rand, symbols, touches, TODAY);
    }
    expect(sold).toBe(300);
    expect(buys).toBeGreaterThan(0);
    expect(trader.sellable.get('604000')).toBe(0);
  });
});

describe('Trader.placed', () => {
  it('takes a buy’s fills, fees and remaining reserve from the cash', () => {
    const trader = new Trader('token', 'user');
    trader.cash = new Dec('10000.00');
    trader.placed(view({ filledAmount: '1001.00', fees: '5.01', frozenCash: '1006.02' }));
    expect(trader.cash.toFixed(2)).toBe('7987.97');
  });

  it('holds an open sell’s shares and frees a market sell’s unfilled rest', () => {
    const trader = new Trader('token', 'user');
    trader.sellable.set('604000', 1_000);
    trader.placed(view({ side: 'sell', quantity: 300, frozenCash: '5.00' }));
    expect(trader.sellable.get('604000')).toBe(700);
    expect(trader.cash.toFixed(2)).toBe('-5.00');
    trader.placed(
      view({
        side: 'sell',
        type: 'market',
        quantity: 500,
        filledQuantity: 200,
        filledAmount: '1998.00',
        fees: '6.02',
        status: 'cancelled',
      }),
    );
    expect(trader.sellable.get('604000')).toBe(500);
    expect(trader.cash.toFixed(2)).toBe('1986.98');
  });
});
