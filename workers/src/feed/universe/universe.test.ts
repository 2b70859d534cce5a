import { classifySymbol } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { pinyinInitials, SECTORS } from './names.ts';
import { newListing } from './newListing.ts';
import { generateUniverse } from './universe.ts';

const universe = generateUniverse({ seed: 42 });
const { listings } = universe;
const share = (predicate: (l: (typeof listings)[number]) => boolean) =>
  listings.filter(predicate).length / listings.length;

describe('generateUniverse', () => {
  it('is the same for a seed and differs across seeds', () => {
    expect(generateUniverse({ seed: 42, size: 200 })).toEqual(generateUniverse({ seed: 42, size: 200 }));
    expect(generateUniverse({ seed: 43, size: 200 }).listings[0]).not.toEqual(
      generateUniverse({ seed: 42, size: 200 }).listings[0],
    );
  });

  it('has 5,000 unique codes, all in the simulated blocks beside the real boards', () => {
    expect(listings).toHaveLength(5000);
    expect(new Set(listings.map((l) => l.symbol)).size).toBe(5000);
    for (const l of listings)
      expect(classifySymbol(l.symbol)).toEqual({
        exchange: l.exchange,
        board: l.board,
        kind: 'stock',
        simulated: true,
      });
    const prefixes = new Set(listings.map((l) => l.symbol.slice(0, 3)));
    expect([...prefixes].sort()).toEqual([
      '004',
      '005',
      '006',
      '007',
      '303',
      '304',
      '604',
      '606',
      '607',
      '609',
      '687',
    ]);
    expect(share((l) => l.symbol.startsWith('604'))).toBeCloseTo(900 / 5000, 3);
    expect(share((l) => l.board === 'chinext')).toBeCloseTo(0.254, 2);
    expect(share((l) => l.board === 'star')).toBeCloseTo(0.11, 2);
  });

  it('marks 3–4% of names ST, named with the ST prefix', () => {
    expect(share((l) => l.isST)).toBeGreaterThan(0.03);
    expect(share((l) => l.isST)).toBeLessThan(0.04);
    for (const l of listings) expect(/^\*?ST/.test(l.name)).toBe(l.isST);
  });

  it('gives unique Chinese names with pinyin initials', () => {
    expect(new Set(listings.map((l) => l.name)).size).toBe(5000);
    for (const l of listings) {
      expect(l.name).toMatch(/^(\*?ST)?[\u4e00-\u9fff]{2,4}$/);
      expect(l.initials).toBe(pinyinInitials(l.name));
    }
    expect(pinyinInitials('浙江医药')).toBe('ZJYY');
    expect(pinyinInitials('重庆银行')).toBe('CQYH');
    expect(pinyinInitials('*ST长春')).toBe('STCC');
  });

  it('spreads names over the sectors, keeping banks off STAR', () => {
    expect(new Set(listings.map((l) => l.sector)).size).toBe(SECTORS.length);
    expect(listings.some((l) => l.board === 'star' && l.sector === 'bank')).toBe(false);
  });

  it('prices previous closes between 2 and 300 CNY on the tick, with plausible sizes', () => {
    for (const l of listings) {
      expect(Number.isInteger(l.prevCloseCents)).toBe(true);
      expect(l.prevCloseCents).toBeGreaterThanOrEqual(200);
      expect(l.prevCloseCents).toBeLessThanOrEqual(30_000);
      expect(l.floatShares % 100).toBe(0);
      expect(l.totalShares).toBeGreaterThanOrEqual(l.floatShares);
    }
    const prices = listings.map((l) => l.prevCloseCents).sort((a, b) => a - b);
    expect(prices[2500]).toBeGreaterThan(800);
    expect(prices[2500]).toBeLessThan(2000);
    expect(new Set(listings.map((l) => l.tier)).size).toBe(4);
  });

  it('defines the three headline indices from their constituents', () => {
    const [sse, szse, chinext] = universe.indices;
    expect(sse?.constituents.every((i) => listings[i]?.exchange === 'SSE')).toBe(true);
    expect(sse?.constituents.length).toBe(listings.filter((l) => l.exchange === 'SSE').length);
    expect(szse?.constituents).toHaveLength(500);
    expect(chinext?.constituents).toHaveLength(100);
    expect(chinext?.constituents.every((i) => listings[i]?.board === 'chinext')).toBe(true);
    expect(sse?.baseLevel).toBeGreaterThan(3000);
    expect(szse?.baseLevel).toBeGreaterThan(10_000);
    expect(chinext?.baseLevel).toBeGreaterThan(2000);
  });
});

describe('newListing', () => {
  const issue = { name: '恒瑞智能', price: '21.50', onlineShares: 8_000_000, listingDate: '2026-07-16' };

  it('lists an issue under a simulated code on its board', () => {
    expect(newListing({ ...issue, code: '304501' })).toMatchObject({ board: 'chinext', exchange: 'SZSE' });
  });

  it('refuses a real code, which would put an invented company on a real one', () => {
    expect(() => newListing({ ...issue, code: '301501' })).toThrow(RangeError);
    expect(() => newListing({ ...issue, code: '510300' })).toThrow(RangeError);
  });
});
