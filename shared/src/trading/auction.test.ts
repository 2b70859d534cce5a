import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { type AuctionOrder, allocateAt, uncross } from './auction.ts';

/** Orders in time order: `B1 10.30 200` is a buy of 200 at 10.30 named B1. */
const book = (...lines: string[]): AuctionOrder[] =>
  lines.map((line) => {
    const [id = '', limit = '', quantity = ''] = line.split(' ');
    return {
      id,
      side: id.startsWith('B') ? 'buy' : 'sell',
      limit: new Dec(limit),
      quantity: Number(quantity),
    };
  });

const result = (orders: AuctionOrder[], reference: string) => {
  const u = uncross(orders, new Dec(reference));
  return (
    u && { price: u.price.toFixed(2), volume: u.volume, fills: u.fills.map((f) => `${f.id} ${f.quantity}`) }
  );
};

describe('uncross', () => {
  it.each([
    {
      // Issue 11: a buy of 1,000 at 10.50 against a crowd that meets at 10.00 (5,000 each side).
      // 10.50: buys ≥ 1,000, sells ≤ 5,000 → 1,000. 10.00: buys 6,000, sells 5,000 → 5,000. 9.90: no sells.
      // 10.00 has the most volume; the 10.50 buy goes first on price and pays 10.00, not 10.50.
      name: 'a buy through the price pays the auction price',
      orders: book('Buser 10.50 1000', 'Bcrowd 10.00 5000', 'Scrowd 10.00 5000'),
      reference: '9.90',
      expected: { price: '10.00', volume: 5000, fills: ['Buser 1000', 'Bcrowd 4000', 'Scrowd 5000'] },
    },
    {
      // Buys ≥ / sells ≤ each price:
      // 10.30: 200 / 1,600 → 200;  10.20: 500 / 1,600 → 500;  10.10: 1,000 / 1,000 → 1,000;
      // 10.00: 1,400 / 600 → 600;  9.90: 1,400 / 300 → 300.  10.10 trades the most.
      name: 'the price of maximum volume',
      orders: book(
        'B1 10.30 200',
        'S1 9.90 300',
        'B2 10.20 300',
        'S2 10.00 300',
        'B3 10.10 500',
        'S3 10.10 400',
        'B4 10.00 400',
        'S4 10.20 600',
      ),
      reference: '10.00',
      expected: {
        price: '10.10',
        volume: 1000,
        fills: ['B1 200', 'B2 300', 'B3 500', 'S1 300', 'S2 300', 'S3 400'],
      },
    },
    {
      // 10.20: 500 / 800, 10.15: 500 / 800, 10.10: 500 / 800 (imbalance 300); 10.00: 500 / 500 (imbalance 0).
      // Same volume everywhere; 10.00 leaves nothing unmatched, though 10.15 is the reference.
      name: 'then the least imbalance',
      orders: book('B1 10.20 500', 'S1 10.00 500', 'S2 10.10 300'),
      reference: '10.15',
      expected: { price: '10.00', volume: 500, fills: ['B1 500', 'S1 500'] },
    },
    {
      // Every price from 10.00 to 10.20 trades 500 with nothing left over: the reference 10.05 is in range.
      name: 'then the price nearest the reference, inside the range',
      orders: book('B1 10.20 500', 'S1 10.00 500'),
      reference: '10.05',
      expected: { price: '10.05', volume: 500, fills: ['B1 500', 'S1 500'] },
    },
    {
      // The same book with the reference below it: 10.00 is nearest.
      name: 'then the price nearest the reference, below the range',
      orders: book('B1 10.20 500', 'S1 10.00 500'),
      reference: '9.80',
      expected: { price: '10.00', volume: 500, fills: ['B1 500', 'S1 500'] },
    },
    {
      name: 'then the price nearest the reference, above the range',
      orders: book('B1 10.20 500', 'S1 10.00 500'),
      reference: '10.50',
      expected: { price: '10.20', volume: 500, fills: ['B1 500', 'S1 500'] },
    },
    {
      // 10.00: buys 300 + 900 + 1,000 = 2,200, sells 100 + 1,000 = 1,100 → 1,100 trade.
      // All buys are at 10.00, so time decides: B1 300, B2 800 of its 900, the crowd's buy (last) none.
      name: 'orders at the auction price fill in time order up to the matched volume',
      orders: book('B1 10.00 300', 'B2 10.00 900', 'S3 10.00 100', 'Bcrowd 10.00 1000', 'Scrowd 10.00 1000'),
      reference: '9.90',
      expected: { price: '10.00', volume: 1100, fills: ['B1 300', 'B2 800', 'S3 100', 'Scrowd 1000'] },
    },
    {
      name: 'a book that does not cross does not trade',
      orders: book('B1 9.90 100', 'S1 10.00 100'),
      reference: '9.95',
      expected: null,
    },
  ])('$name', ({ orders, reference, expected }) => {
    expect(result(orders, reference)).toEqual(expected);
  });
});

describe('allocateAt', () => {
  it('fills a given price in price-time priority', () => {
    // At 10.00: buys ≥ 10.00 are B1 (10.10, 200) and B2 (10.00, 500); sells ≤ 10.00 are S1 400.
    // B1 first on price, then B2 takes the 200 left.
    const u = allocateAt(
      book('B2 10.00 500', 'B1 10.10 200', 'S1 9.90 400', 'B3 9.90 100'),
      new Dec('10.00'),
    );
    expect([u.volume, u.imbalance, u.fills.map((f) => `${f.id} ${f.quantity}`)]).toEqual([
      400,
      300,
      ['B1 200', 'B2 200', 'S1 400'],
    ]);
  });
});

describe('uncross, whatever the book', () => {
  const order = fc.record({
    side: fc.constantFrom('buy' as const, 'sell' as const),
    cents: fc.integer({ min: 950, max: 1050 }),
    lots: fc.integer({ min: 1, max: 50 }),
  });

  it('fills every order at the one auction price, never worse than its limit, most volume first', () => {
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 950, max: 1050 }),
        (raw, ref) => {
          const orders: AuctionOrder[] = raw.map((o, i) => ({
            id: String(i),
            side: o.side,
            limit: new Dec(o.cents).div(100),
            quantity: o.lots * 100,
          }));
          const u = uncross(orders, new Dec(ref).div(100));
          if (!u) return;
          const byId = new Map(orders.map((o) => [o.id, o]));
          let bought = 0;
          let sold = 0;
          for (const fill of u.fills) {
            const o = byId.get(fill.id)!;
            expect(fill.quantity).toBeGreaterThan(0);
            expect(fill.quantity).toBeLessThanOrEqual(o.quantity);
            // A buy pays the auction price, at or below its limit; a sell gets it, at or above its limit.
            if (o.side === 'buy') {
              expect(u.price.lte(o.limit)).toBe(true);
              bought += fill.quantity;
            } else {
              expect(u.price.gte(o.limit)).toBe(true);
              sold += fill.quantity;
            }
          }
          expect([bought, sold]).toEqual([u.volume, u.volume]);
          for (const o of orders) expect(allocateAt(orders, o.limit).volume).toBeLessThanOrEqual(u.volume);
        },
      ),
    );
  });
});
