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
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { type FulfilmentDeps, shipLocked } from '../autoFulfilment.ts';
import { productImageUrl, shopCardColumns, toShopCard } from '../catalogue.ts';
import { shopOwnedBy } from '../merchants/merchants.ts';
import { storeOrders } from '../orderSchema.ts';
import { lockOrders, orderViews } from '../orders.ts';
import { storeRefunds } from '../refunds/schema.ts';
import { storeProductSpecs, storeProducts, storeShops } from '../schema.ts';
import { inEveryLanguage, searchTextOf } from '../searchText.ts';

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
  const specs =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(storeProductSpecs)
          .where(
            inArray(
              storeProductSpecs.productId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(storeProductSpecs.productId, storeProductSpecs.position);
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    name: row.name,
    description: row.description,
    price: row.price,
    sales: row.sales,
    imageUrl: productImageUrl(row.id),
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
 */
export async function editProduct(
  db: Db,
  shopId: number,
  id: number,
  input: ProductInput,
): Promise<SellerProduct> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(and(eq(storeProducts.id, id), eq(storeProducts.shopId, shopId)))
      .for('update');
    if (!product) throw new DomainError('seller.productNotFound');
    const existing = await tx
      .select({ id: storeProductSpecs.id, position: storeProductSpecs.position })
      .from(storeProductSpecs)
      .where(eq(storeProductSpecs.productId, id))
      .orderBy(asc(storeProductSpecs.position));
    const known = new Set(existing.map((s) => s.id));
    if (input.specs.some((s) => s.id !== undefined && !known.has(s.id)))
      throw new DomainError('seller.badSpec');
    let position = existing.length;
    for (const spec of input.specs) {
      const columns = {
        kind: spec.kind,
        label: inEveryLanguage(spec.label),
        price: spec.price,
        stock: spec.stock,
      };
      if (spec.id === undefined) {
        await tx.insert(storeProductSpecs).values({ ...columns, productId: id, position });
        position += 1;
      } else {
        await tx.update(storeProductSpecs).set(columns).where(eq(storeProductSpecs.id, spec.id));
      }
    }
    const prices = await tx
      .select({ price: storeProductSpecs.price })
      .from(storeProductSpecs)
      .where(eq(storeProductSpecs.productId, id));
    await tx
      .update(storeProducts)
      .set({ ...productColumns(input), price: lowestPrice(prices.map((p) => p.price)) })
      .where(eq(storeProducts.id, id));
  });
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
