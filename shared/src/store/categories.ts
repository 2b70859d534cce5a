/** The spec's ten storefront categories, in the order the home grid shows them. */
export const STORE_CATEGORIES = [
  'computer',
  'electrical',
  'outdoors',
  'family',
  'health',
  'menswear',
  'womenswear',
  'food',
  'phone',
  'toys',
] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];

/** How a product list may be ordered; `sales` (best-selling first) is the default. */
export const STORE_SORTS = ['sales', 'priceAsc', 'priceDesc', 'newest', 'rating'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** What a product's specs vary by. */
export const SPEC_KINDS = ['size', 'colour', 'capacity'] as const;
export type SpecKind = (typeof SPEC_KINDS)[number];
