import { type DayBar, Dec, decimalToCents, type InstrumentListing } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { buildDragonTiger, type DayOfStock } from './dragonTiger.ts';

const DATE = '2026-07-10';

function stock(
  symbol: string,
  bar: { close: number; high?: number; low?: number; rateBp?: number },
  exchange: InstrumentListing['exchange'] = symbol.startsWith('6') ? 'SSE' : 'SZSE',
): DayOfStock {
  const board = symbol.startsWith('303') ? 'chinext' : symbol.startsWith('687') ? 'star' : 'main';
  const day: DayBar = {
    tradingDate: DATE,
    prevClose: 1000,
    open: 1000,
    high: bar.high ?? Math.max(1000, bar.close),
    low: bar.low ?? Math.min(1000, bar.close),
    close: bar.close,
    volume: 1_000_000,
    turnover: 1_000_000 * bar.close,
    turnoverRate: bar.rateBp ?? 500,
  };
  return {
    listing: { symbol, name: `N${symbol}`, initials: 'N', board, exchange, isST: false, sector: 'bank' },
    bar: day,
  };
}

// The SSE Composite rose 1% and the SZSE Component fell 1%.
const indexChanges = new Map([
  ['sh000001', new Dec('0.01')],
  ['sz399001', new Dec('-0.01')],
]);

const build = (stocks: DayOfStock[], date = DATE) =>
  buildDragonTiger({ tradingDate: date, seed: '42', stocks, indexChanges });

describe('dragon-tiger selection', () => {
  it('lists each test with the figure that met it', () => {
    const entries = build([
      stock('604001', { close: 1100 }), // +10% on an index up 1%: deviation +9%
      stock('604002', { close: 1070 }), // +7% − 1% = +6%: not enough on the main board
      stock('004001', { close: 1060 }), // +6% on an index down 1%: deviation +7%, just enough
      stock('604003', { close: 900, high: 1080 }), // −10% − 1% = −11%; amplitude (10.80 − 9.00) / 10.00 = 18%
      stock('303001', { close: 1200, rateBp: 3500 }), // ChiNext tests the change: +20% ≥ 15%; turnover 35% ≥ 30%
      stock('687001', { close: 1140 }), // STAR +14%: below 15%
      stock('604004', { close: 1000, rateBp: 2500 }), // flat, turnover 25% ≥ 20%
    ]);
    expect(entries.map((e) => [e.reason, e.symbol, e.value, e.pct])).toEqual([
      ['deviationUp', '604001', '9.00', '10.00'],
      ['deviationUp', '004001', '7.00', '6.00'],
      ['deviationDown', '604003', '-11.00', '-10.00'],
      ['changeUp', '303001', '20.00', '20.00'],
      ['amplitude', '604003', '18.00', '-10.00'],
      ['turnoverRate', '303001', '35.00', '20.00'],
      ['turnoverRate', '604004', '25.00', '0.00'],
    ]);
  });

  it('keeps the top five per test, ties by code', () => {
    const rates = [2100, 2700, 2300, 2600, 2200, 2500, 2600];
    const entries = build(rates.map((rateBp, i) => stock(`60410${i}`, { close: 1000, rateBp })));
    expect(entries.map((e) => [e.symbol, e.value])).toEqual([
      ['604101', '27.00'],
      ['604103', '26.00'],
      ['604106', '26.00'],
      ['604105', '25.00'],
      ['604102', '23.00'],
    ]);
  });

  it('gives every listed stock five buying and five selling seats, biggest first, with their net', () => {
    const [entry] = build([stock('604001', { close: 1100 })]);
    expect(entry?.buys).toHaveLength(5);
    expect(entry?.sells).toHaveLength(5);
    for (const side of [entry!.buys, entry!.sells]) {
      const amounts = side.map((s) => decimalToCents(s.amount));
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(new Set(side.map((s) => s.seat)).size).toBe(5);
      for (const { seat } of side) expect(seat).toMatch(/营业部$|^机构专用$|^沪股通专用$/);
    }
    const total = (side: { amount: string }[]) => side.reduce((sum, s) => sum + decimalToCents(s.amount), 0);
    expect(decimalToCents(entry!.net)).toBe(total(entry!.buys) - total(entry!.sells));
    // A day up 10% draws more buying than selling.
    expect(decimalToCents(entry!.net)).toBeGreaterThan(0);
  });

  it('draws the same seats for the same seed and day, other seats another day', () => {
    const stocks = [stock('604001', { close: 1100 })];
    expect(build(stocks)).toEqual(build(stocks));
    const otherDay = stocks.map((s) => ({ ...s, bar: { ...s.bar, tradingDate: '2026-07-13' } }));
    expect(build(otherDay, '2026-07-13')[0]?.buys).not.toEqual(build(stocks)[0]?.buys);
  });

  it('tests the main board on amplitude and turnover only when its index is missing', () => {
    const entries = buildDragonTiger({
      tradingDate: DATE,
      seed: '42',
      stocks: [
        stock('604001', { close: 1100 }),
        stock('604002', { close: 1100, rateBp: 2200 }),
        stock('303001', { close: 1200 }),
      ],
      indexChanges: new Map(),
    });
    expect(entries.map((e) => [e.reason, e.symbol])).toEqual([
      ['changeUp', '303001'],
      ['turnoverRate', '604002'],
    ]);
  });
});
