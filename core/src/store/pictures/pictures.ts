import { createHash } from 'node:crypto';
import { DomainError, MAX_PRODUCT_PICTURES, type PictureSlot } from '@bourse/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { SniffedType } from '../../platform/fileType.ts';
import { stripImageMetadata } from '../../platform/imageMetadata.ts';
import { storeProducts } from '../schema.ts';
import { storeProductPictures } from './schema.ts';

const EXTENSIONS: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** An uploaded picture's public URL: its content's hash names it, so it never shows anything else. */
export const uploadedPictureUrl = (file: string) => `/api/store/images/picture/${file}`;

const fileName = (p: { contentHash: string; mimeType: string }) =>
  `${p.contentHash}.${EXTENSIONS[p.mimeType as SniffedType]}`;

export interface NewPicture {
  mimeType: SniffedType;
  buffer: Buffer;
}

/** The uploaded pictures of these products, in their order, with their public URLs. */
export async function picturesOf(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      id: storeProductPictures.id,
      productId: storeProductPictures.productId,
      mimeType: storeProductPictures.mimeType,
      contentHash: storeProductPictures.contentHash,
    })
    .from(storeProductPictures)
    .where(inArray(storeProductPictures.productId, [...productIds]))
    .orderBy(asc(storeProductPictures.productId), asc(storeProductPictures.position));
  return rows.map((r) => ({ id: r.id, productId: r.productId, url: uploadedPictureUrl(fileName(r)) }));
}

/**
 * Sets the pictures of a product of the seller's shop (another shop's is not found) to `order`: kept pictures (by id, each the product's own) and the new
 * files (`+n`, each used once) in the order the seller chose; a kept picture left out is removed.
 * New files are stripped of their metadata first. Runs under the product's row lock, and keeps
 * the product's main picture (the first) beside it. Any refusal writes nothing.
 */
export async function setProductPictures(
  db: Db,
  shopId: number,
  productId: number,
  order: readonly PictureSlot[],
  files: readonly NewPicture[],
): Promise<void> {
  if (order.length > MAX_PRODUCT_PICTURES || files.length > MAX_PRODUCT_PICTURES)
    throw new DomainError('seller.tooManyPictures');
  const newSlots = order.filter((s) => s.kind === 'new').map((s) => s.file);
  const everyFileOnce =
    new Set(newSlots).size === newSlots.length &&
    newSlots.length === files.length &&
    newSlots.every((n) => n < files.length);
  if (!everyFileOnce) throw new DomainError('seller.badPictureOrder');
  const stripped = files.map((f) => {
    const content = stripImageMetadata(f.buffer, f.mimeType);
    if (!content) throw new DomainError('seller.pictureBadType');
    return { mimeType: f.mimeType, content, contentHash: createHash('sha256').update(content).digest('hex') };
  });
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(and(eq(storeProducts.id, productId), eq(storeProducts.shopId, shopId)))
      .for('update');
    if (!product) throw new DomainError('seller.productNotFound');
    const existing = await tx
      .select({ id: storeProductPictures.id })
      .from(storeProductPictures)
      .where(eq(storeProductPictures.productId, productId));
    const known = new Set(existing.map((p) => p.id));
    const kept = order.flatMap((s) => (s.kind === 'kept' ? [s.id] : []));
    if (new Set(kept).size !== kept.length || kept.some((id) => !known.has(id)))
      throw new DomainError('seller.badPictureOrder');
    const removed = existing.filter((p) => !kept.includes(p.id)).map((p) => p.id);
    if (removed.length > 0)
      await tx.delete(storeProductPictures).where(inArray(storeProductPictures.id, removed));
    let main: string | null = null;
    for (const [position, slot] of order.entries()) {
      if (slot.kind === 'kept') {
        const [row] = await tx
          .update(storeProductPictures)
          .set({ position })
          .where(and(eq(storeProductPictures.id, slot.id), eq(storeProductPictures.productId, productId)))
          .returning({
            mimeType: storeProductPictures.mimeType,
            contentHash: storeProductPictures.contentHash,
          });
        if (position === 0 && row) main = fileName(row);
      } else {
        const picture = stripped[slot.file] as (typeof stripped)[number];
        await tx.insert(storeProductPictures).values({ productId, position, ...picture });
        if (position === 0) main = fileName(picture);
      }
    }
    await tx.update(storeProducts).set({ mainPicture: main }).where(eq(storeProducts.id, productId));
  });
}

/** An uploaded picture by its file name (`<hash>.<ext>`), or undefined. */
export async function pictureByFile(db: Db, file: string) {
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(file);
  if (!match) return undefined;
  const [picture] = await db
    .select({ mimeType: storeProductPictures.mimeType, content: storeProductPictures.content })
    .from(storeProductPictures)
    .where(eq(storeProductPictures.contentHash, match[1] as string))
    .limit(1);
  return picture && EXTENSIONS[picture.mimeType as SniffedType] === match[2] ? picture : undefined;
}
