import { randomUUID } from 'node:crypto';
import {
  applyStoreOrderAction,
  type CheckoutInput,
  type CheckoutQuote,
  Dec,
  DomainError,
  type Locale,
  type StoreOrder,
} from '@bourse/shared';
import type { Queue } from 'bullmq';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { checkPayPassword, type PayPasswordContext } from '../identity/index.ts';
import { checkViolated, type Db, transactionWithFinalCommit } from '../platform/database.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import { addressOf } from './addresses.ts';
import { scheduleAutoStep } from './autoFulfilment.ts';
import { specLineColumns } from './catalogue.ts';
import { scheduleExpiry } from './expiryQueue.ts';
import {
  storeCartLines,
  storeCheckouts,
  storeOrderEvents,
  storeOrderLines,
  storeOrders,
  storePayments,
  storePromoCodes,
} from './orderSchema.ts';
import { lineView, lockOrders, orderViews, toOrderViews, transitionWrites } from './orders.ts';
import { type FreightRule, priceByShop, promoDiscount, type ShopTotals } from './pricing.ts';
import { type Localised, STOCK_CHECK, storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import type { StockGate } from './stockGate.ts';
import { lockWallet, readWalletBalance, walletEntryWrites } from './wallet.ts';

/** What checkout and payment need: the database, the stock gate, the payment password, the expiry queue and its delay. */
export interface CheckoutDeps {
  db: Db;
  /** Where payments read and write: connections of their own (Database.paymentDb). */
  paymentDb: Db;
  stockGate: StockGate;
  payPassword: PayPasswordContext;
  expiryQueue: Queue;
  orderTtlMs: number;
  /** Where a paid order's automatic shipment is queued, and after how long (autoFulfilment). */
  fulfilmentQueue: Queue;
  autoShipMs: number;
}

type Item = { specId: number; quantity: number };

/** The specs asked for with their product, shop and freight rule; an unknown one is refused. */
async function loadSpecs(db: Db, items: readonly Item[]) {
  const rows = await db
    .select({
      ...specLineColumns,
      freightFlat: storeShops.freightFlat,
      freightFreeOver: storeShops.freightFreeOver,
    })
    .from(storeProductSpecs)
    .innerJoin(storeProducts, eq(storeProducts.id, storeProductSpecs.productId))
    .innerJoin(storeShops, eq(storeShops.id, storeProducts.shopId))
    .where(
      inArray(
        storeProductSpecs.id,
        items.map((i) => i.specId),
      ),
    );
  const bySpec = new Map(rows.map((r) => [r.specId, r]));
  return items.map((item) => {
    const spec = bySpec.get(item.specId);
    if (!spec) throw new DomainError('store.unknownSpec');
    return { ...spec, quantity: item.quantity };
  });
}

/**
 * Refuses a product its seller took off sale, naming it. Read before the transaction, as price
 * and stock are: a checkout that read it a moment before the delisting is a sale made just before it.
 */
function refuseDelisted(specs: readonly Spec[], locale: Locale): void {
  const delisted = specs.find((s) => s.delistedAt !== null);
  if (delisted) throw new DomainError('store.notOnSale', { name: delisted.name[locale] });
}
type Spec = Awaited<ReturnType<typeof loadSpecs>>[number];

const soldOut = (spec: Spec, left: number, locale: Locale) =>
  new DomainError('store.soldOut', { name: spec.name[locale], left });

/** How long a product's name is trusted for a sold-out refusal: a flash sale's refusals read no database. */
const NAME_TRUST_MS = 60_000;
/** By database, then spec id: ids are the database's own, and a test process opens several. */
const trustedNamesByDb = new WeakMap<Db, Map<number, { name: Localised; until: number }>>();

/** The product name of a spec, for the sold-out message. */
async function productNameOf(db: Db, specId: number): Promise<Localised> {
  let trustedNames = trustedNamesByDb.get(db);
  if (!trustedNames) {
    trustedNames = new Map();
    trustedNamesByDb.set(db, trustedNames);
  }
  const trusted = trustedNames.get(specId);
  if (trusted && trusted.until > Date.now()) return trusted.name;
  const [row] = await db
    .select({ name: storeProducts.name })
    .from(storeProductSpecs)
    .innerJoin(storeProducts, eq(storeProducts.id, storeProductSpecs.productId))
    .where(eq(storeProductSpecs.id, specId));
  trustedNames.set(specId, { name: row!.name, until: Date.now() + NAME_TRUST_MS });
  return row!.name;
}

/** The promo code's discount on `subtotal` for this user now, or zero without a code. */
async function discountFor(
  db: Db,
  userId: string,
  code: string | undefined,
  subtotal: Dec,
  now: Date,
): Promise<Dec> {
  if (!code) return new Dec(0);
  const [promo] = await db.select().from(storePromoCodes).where(eq(storePromoCodes.code, code));
  if (!promo) throw new DomainError('promo.unknown');
  const [used] = await db
    .select({ n: count() })
    .from(storeCheckouts)
    .where(and(eq(storeCheckouts.userId, userId), eq(storeCheckouts.promoCode, code)));
  return promoDiscount(
    { ...promo, value: new Dec(promo.value), minSpend: new Dec(promo.minSpend) },
    subtotal,
    used?.n ?? 0,
    now,
  );
}

/** Prices specs: totals per shop in the order they first appear, the discount spread over them. */
async function price(db: Db, userId: string, specs: Spec[], code: string | undefined, now: Date) {
  const lines = specs.map((s) => ({ shopId: s.shopId, unitPrice: new Dec(s.price), quantity: s.quantity }));
  const subtotal = lines.reduce((sum, l) => sum.plus(l.unitPrice.times(l.quantity)), new Dec(0));
  const discount = await discountFor(db, userId, code, subtotal, now);
  const freight = new Map<number, FreightRule>(
    specs.map((s) => [
      s.shopId,
      {
        flat: new Dec(s.freightFlat),
        freeOver: s.freightFreeOver === null ? null : new Dec(s.freightFreeOver),
      },
    ]),
  );
  return priceByShop(lines, freight, discount);
}

const sum = (shops: ShopTotals[], key: keyof Omit<ShopTotals, 'shopId'>) =>
  shops.reduce((s, t) => s.plus(t[key]), new Dec(0)).toFixed(2);

const specLineView = (s: Spec, locale: Locale) =>
  lineView(
    { ...s, specLabel: s.label, unitPrice: s.price, subtotal: new Dec(s.price).times(s.quantity).toFixed(2) },
    locale,
  );

/** The checkout page's figures: lines grouped by shop, freight per shop, the promo's discount, totals. */
export async function quoteCheckout(
  db: Db,
  userId: string,
  input: { items: Item[]; promoCode?: string | undefined },
  locale: Locale,
  now = new Date(),
): Promise<CheckoutQuote> {
  const specs = await loadSpecs(db, input.items);
  refuseDelisted(specs, locale);
  const shops = await price(db, userId, specs, input.promoCode, now);
  return {
    shops: shops.map((t) => ({
      shopId: t.shopId,
      shopName: specs.find((s) => s.shopId === t.shopId)!.shopName[locale],
      lines: specs.filter((s) => s.shopId === t.shopId).map((s) => specLineView(s, locale)),
      subtotal: t.subtotal.toFixed(2),
      freight: t.freight.toFixed(2),
      discount: t.discount.toFixed(2),
      total: t.total.toFixed(2),
    })),
    promoCode: input.promoCode ?? null,
    subtotal: sum(shops, 'subtotal'),
    freight: sum(shops, 'freight'),
    discount: sum(shops, 'discount'),
    total: sum(shops, 'total'),
    balance: (await readWalletBalance(db, userId)).toFixed(2),
  };
}

async function replayCheckout(db: Db, userId: string, key: string, hash: string) {
  const [row] = await db
    .select()
    .from(storeCheckouts)
    .where(and(eq(storeCheckouts.userId, userId), eq(storeCheckouts.idempotencyKey, key)));
  return sameRequest(row, hash);
}

async function checkoutResult(db: Db, checkoutId: string, locale: Locale) {
  const ids = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(eq(storeOrders.checkoutId, checkoutId));
  return orderTotal(
    await orderViews(
      db,
      ids.map((r) => r.id),
      locale,
    ),
  );
}

const orderTotal = (orders: StoreOrder[]) => ({
  orders,
  total: orders.reduce((s, o) => s.plus(o.total), new Dec(0)).toFixed(2),
});

const inIdOrder = (specs: readonly Spec[]) => [...specs].sort((a, b) => a.specId - b.specId);

/**
 * The statements that take each spec's units, in spec id order (every checkout locks the rows in
 * that order). Not conditional: the column's CHECK (stock >= 0) refuses a spec short of them, and
 * the refusal aborts the transaction. Each hits its row: the order lines just written reference it.
 */
const stockDecrements = (tx: Db, specs: readonly Spec[]) =>
  inIdOrder(specs).map((spec) =>
    tx
      .update(storeProductSpecs)
      .set({ stock: sql`${storeProductSpecs.stock} - ${spec.quantity}` })
      .where(eq(storeProductSpecs.id, spec.specId)),
  );

/** The first of `specs` with fewer units on the shelf than asked, and what it has. */
function firstShort(specs: readonly Spec[]): { spec: Spec; left: number } | undefined {
  const spec = specs.find((s) => s.stock < s.quantity);
  return spec && { spec, left: spec.stock };
}

/** What a checkout may be told besides its input. */
export interface CheckoutOptions {
  now?: Date;
  /**
   * Called once the stock gate has admitted the checkout, which then holds units: the server lets
   * it past its request limit, so the few admitted buyers of a rush do not queue behind the refused.
   */
  onAdmitted?: () => void;
}

/**
 * Creates one order per shop in one transaction. The stock gate admits the checkout first, so
 * the late buyers of a flash sale are told it is sold out without a transaction; then each
 * line's stock is taken by a decrement that the column's CHECK (stock >= 0) guards, the truth, so
 * concurrent buyers can never take more than there is: the one who finds too little is told it
 * is sold out and nothing of the checkout is written. The decrements end the transaction, sent
 * with its COMMIT in one message, so a hot spec's row stays locked only while the server runs
 * them. The same Idempotency-Key and body answer the first orders.
 */
export async function createOrders(
  deps: CheckoutDeps,
  userId: string,
  input: CheckoutInput,
  key: string,
  locale: Locale,
  { now = new Date(), onAdmitted }: CheckoutOptions = {},
): Promise<{ orders: StoreOrder[]; total: string; replayed: boolean }> {
  const items = [...input.items].sort((a, b) => a.specId - b.specId);
  const hash = requestHash(['checkout', input.addressId, items, input.promoCode ?? null]);
  const replay = async () => {
    const earlier = await replayCheckout(deps.db, userId, key, hash);
    return earlier && { ...(await checkoutResult(deps.db, earlier.id, locale)), replayed: true };
  };
  // The gate first: a flash sale's late buyers are refused with one Redis call, and read the
  // database for a replay only when their key may have checked out before.
  const admission = await deps.stockGate.admit(deps.db, items, { userId, key });
  if (!admission.admitted) {
    const earlier = admission.keyMayHaveCheckedOut ? await replay() : undefined;
    if (earlier) return earlier;
    throw new DomainError('store.soldOut', {
      name: (admission.name ?? (await productNameOf(deps.db, admission.specId)))[locale],
      left: admission.left,
    });
  }
  onAdmitted?.();
  const given = admission.taken ? items : [];
  return reserveAndCreate(deps, userId, input, { key, hash }, given, locale, now);
}

/**
 * createOrders past the gate, holding `given` units of it: answers a replay, checks the specs
 * and the address, then writes the orders. Every failure gives the units back; a spec the
 * database found short sets the gate's count to the database's figure instead.
 *
 * All of it runs on one connection, reads included (ADR 0045): in a rush, reads made at once on
 * connections of their own queued ahead of every admitted checkout's transaction, so the first
 * buyers waited for the last ones' reads.
 */
async function reserveAndCreate(
  deps: CheckoutDeps,
  userId: string,
  input: CheckoutInput,
  { key, hash }: { key: string; hash: string },
  given: readonly Item[],
  locale: Locale,
  now: Date,
): Promise<{ orders: StoreOrder[]; total: string; replayed: boolean }> {
  let short: { spec: Spec; left: number } | undefined;
  try {
    const expiresAt = new Date(now.getTime() + deps.orderTtlMs);
    const done = await transactionWithFinalCommit(deps.db, async (tx, commitWith) => {
      // The wallet's lock orders one user's checkouts: a promo's per-user limit holds under races,
      // and a replay answers before anything else found wrong.
      await lockWallet(tx, userId);
      const raced = await replayCheckout(tx, userId, key, hash);
      if (raced) return { raced: raced.id } as const;
      const specs = await loadSpecs(tx, input.items);
      refuseDelisted(specs, locale);
      // Sold out in the database though the gate admitted (its count was rebuilt or too high).
      short = firstShort(specs);
      if (short) throw soldOut(short.spec, short.left, locale);
      const address = await addressOf(tx, userId, input.addressId);
      const shops = await price(tx, userId, specs, input.promoCode, now);
      const [checkout] = await tx
        .insert(storeCheckouts)
        .values({ userId, idempotencyKey: key, requestHash: hash, promoCode: input.promoCode ?? null })
        .returning({ id: storeCheckouts.id });
      // The numbers take the orders' sequence values up front, so each number holds its own seq.
      const seqs = await queryRows<{ seq: string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('store_orders', 'seq'))::text as seq from generate_series(1, ${shops.length})`,
      );
      const day = now.toISOString().slice(0, 10).replaceAll('-', '');
      const { id: _, isDefault: __, ...shipTo } = address;
      const orders = await tx
        .insert(storeOrders)
        .values(
          shops.map((t, n) => {
            const seq = Number(seqs[n]!.seq);
            return {
              seq,
              number: `S${day}${String(seq).padStart(8, '0')}`,
              checkoutId: checkout!.id,
              userId,
              shopId: t.shopId,
              address: shipTo,
              subtotal: t.subtotal.toFixed(2),
              freight: t.freight.toFixed(2),
              discount: t.discount.toFixed(2),
              total: t.total.toFixed(2),
              promoCode: t.discount.isZero() ? null : (input.promoCode ?? null),
              expiresAt,
              createdAt: now,
              updatedAt: now,
            };
          }),
        )
        .returning();
      const lines = await tx
        .insert(storeOrderLines)
        .values(
          specs.map((s) => ({
            orderId: orders.find((o) => o.shopId === s.shopId)!.id,
            productId: s.productId,
            specId: s.specId,
            name: s.name,
            specLabel: s.label,
            unitPrice: s.price,
            quantity: s.quantity,
            subtotal: new Dec(s.price).times(s.quantity).toFixed(2),
          })),
        )
        .returning();
      // The writes that need no answer go with the decrements and the COMMIT as one message: a
      // round trip in a rush lasts a turn of a busy event loop, and a hot spec's row stays locked
      // for the server's microseconds, not until this process reads an answer.
      await commitWith(
        tx.insert(storeOrderEvents).values(
          orders.map((o) => ({
            orderId: o.id,
            machine: 'payment',
            event: 'place',
            fromState: 'none',
            toState: 'unpaid',
            at: now,
          })),
        ),
        tx.delete(storeCartLines).where(
          and(
            eq(storeCartLines.userId, userId),
            inArray(
              storeCartLines.specId,
              specs.map((s) => s.specId),
            ),
          ),
        ),
        ...stockDecrements(tx, specs),
      );
      return { created: orders, lines, specs };
    }).catch(async (err: unknown) => {
      if (!checkViolated(err, STOCK_CHECK)) throw err;
      // The CHECK refused a spec short of units: the specs read again name the first, in id
      // order. Should units have come back since, the first spec is named with its figure (the
      // stock gate takes it either way).
      const afresh = inIdOrder(await loadSpecs(deps.db, input.items));
      short = firstShort(afresh) ?? { spec: afresh[0]!, left: afresh[0]!.stock };
      throw soldOut(short.spec, short.left, locale);
    });
    if (done.raced !== undefined) {
      await deps.stockGate.giveBack(given);
      return { ...(await checkoutResult(deps.db, done.raced, locale)), replayed: true };
    }
    await scheduleExpiry(deps.expiryQueue, done.created);
    // The gate marked the key when it admitted the checkout; not when Redis could not be reached.
    if (given.length === 0) await deps.stockGate.markCheckedOut({ userId, key });
    // Built from what the transaction wrote: no read after the commit, which in a rush would
    // wait for a pooled connection behind the other buyers' transactions.
    const { specs } = done;
    const picture = new Map(specs.map((s) => [s.specId, s.mainPicture]));
    const orders = toOrderViews(
      [...done.created].sort((a, b) => a.seq - b.seq),
      done.lines.map((l) => ({ ...l, mainPicture: picture.get(l.specId) ?? null })),
      new Map(specs.map((s) => [s.shopId, s.shopName])),
      new Set(),
      locale,
    );
    return { ...orderTotal(orders), replayed: false };
  } catch (err) {
    // Nothing was reserved: the gate gets its units back, and a spec the database found short its figure.
    await deps.stockGate.giveBack(given.filter((u) => u.specId !== short?.spec.specId));
    if (short) await deps.stockGate.correct(short.spec.specId, short.left);
    throw err;
  }
}

async function replayPayment(db: Db, userId: string, key: string, hash: string) {
  const [row] = await db
    .select()
    .from(storePayments)
    .where(and(eq(storePayments.userId, userId), eq(storePayments.idempotencyKey, key)));
  return sameRequest(row, hash);
}

async function paymentResult(db: Db, userId: string, paymentId: string, amount: string) {
  const paid = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(eq(storeOrders.paymentId, paymentId));
  return {
    orderIds: paid.map((o) => o.id).sort(),
    amount,
    balance: (await readWalletBalance(db, userId)).toFixed(2),
  };
}

/**
 * Pays orders from the storefront balance after the payment password: one USD entry from the
 * shopper's balance to the house's escrow, the orders marked paid with it, in one
 * transaction. An order past its deadline, paid or closed is refused (409), a short balance
 * is refused with both figures, and nothing moves. The same Idempotency-Key and body answer
 * the first payment.
 */
export async function payOrders(
  deps: CheckoutDeps,
  userId: string,
  body: { orderIds: string[]; payPassword: unknown },
  key: string,
  now = new Date(),
): Promise<{ orderIds: string[]; amount: string; balance: string; replayed: boolean }> {
  const ids = [...new Set(body.orderIds)].sort();
  const hash = requestHash(['pay', ids]);
  const shipAt = new Date(now.getTime() + deps.autoShipMs);
  // On one connection from the replay to the commit, as a checkout is (reserveAndCreate), and
  // its writes sent with the COMMIT: each round trip in a rush is a turn of a busy event loop,
  // and payments' few connections of their own serve every payment (ADR 0045).
  const payment = await transactionWithFinalCommit(deps.paymentDb, async (tx, commitWith) => {
    const wallet = await lockWallet(tx, userId);
    const earlier = await replayPayment(tx, userId, key, hash);
    if (earlier) return { ...earlier, replayed: true as const };
    await checkPayPassword(deps.payPassword, userId, body.payPassword, tx);
    const orders = await lockOrders(tx, ids, userId);
    if (orders.length !== ids.length) throw new DomainError('storeOrder.notFound');
    for (const order of orders) {
      if (order.expiresAt <= now) throw new DomainError('storeOrder.cannotPay');
      applyStoreOrderAction(order, 'pay');
    }
    const amount = orders.reduce((s, o) => s.plus(o.total), new Dec(0));
    if (wallet.balance.lt(amount))
      throw new DomainError('store.insufficientBalance', {
        balance: wallet.balance.toFixed(2),
        total: amount.toFixed(2),
      });
    const entry = walletEntryWrites(tx, wallet, 'storePayment', 'storeBalance', 'storeEscrow', amount, now);
    const row = {
      id: randomUUID(),
      userId,
      idempotencyKey: key,
      requestHash: hash,
      amount: amount.toFixed(2),
      entryId: entry.entryId,
    };
    await commitWith(
      ...entry.writes,
      tx.insert(storePayments).values(row),
      ...orders.flatMap((order) =>
        transitionWrites(tx, order, 'pay', now, { paymentId: row.id, nextAutoAt: shipAt }),
      ),
    );
    // walletEntryWrites moved the locked wallet's balance with the entry.
    return { ...row, replayed: false as const, balance: wallet.balance.toFixed(2) };
  });
  if (payment.replayed)
    return { ...(await paymentResult(deps.paymentDb, userId, payment.id, payment.amount)), replayed: true };
  for (const id of ids) await scheduleAutoStep(deps.fulfilmentQueue, 'ship', id, shipAt);
  // From the transaction, with no read after the commit (see reserveAndCreate).
  return { orderIds: ids, amount: payment.amount, balance: payment.balance, replayed: false };
}
