import type { InstrumentListing } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './searchIndex.ts';

function instrument(symbol: string, name: string, initials: string): InstrumentListing {
  return { symbol, name, initials, board: 'main', exchange: 'SSE', isST: false, sector: 'bank' };
}

const LISTING = [
  instrument('604000', '浦发银行', 'PFYH'),
  instrument('604036', '招商银行', 'ZSYH'),
  instrument('606398', '工商银行', 'GSYH'),
  instrument('004001', '平安银行', 'PAYH'),
  instrument('606318', '中国平安', 'ZGPA'),
  instrument('604519', '贵州茅台', 'GZMT'),
  instrument('303750', '宁德时代', 'NDSD'),
  instrument('604001', '邯郸钢铁', 'HDGT'),
];
const symbols = (found: InstrumentListing[]) => found.map((i) => i.symbol);

describe('SearchIndex', () => {
  const index = new SearchIndex(LISTING);

  it('puts the exact code before the codes it prefixes', () => {
    expect(symbols(index.search('604000', 10))).toEqual(['604000']);
    expect(symbols(index.search('60400', 10))).toEqual(['604000', '604001']);
    expect(symbols(index.search('6040', 10))).toEqual(['604000', '604001', '604036']);
  });

  it('finds one code exactly, and not a code it only prefixes', () => {
    expect(index.find('604036')?.symbol).toBe('604036');
    expect(index.find('60403')).toBeUndefined();
    expect(index.find('999999')).toBeUndefined();
  });

  it('finds pinyin initials by prefix, case-insensitively', () => {
    expect(symbols(index.search('zs', 10))).toEqual(['604036']);
    expect(symbols(index.search('GZ', 10))).toEqual(['604519']);
  });

  it('finds a name substring after the code and initials matches', () => {
    expect(symbols(index.search('银行', 10))).toEqual(['004001', '604000', '604036', '606398']);
    // 平安: a name match for both 平安银行 and 中国平安, in code order.
    expect(symbols(index.search('平安', 10))).toEqual(['004001', '606318']);
  });

  it('ranks code prefix > initials prefix > name when a query matches several ways', () => {
    const mixed = new SearchIndex([
      instrument('604100', 'PA 科技', 'XYZ'),
      instrument('604200', '华夏', 'PAHX'),
      instrument('004100', 'TCL', 'TCL'),
    ]);
    expect(symbols(mixed.search('pa', 10))).toEqual(['604200', '604100']);
    expect(symbols(mixed.search('0041', 10))).toEqual(['004100']);
  });

  it('stops at the limit and answers nothing for an empty query', () => {
    expect(index.search('6', 2)).toHaveLength(2);
    expect(index.search('  ', 10)).toEqual([]);
    expect(index.search('nothing', 10)).toEqual([]);
  });

  it('answers in well under a millisecond over 6,000 instruments', () => {
    const big: InstrumentListing[] = [];
    const chars = '银行科技电子医药能源材料汽车地产证券保险';
    for (let n = 0; n < 6000; n++) {
      const name = Array.from({ length: 4 }, (_, k) => chars[(n * 7 + k * 13) % chars.length]).join('');
      const initials = Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + ((n + k * 5) % 26))).join(
        '',
      );
      big.push(instrument(String(604000 + n).padStart(6, '0'), name, initials));
    }
    const large = new SearchIndex(big);
    const queries = ['6', '6062', '607999', 'ab', 'Q', '科技', '证券保', 'zzzz', '银'];
    const started = performance.now();
    const rounds = 200;
    for (let r = 0; r < rounds; r++) for (const q of queries) large.search(q, 20);
    const perQueryMs = (performance.now() - started) / (rounds * queries.length);
    // The budget is 5 ms; a loaded CI box still lands far below 1 ms.
    expect(perQueryMs).toBeLessThan(1);
    expect(symbols(large.search('607999', 5))[0]).toBe('607999');
  });
});
