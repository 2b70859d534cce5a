import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { blockTradeMinimum, blockTradePriceRange, meetsBlockTradeMinimum } from './blockTrade.ts';
import type { Exchange, Instrument } from './instruments.ts';

const DATE = '2026-07-10';

describe('block trades', () => {
  it.each([
    ['SSE', 300_000, '2000000'],
    ['SZSE', 300_000, '2000000'],
    ['BSE', 100_000, '1000000'],
  ] as const)('%s minimum: %i shares or %s CNY', (exchange, shares, amount) => {
    const min = blockTradeMinimum(exchange, DATE);
    expect([min.shares, min.amount.toFixed()]).toEqual([shares, amount]);
  });

  it.each([
    ['SSE', 300_000, '1500000', true], // enough shares
    ['SSE', 299_900, '2000000', true], // enough money
    ['SSE', 299_900, '1999999.99', false],
    ['BSE', 100_000, '500000', true],
  ] as const)('%s %i shares for %s CNY qualifies: %s', (exchange: Exchange, quantity, amount, expected) => {
    expect(meetsBlockTradeMinimum({ exchange, tradingDate: DATE, quantity, amount: new Dec(amount) })).toBe(
      expected,
    );
  });

  it('prices within the day band, or ±30% of the previous close where there is none', () => {
    const main: Instrument = { symbol: '604000', exchange: 'SSE', board: 'main', kind: 'stock', isST: false };
    const range = (instrument: Instrument, prevClose: string, tradingDayIndex?: number) => {
      const r = blockTradePriceRange({
        instrument,
        prevClose: new Dec(prevClose),
        tradingDate: DATE,
        tradingDayIndex,
      });
      return [r.up.toFixed(2), r.down.toFixed(2)];
    };
    // main board ±10% of 10.05: 11.06 / 9.05
    expect(range(main, '10.05')).toEqual(['11.06', '9.05']);
    // a STAR listing day has no band: 20.00 × 1.3 = 26.00, × 0.7 = 14.00
    const star: Instrument = { ...main, symbol: '687001', board: 'star', registrationIpo: true };
    expect(range(star, '20.00', 1)).toEqual(['26.00', '14.00']);
  });
});
