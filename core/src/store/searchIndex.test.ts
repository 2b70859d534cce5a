import { describe, expect, it } from 'vitest';
import { SearchIndex, trigramsOf } from './searchIndex.ts';
import { normaliseSearch, searchTextOf } from './searchText.ts';

const names = (en: string, zh: string, th: string) =>
  searchTextOf({ en, 'zh-CN': zh, ja: en, ko: en, th, fr: en, it: en });

const products = [
  { id: 1, searchText: names('Kestrel Smartphone 5G', '红隼智能手机', 'สมาร์ทโฟน Kestrel'), sales: 10 },
  { id: 2, searchText: names('Harbour Kite', '港湾风筝', 'ว่าวฮาร์เบอร์'), sales: 50 },
  { id: 3, searchText: names('Nordvik Smartphone Case', '诺德维克手机壳', 'เคสโทรศัพท์'), sales: 30 },
  { id: 4, searchText: names('Wireless Earphones', '无线耳机', 'หูฟังไร้สาย'), sales: 5 },
];
const shops = [
  { id: 1, searchText: names('Nordvik Official Store', '诺德维克官方旗舰店', 'ร้านทางการ Nordvik'), sales: 7 },
  { id: 2, searchText: names('Lumio Official Store', 'Lumio官方旗舰店', 'ร้านทางการ Lumio'), sales: 9 },
];
const index = new SearchIndex(products, shops);
const search = (query: string) => index.search(normaliseSearch(query), { products: 20, shops: 5 });

describe('SearchIndex', () => {
  it('pads trigrams as pg_trgm does, so a word start counts', () => {
    expect([...trigramsOf('kite')]).toEqual(['  k', ' ki', 'kit', 'ite', 'te ']);
  });

  it('ranks whole-substring hits first, then by sales', () => {
    expect(search('smartphone').products).toEqual([3, 1]);
    expect(search('SMARTPHONE').products).toEqual([3, 1]);
  });

  it('finds a partial word and a phrase as substrings', () => {
    expect(search('smar').products).toEqual([3, 1]);
    expect(search('harbour kite').products).toEqual([2]);
  });

  it('forgives a dropped or changed letter in a Latin word, ranked after exact hits', () => {
    expect(search('smartphnoe').products).toEqual([3, 1]);
    expect(search('nordvk').shops).toEqual([1]);
    expect(search('harbor kite').products).toEqual([2]);
  });

  it('finds CJK and Thai by a few of their characters', () => {
    expect(search('手机').products).toEqual([3, 1]);
    expect(search('耳机').products).toEqual([4]);
    expect(search('หูฟัง').products).toEqual([4]);
    expect(search('ร้านทาง').shops).toEqual([2, 1]);
  });

  it('matches queries under three characters by substring only, and unrelated words not at all', () => {
    expect(search('5g').products).toEqual([1]);
    expect(search('zzqqxx')).toEqual({ products: [], shops: [] });
    expect(search('%')).toEqual({ products: [], shops: [] });
  });

  it('keeps to the limits', () => {
    expect(index.search('o', { products: 2, shops: 1 })).toEqual({ products: [2, 3], shops: [2] });
  });
});
