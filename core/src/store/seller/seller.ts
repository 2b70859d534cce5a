import {
  Dec,
  DomainError,
  type Locale,
  type ProductInput,
  planStoreOrderAction,
  type SellerProduct,
  type SellerShop,
  type StoreOrder,
} from '@bourse/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { type FulfilmentDeps, shipLocked } from '../autoFulfilment.ts';
import { mainImageUrl, shopCardColumns, toShopCard } from '../catalogue.ts';
import { shopOwnedBy } from '../merchants/merchants.ts';
import { storeOrders } from '../orderSchema.ts';
import { lockOrders, orderViews } from '../orders.ts';
import { picturesOf } from '../pictures/pictures.ts';
import { storeRefunds } from '../refunds/schema.ts';
import { storeProductSpecs, storeProducts, storeShops } from '../schema.ts';
import { inEveryLanguage, searchTextOf } from '../searchText.ts';
import type { StockGate } from '../stockGate.ts';

/**
 * The seller console's domain: every function takes the caller's own shop id (requireShop), and
 * looks a product, order or refund up by its id AND that shop, so another shop's is not found.
 */

export async function requireShop(db: Db, userId: string): Promise<number> {
  const shopId = await shopOwnedBy(db, userId);
  if (shopId === null) throw new DomainError('seller.notSeller');
  return shopId;
}

/** Paid, unshipped, open orders: what the shop has to ship. */
const toShip = (shopId: number) =>
  and(
    eq(storeOrders.shopId, shopId),
    eq(storeOrders.payment, 'paid'),
    eq(storeOrders.fulfilment, 'unfulfilled'),
    eq(storeOrders.closure, 'open'),
  ) as SQL;

const ordersOfShop = (db: Db, shopId: number) =>
  db.select({ id: storeOrders.id }).from(storeOrders).where(eq(storeOrders.shopId, shopId));

export async function sellerShop(db: Db, shopId: number, locale: Locale): Promise<SellerShop> {
  const [[shop], productCount, shipCount, openRefunds] = await Promise.all([
    db.select(shopCardColumns).from(storeShops).where(eq(storeShops.id, shopId)),
    db.$count(storeProducts, eq(storeProducts.shopId, shopId)),
    db.$count(storeOrders, toShip(shopId)),
    db.$count(
      storeRefunds,
      and(
        inArray(storeRefunds.state, ['requested', 'returning']),
        inArray(storeRefunds.orderId, ordersOfShop(db, shopId)),
      ),
    ),
  ]);
  if (!shop) throw new DomainError('seller.notSeller');
  return {
    ...toShopCard(shop, locale),
    productCount,
    toShip: shipCount,
    openRefunds,
  };
}

async function productViews(db: Db, rows: (typeof storeProducts.$inferSelect)[]): Promise<SellerProduct[]> {
  const ids = rows.map((r) => r.id);
  const [specs, pictures] = await Promise.all([
    rows.length === 0
      ? []
      : db
          .select()
          .from(storeProductSpecs)
          .where(inArray(storeProductSpecs.productId, ids))
          .orderBy(storeProductSpecs.productId, storeProductSpecs.position),
    picturesOf(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    name: row.name,
    description: row.description,
    price: row.price,
    sales: row.sales,
    imageUrl: mainImageUrl(row.id, row.mainPicture),
    pictures: pictures.filter((p) => p.productId === row.id).map(({ id, url }) => ({ id, url })),
    onSale: row.delistedAt === null,
    specs: specs
      .filter((s) => s.productId === row.id)
      .map((s) => ({ id: s.id, kind: s.kind, label: s.label.en, price: s.price, stock: s.stock })),
  }));
}

export async function sellerProducts(
  db: Db,
  shopId: number,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const where = eq(storeProducts.shopId, shopId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(storeProducts)
      .where(where)
      .orderBy(desc(storeProducts.createdAt), desc(storeProducts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(storeProducts, where),
  ]);
  return { items: await productViews(db, rows), page, pageSize, total };
}

export async function sellerProduct(db: Db, shopId: number, id: number): Promise<SellerProduct> {
  const rows = await db
    .select()
    .from(storeProducts)
    .where(and(eq(storeProducts.id, id), eq(storeProducts.shopId, shopId)));
  const [view] = await productViews(db, rows);
  if (!view) throw new DomainError('seller.productNotFound');
  return view;
}

const lowestPrice = (prices: readonly string[]) => Dec.min(...prices).toFixed(2);

/** The product's columns the seller's input decides. */
function productColumns(input: ProductInput) {
  return {
    category: input.category,
    name: input.name,
    description: input.description,
    searchText: searchTextOf(input.name),
  };
}

/** A new product of the seller's shop, in the catalogue and search at once, as seeded ones are. */
export async function createProduct(db: Db, shopId: number, input: ProductInput): Promise<SellerProduct> {
  const id = await db.transaction(async (tx) => {
    const [product] = await tx
      .insert(storeProducts)
      .values({
        shopId,
        ...productColumns(input),
        price: lowestPrice(input.specs.map((s) => s.price)),
        rating: '0.0',
        imageHue: (input.name.en.length * 47 + shopId * 13) % 360,
      })
      .returning({ id: storeProducts.id });
    if (!product) throw new Error('product insert returned no row');
    await tx.insert(storeProductSpecs).values(
      input.specs.map((spec, position) => ({
        productId: product.id,
        kind: spec.kind,
        label: inEveryLanguage(spec.label),
        price: spec.price,
        stock: spec.stock,
        position,
      })),
    );
    return product.id;
  });
  return sellerProduct(db, shopId, id);
}

/**
 * Edits a product of the seller's shop under its row lock: texts and category, the listed specs
 * by id (each must be the product's), new specs added after them. Specs are never deleted, as
 * carts and orders refer to them: a stock of 0 takes one off sale. The product's price is kept
 * the lowest of all its specs.
 *
 * An existing spec's stock moves by what the seller typed minus what the editor loaded
 * (`stockWas`), under the spec's row lock, the one a checkout's decrement takes: units sold while
 * the editor was open stay sold. A difference that would take the stock below 0 is refused
 * (`seller.stockChanged`, 409) and nothing is written. The stock gate moves by the same
 * differences after the commit, as it does for units a cancelled order returns.
 */
export async function editProduct(
  deps: { db: Db; stockGate: StockGate },
  shopId: number,
  id: number,
  input: ProductInput,
  locale: Locale,
): Promise<SellerProduct> {
  const changes = await deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(and(eq(storeProducts.id, id), eq(storeProducts.shopId, shopId)))
      .for('update');
    if (!product) throw new DomainError('seller.productNotFound');
    const existing = await tx
      .select({
        id: storeProductSpecs.id,
        stock: storeProductSpecs.stock,
        label: storeProductSpecs.label,
      })
      .from(storeProductSpecs)
      .where(eq(storeProductSpecs.productId, id))
      .orderBy(asc(storeProductSpecs.id))
      .for('update');
    const known = new Map(existing.map((s) => [s.id, s]));
    if (input.specs.some((s) => s.id !== undefined && !known.has(s.id)))
      throw new DomainError('seller.badSpec');
    const moved: { specId: number; quantity: number }[] = [];
    let position = existing.length;
    for (const spec of input.specs) {
      const columns = { kind: spec.kind, label: inEveryLanguage(spec.label), price: spec.price };
      const now = spec.id === undefined ? undefined : known.get(spec.id);
      if (now === undefined) {
        await tx.insert(storeProductSpecs).values({ ...columns, stock: spec.stock, productId: id, position });
        position += 1;
        continue;
      }
      const difference = spec.stock - (spec.stockWas ?? spec.stock);
      if (now.stock + difference < 0)
        throw new DomainError('seller.stockChanged', { spec: now.label[locale], left: now.stock });
      await tx
        .update(storeProductSpecs)
        .set({ ...columns, stock: sql`${storeProductSpecs.stock} + ${difference}` })
        .where(eq(storeProductSpecs.id, now.id));
      moved.push({ specId: now.id, quantity: difference });
    }
    const prices = await tx
      .select({ price: storeProductSpecs.price })
      .from(storeProductSpecs)
      .where(eq(storeProductSpecs.productId, id));
    await tx
      .update(storeProducts)
      .set({ ...productColumns(input), price: lowestPrice(prices.map((p) => p.price)) })
      .where(eq(storeProducts.id, id));
    return moved;
  });
  await deps.stockGate.restock(changes);
  return sellerProduct(deps.db, shopId, id);
}

/**
 * Takes one of the shop's products off sale, or puts it back: lists, search, recommendations and
 * checkout read `delisted_at`; carts keep their lines (shown unavailable) and orders their lines.
 * Delisting twice keeps the first time.
 */
export async function setOnSale(db: Db, shopId: number, id: number, onSale: boolean): Promise<SellerProduct> {
  const [row] = await db
    .update(storeProducts)
    .set({ delistedAt: onSale ? null : sql`coalesce(${storeProducts.delistedAt}, now())` })
    .where(and(eq(storeProducts.id, id), eq(storeProducts.shopId, shopId)))
    .returning({ id: storeProducts.id });
  if (!row) throw new DomainError('seller.productNotFound');
  return sellerProduct(db, shopId, id);
}

export async function ordersToShip(
  db: Db,
  shopId: number,
  locale: Locale,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const where = toShip(shopId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: storeOrders.id })
      .from(storeOrders)
      .where(where)
      .orderBy(asc(storeOrders.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(storeOrders, where),
  ]);
  const items = await orderViews(
    db,
    rows.map((r) => r.id),
    locale,
  );
  return { items, page, pageSize, total };
}

/**
 * The seller marks one of its shop's paid orders shipped: the same ship step the automatic
 * fulfilment takes (shipLocked), under the order's row lock, so a second click or the timer
 * after it finds the order shipped (409).
 */
export async function shipForSeller(
  deps: Pick<FulfilmentDeps, 'db' | 'logistics'>,
  shopId: number,
  orderId: string,
  locale: Locale,
  now = new Date(),
): Promise<StoreOrder> {
  await deps.db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId]);
    if (!order || order.shopId !== shopId) throw new DomainError('seller.orderNotFound');
    if (!planStoreOrderAction(order, 'ship')) throw new DomainError('seller.cannotShip');
    await shipLocked(deps.logistics, tx, order, now);
  });
  const [view] = await orderViews(deps.db, [orderId], locale);
  if (!view) throw new Error('shipped order vanished');
  return view;
}

/** A refund of the seller's shop, or not found: what the seller's answers check first. */
export async function requireShopRefund(db: Db, shopId: number, refundId: string): Promise<void> {
  const [found] = await db
    .select({ id: storeRefunds.id })
    .from(storeRefunds)
    .innerJoin(storeOrders, eq(storeOrders.id, storeRefunds.orderId))
    .where(and(eq(storeRefunds.id, refundId), eq(storeOrders.shopId, shopId)));
  if (!found) throw new DomainError('seller.refundNotFound');
}
