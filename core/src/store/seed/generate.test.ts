import { Dec, LOCALES, STORE_CATEGORIES } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED, generateCatalogue } from './generate.ts';

describe('the demo catalogue generator', () => {
  const catalogue = generateCatalogue(DEMO_SEED);

  it('makes the same catalogue for the same seed, and another for another seed', () => {
    expect(generateCatalogue(DEMO_SEED)).toEqual(catalogue);
    expect(generateCatalogue(DEMO_SEED + 1).products[0]?.name).not.toEqual(catalogue.products[0]?.name);
  });

  it('makes 30 shops of 50 products across all ten categories', () => {
    expect(catalogue.shops).toHaveLength(30);
    expect(catalogue.products).toHaveLength(1500);
    expect(new Set(catalogue.products.map((p) => p.category))).toEqual(new Set(STORE_CATEGORIES));
    expect(catalogue.products.map((p) => p.id)).toEqual(catalogue.products.map((_, i) => i + 1));
  });

  it('names and describes every product and shop in all seven languages', () => {
    for (const text of [
      ...catalogue.products.flatMap((p) => [p.name, p.description]),
      ...catalogue.shops.map((s) => s.name),
      ...catalogue.specs.map((s) => s.label),
    ]) {
      expect(Object.keys(text).sort()).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) expect(text[locale].trim().length).toBeGreaterThan(0);
    }
    const first = catalogue.products[0];
    expect(new Set(LOCALES.map((l) => first?.description[l])).size).toBe(7);
  });

  it('prices a product at its cheapest spec, with two-decimal USD and stock never negative', () => {
    for (const product of catalogue.products) {
      const specs = catalogue.specs.filter((s) => s.productId === product.id);
      expect(specs.length).toBeGreaterThanOrEqual(2);
      expect(Dec.min(...specs.map((s) => s.price)).toFixed(2)).toBe(product.price);
      for (const spec of specs) {
        expect(spec.price).toMatch(/^\d+\.\d{2}$/);
        expect(spec.stock).toBeGreaterThanOrEqual(0);
      }
    }
    expect(catalogue.specs.some((s) => s.stock === 0)).toBe(true);
  });

  it('adds up each shop’s sales from its products', () => {
    for (const shop of catalogue.shops) {
      const sold = catalogue.products.filter((p) => p.shopId === shop.id).reduce((n, p) => n + p.sales, 0);
      expect(shop.sales).toBe(sold);
    }
  });
});
