import {
  type Cart,
  type CartLine,
  DomainError,
  type Locale,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from '@bourse/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { mainImageUrl, specLineColumns } from './catalogue.ts';
import { storeCartLines } from './orderSchema.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';

/** The user's cart with today's price and stock of each spec beside the price when it was added. */
export async function readCart(db: Db, userId: string, locale: Locale): Promise<Cart> {
  const rows = await db
    .select({
      ...specLineColumns,
      quantity: storeCartLines.quantity,
      selected: storeCartLines.selected,
      priceWhenAdded: storeCartLines.priceWhenAdded,
    })
    .from(storeCartLines)
    .innerJoin(storeProductSpecs, eq(storeProductSpecs.id, storeCartLines.specId))
    .innerJoin(storeProducts, eq(storeProducts.id, storeProductSpecs.productId))
    .innerJoin(storeShops, eq(storeShops.id, storeProducts.shopId))
    .where(eq(storeCartLines.userId, userId))
    .orderBy(storeShops.id, desc(storeCartLines.addedAt), storeCartLines.specId);
  return {
    lines: rows.map(
      (r): CartLine => ({
        specId: r.specId,
        productId: r.productId,
        shopId: r.shopId,
        shopName: r.shopName[locale],
        name: r.name[locale],
        specLabel: r.label[locale],
        imageUrl: mainImageUrl(r.productId, r.mainPicture),
        quantity: r.quantity,
        selected: r.selected,
        price: r.price,
        priceWhenAdded: r.priceWhenAdded,
        stock: r.stock,
        onSale: r.delistedAt === null,
      }),
    ),
  };
}

async function specStock(db: Db, specIds: number[]) {
  const rows = await db
    .select({
      id: storeProductSpecs.id,
      stock: storeProductSpecs.stock,
      price: storeProductSpecs.price,
      name: storeProducts.name,
      delistedAt: storeProducts.delistedAt,
    })
    .from(storeProductSpecs)
    .innerJoin(storeProducts, eq(storeProducts.id, storeProductSpecs.productId))
    .where(inArray(storeProductSpecs.id, specIds.length > 0 ? specIds : [0]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a line may hold: what is in stock, at most 99. */
const clamp = (wanted: number, stock: number) => Math.min(wanted, stock, MAX_LINE_QUANTITY);

/**
 * Adds quantities to the cart, line by line, each clamped to stock: the device cart merged at
 * login, or one spec from the product page. A spec out of stock is refused when added alone
 * and skipped in a merge; a cart of 100 lines takes no new ones.
 */
export async function addToCart(
  db: Db,
  userId: string,
  lines: readonly { specId: number; quantity: number }[],
  { merge, locale }: { merge: boolean; locale: Locale },
): Promise<void> {
  const stock = await specStock(
    db,
    lines.map((l) => l.specId),
  );
  await db.transaction(async (tx) => {
    // One cart at a time per user: the lock orders two tabs adding at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`store-cart:${userId}`}))`);
    const held = new Map(
      (
        await tx
          .select({ specId: storeCartLines.specId, quantity: storeCartLines.quantity })
          .from(storeCartLines)
          .where(eq(storeCartLines.userId, userId))
      ).map((r) => [r.specId, r.quantity]),
    );
    for (const line of lines) {
      const spec = stock.get(line.specId);
      if (!spec) {
        if (merge) continue;
        throw new DomainError('store.unknownSpec');
      }
      if (spec.delistedAt !== null) {
        if (merge) continue;
        throw new DomainError('store.notOnSale', { name: spec.name[locale] });
      }
      const quantity = clamp((held.get(line.specId) ?? 0) + line.quantity, spec.stock);
      if (quantity < 1) {
        if (merge) continue;
        throw new DomainError('store.soldOut', { name: spec.name[locale], left: 0 });
      }
      if (!held.has(line.specId) && held.size >= MAX_CART_LINES) {
        if (merge) continue;
        throw new DomainError('store.cartFull');
      }
      held.set(line.specId, quantity);
      await tx
        .insert(storeCartLines)
        .values({ userId, specId: line.specId, quantity, priceWhenAdded: spec.price })
        .onConflictDoUpdate({
          target: [storeCartLines.userId, storeCartLines.specId],
          set: { quantity, selected: true },
        });
    }
  });
}

/** Sets a line's quantity (clamped to stock, at least 1) or its selection. */
export async function updateCartLine(
  db: Db,
  userId: string,
  change: { specId: number; quantity?: number | undefined; selected?: boolean | undefined },
): Promise<void> {
  const spec = (await specStock(db, [change.specId])).get(change.specId);
  const set: Partial<typeof storeCartLines.$inferInsert> = {};
  if (change.quantity !== undefined) set.quantity = Math.max(1, clamp(change.quantity, spec?.stock ?? 0));
  if (change.selected !== undefined) set.selected = change.selected;
  if (Object.keys(set).length === 0) throw new DomainError('common.validation');
  const updated = await db
    .update(storeCartLines)
    .set(set)
    .where(and(eq(storeCartLines.userId, userId), eq(storeCartLines.specId, change.specId)))
    .returning({ specId: storeCartLines.specId });
  if (updated.length === 0) throw new DomainError('store.unknownSpec');
}

export async function removeFromCart(db: Db, userId: string, specIds: readonly number[]): Promise<void> {
  await db
    .delete(storeCartLines)
    .where(and(eq(storeCartLines.userId, userId), inArray(storeCartLines.specId, [...specIds])));
}
