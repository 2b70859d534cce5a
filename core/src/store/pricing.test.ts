import { Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { freightFor, type Promo, priceByShop, promoDiscount, splitDiscount } from './pricing.ts';

const d = (v: string | number) => new Dec(v);
const strings = (ds: Dec[]) => ds.map((x) => x.toFixed(2));

const promo = (p: Partial<Promo> = {}): Promo => ({
  code: 'SAVE10',
  kind: 'percent',
  value: d(10),
  minSpend: d(50),
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  perUserLimit: 1,
  ...p,
});
const now = new Date('2026-11-27T12:00:00Z');

describe('freight', () => {
  it('charges the flat rate below the threshold and nothing from it', () => {
    const rule = { flat: d('6.90'), freeOver: d(99) };
    expect(freightFor(rule, d('98.99')).toFixed(2)).toBe('6.90');
    expect(freightFor(rule, d(99)).toFixed(2)).toBe('0.00');
    expect(freightFor({ flat: d('3.00'), freeOver: null }, d(1000)).toFixed(2)).toBe('3.00');
  });
});

describe('promo codes', () => {
  it('takes a percentage rounded half up to the cent, or an amount, never more than the subtotal', () => {
    // 10% of 123.45 = 12.345 → 12.35
    expect(promoDiscount(promo(), d('123.45'), 0, now).toFixed(2)).toBe('12.35');
    expect(
      promoDiscount(promo({ kind: 'amount', value: d(5), minSpend: d(0) }), d('3.20'), 0, now).toFixed(2),
    ).toBe('3.20');
  });

  it.each([
    [
      'before its window',
      promo({ startsAt: new Date('2026-12-01T00:00:00Z') }),
      d(100),
      0,
      'promo.notStarted',
    ],
    ['after its window', promo({ endsAt: new Date('2026-11-27T00:00:00Z') }), d(100), 0, 'promo.expired'],
    ['below the minimum spend', promo(), d('49.99'), 0, 'promo.minSpend'],
    ['over the per-user limit', promo({ perUserLimit: 2 }), d(100), 2, 'promo.usedUp'],
  ] as const)('refuses %s', (_, p, subtotal, used, key) => {
    expect(() => promoDiscount(p, subtotal, used, now)).toThrow(expect.objectContaining({ key }));
  });
});

describe('the discount split over shops', () => {
  it('splits in proportion, rounding down, the cents left to the largest shop', () => {
    // 10.00 over 33.33 / 33.33 / 33.34: 3.333.. → 3.33, 3.33, 3.3340.. → 3.33; 0.01 left → the 33.34 shop
    expect(strings(splitDiscount([d('33.33'), d('33.33'), d('33.34')], d(10)))).toEqual([
      '3.33',
      '3.33',
      '3.34',
    ]);
  });

  it('never gives a shop more than its subtotal', () => {
    expect(strings(splitDiscount([d('0.01'), d('9.99')], d(10)))).toEqual(['0.01', '9.99']);
  });
});

describe('totals by shop', () => {
  it('adds lines per shop, freight per shop, and the discount share', () => {
    const lines = [
      { shopId: 1, unitPrice: d('19.99'), quantity: 2 },
      { shopId: 2, unitPrice: d('120.00'), quantity: 1 },
      { shopId: 1, unitPrice: d('5.00'), quantity: 1 },
    ];
    const freight = new Map([
      [1, { flat: d('4.50'), freeOver: d(99) }],
      [2, { flat: d('8.00'), freeOver: d(99) }],
    ]);
    // shop 1: 39.98 + 5.00 = 44.98, freight 4.50; shop 2: 120.00, free. Discount 16.50 over 164.98:
    // 44.98 × 16.5 / 164.98 = 4.4985.. → 4.49; 120 × 16.5 / 164.98 = 12.0014.. → 12.00; 0.01 left → shop 2.
    const totals = priceByShop(lines, freight, d('16.50'));
    expect(totals.map((t) => [t.shopId, ...strings([t.subtotal, t.freight, t.discount, t.total])])).toEqual([
      [1, '44.98', '4.50', '4.49', '44.99'],
      [2, '120.00', '0.00', '12.01', '107.99'],
    ]);
  });
});
