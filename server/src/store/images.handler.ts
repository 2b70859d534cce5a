import { GALLERY_VIEWS } from '@bourse/core/store/detail.ts';
import { productSvg, shopLogoSvg } from '@bourse/core/store/images.ts';
import { pictureByFile } from '@bourse/core/store/pictures/pictures.ts';
import { storeProducts, storeShops } from '@bourse/core/store/schema.ts';
import { DomainError, STORE_CATEGORIES, type StoreCategory } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { AppContext } from '../platform/appContext.ts';

export const PRODUCT_IMAGE_PATH = '/store/images/product/:file';
export const SHOP_LOGO_PATH = '/store/images/shop/:file';
export const CATEGORY_IMAGE_PATH = '/store/images/category/:file';
export const UPLOADED_PICTURE_PATH = '/store/images/picture/:file';

// A picture never changes for its id, so browsers and proxies may keep it for a year.
const IMAGE_HEADERS = {
  'Content-Type': 'image/svg+xml',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** Sends a public picture someone uploaded, as itself; it never changes for its URL. */
export function sendPublicPicture(res: Response, picture: { mimeType: string; content: Buffer }): void {
  res
    .set({
      'Content-Type': picture.mimeType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(picture.content);
}

function parseFile(file: unknown): { id: number; view: number } {
  const match = /^([1-9]\d{0,9})(?:-([0-9]))?\.svg$/.exec(typeof file === 'string' ? file : '');
  const id = Number(match?.[1]);
  const view = Number(match?.[2] ?? 0);
  if (!match || id > 2_147_483_647 || view >= GALLERY_VIEWS) throw new DomainError('common.notFound');
  return { id, view };
}

/** GET /api/store/images/product/:id(-view).svg: the product's generated picture. */
export function productImageHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const { id, view } = parseFile(req.params.file);
    const [product] = await app.db
      .select({ category: storeProducts.category, hue: storeProducts.imageHue })
      .from(storeProducts)
      .where(eq(storeProducts.id, id));
    if (!product) throw new DomainError('common.notFound');
    res.set(IMAGE_HEADERS).send(productSvg({ id, ...product }, view));
  };
}

/**
 * GET /api/store/images/picture/:hash.:ext: a product picture its seller uploaded, named by the
 * hash of its content, for <img src> without a token (products are public).
 */
export function uploadedPictureHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const picture = await pictureByFile(app.db, typeof req.params.file === 'string' ? req.params.file : '');
    if (!picture) throw new DomainError('common.notFound');
    sendPublicPicture(res, picture);
  };
}

/** GET /api/store/images/shop/:id.svg: the shop's generated logo. */
export function shopLogoHandler(app: AppContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const { id, view } = parseFile(req.params.file);
    if (view !== 0) throw new DomainError('common.notFound');
    const [shop] = await app.db
      .select({ hue: storeShops.logoHue, name: storeShops.name })
      .from(storeShops)
      .where(eq(storeShops.id, id));
    if (!shop) throw new DomainError('common.notFound');
    res
      .set(IMAGE_HEADERS)
      .send(shopLogoSvg({ hue: shop.hue, initial: shop.name.en.charAt(0).toUpperCase() }));
  };
}

/** GET /api/store/images/category/:key.svg: the category's tile on the home grid. */
export function categoryImageHandler(req: Request, res: Response): void {
  const key = /^([a-z]+)\.svg$/.exec(typeof req.params.file === 'string' ? req.params.file : '')?.[1];
  const index = STORE_CATEGORIES.indexOf(key as StoreCategory);
  if (index < 0) throw new DomainError('common.notFound');
  const category = STORE_CATEGORIES[index] as StoreCategory;
  res.set(IMAGE_HEADERS).send(productSvg({ id: index + 1, category, hue: index * 36 }, 0));
}
