import { centsToDecimal } from '@bourse/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankCalculator, type RankQuote, rankListsOf } from './ranks.ts';
import { quoteOnTen as quote } from './testing/listQuotes.ts';

const symbols = (rows: { symbol: string }[]) => rows.map((r) => r.symbol);

describe('rank lists', () => {
  it('ranks gainers and losers by change, ties by code, and leaves out the flat and the untraded', () => {
    const lists = rankListsOf([
      quote('604003', 1050), // +5.00%
      quote('604001', 1100), // +10.00%
      quote('604002', 1050), // +5.00%, ties 604003: lower code first
      quote('604004', 1000), // flat: on neither list
      quote('604005', 950), // -5.00%
      quote('604006', 920), // -8.00%
      quote('604007', 1200, { open: null }), // no trade today yet
    ]);
    expect(symbols(lists.gainers)).toEqual(['604001', '604002', '604003']);
    expect(symbols(lists.losers)).toEqual(['604006', '604005']);
  });

  it('keeps the top 50 movers only', () => {
    const many = Array.from({ length: 60 }, (_, i) => quote(String(604100 + i), 1001 + i));
    const { gainers } = rankListsOf(many);
    expect(gainers).toHaveLength(50);
    expect(gainers[0]?.symbol).toBe('604159');
    expect(gainers.at(-1)?.symbol).toBe('604110');
  });

  it('lists names sealed at a limit with the queue at it, biggest seal amount first', () => {
    const lists = rankListsOf([
      // 11.00 × 5,000 = 55,000.00 sealed
      quote('604001', 1100, { bids: [{ price: '11.00', volume: 5000 }], asks: [] }),
      // 11.00 × 9,000 = 99,000.00 sealed: first
      quote('604002', 1100, { bids: [{ price: '11.00', volume: 9000 }], asks: [] }),
      // at the limit but the queue broke (bid below it): listed with no seal
      quote('604003', 1100, {
        bids: [{ price: '10.99', volume: 300 }],
        asks: [{ price: '11.00', volume: 100 }],
      }),
      quote('604004', 1099), // a tick short
      quote('604005', 900, { bids: [], asks: [{ price: '9.00', volume: 7000 }] }),
      quote('303001', 1200, { limitUp: null, limitDown: null }), // no band today
    ]);
    expect(lists.limitUp.map((r) => [r.symbol, r.sealVolume])).toEqual([
      ['604002', 9000],
      ['604001', 5000],
      ['604003', 0],
    ]);
    expect(lists.limitDown.map((r) => [r.symbol, r.sealVolume])).toEqual([['604005', 7000]]);
  });

  it('ranks the ten deals by turnover with aggressor buy, sell and net', () => {
    const quotes = Array.from({ length: 12 }, (_, i) =>
      quote(String(604200 + i), 1010, { turnover: centsToDecimal(100_000 * (i + 1)) }),
    );
    quotes.push(quote('604300', 1010, { turnover: '0.00' }));
    const { tenDeal } = rankListsOf(quotes);
    expect(symbols(tenDeal)).toEqual(Array.from({ length: 10 }, (_, i) => String(604211 - i)));
    // 600.00 bought − 400.00 sold
    expect(tenDeal[0]).toMatchObject({ turnover: '12000.00', buy: '600.00', sell: '400.00', net: '200.00' });
  });

  it('computes a negative net with its sign', () => {
    const { tenDeal } = rankListsOf([quote('604001', 990, { buyTurnover: '0.05', sellTurnover: '1.00' })]);
    expect(tenDeal[0]?.net).toBe('-0.95');
  });
});

const SYMBOLS = Array.from({ length: 80 }, (_, i) => String(604000 + i));

/** Quotes from a few prices and turnovers, so that ties, limits and list edges are common. */
const quoteArb = fc
  .record({
    symbol: fc.constantFrom(...SYMBOLS),
    price: fc.integer({ min: 895, max: 1105 }),
    traded: fc.boolean(),
    turnover: fc.constantFrom(0, 100, 5000, 20_000),
    seal: fc.constantFrom(0, 100, 200),
  })
  .map(({ symbol, price, traded, turnover, seal }) => {
    const p = Math.min(1100, Math.max(900, price));
    return quote(symbol, p, {
      open: traded ? '10.00' : null,
      turnover: centsToDecimal(turnover),
      bids: p === 1100 ? [{ price: '11.00', volume: seal }] : [{ price: centsToDecimal(p - 1), volume: 100 }],
      asks: p === 900 ? [{ price: '9.00', volume: seal }] : [{ price: centsToDecimal(p + 1), volume: 100 }],
    });
  });

describe('RankCalculator', () => {
  it('equals a brute-force recompute after every batch of updates', () => {
    fc.assert(
      fc.property(fc.array(fc.array(quoteArb, { maxLength: 60 }), { maxLength: 25 }), (batches) => {
        const calculator = new RankCalculator();
        const latest = new Map<string, RankQuote>();
        for (const batch of batches) {
          // A batch holds at most one quote per symbol, its latest.
          const conflated = new Map(batch.map((q) => [q.symbol, q]));
          calculator.apply(conflated.values());
          for (const q of conflated.values()) latest.set(q.symbol, q);
          expect(calculator.rows()).toEqual(rankListsOf(latest.values()));
        }
      }),
      { numRuns: 300 },
    );
  });
});
