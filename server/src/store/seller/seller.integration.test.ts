import { randomUUID } from 'node:crypto';
import { storeOrders, storePayments } from '@bourse/core/store/orderSchema.ts';
import { markDelivered } from '@bourse/core/store/orders.ts';
import { runRefundStep } from '@bourse/core/store/refunds';
import { storeRefunds } from '@bourse/core/store/refunds/schema.ts';
import { storeReviews } from '@bourse/core/store/reviews/schema.ts';
import { storeProductSpecs, storeProducts, storeShopFollows } from '@bourse/core/store/schema.ts';
import { SAMPLE_ADDRESS, testRefundDeps } from '@bourse/core/store/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  MAX_REPLY_LENGTH,
  messageRoutes,
  refundRoutes,
  reviewRoutes,
  SHOP_STATS_DAYS,
  sellerRoutes,
  shoppingRoutes,
  storeRoutes,
} from '@bourse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../../testing/expectations.ts';
import { paidStoreOrder, storeSeller } from '../../testing/storeShopper.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

const PAY_PASSWORD = '864213';
const PRODUCT = {
  category: 'toys',
  name: { fr: 'Cerf-volant du port', en: 'Harbour kite' },
  description: { en: 'A kite for windy quays.' },
  specs: [
    { kind: 'colour', label: 'Red', price: '40', stock: 50 },
    { kind: 'colour', label: 'Blue', price: '35.50', stock: 0 },
  ],
};

describe.each(DB_KINDS)('seller console on %s', (kind) => {
  const t = useTestServer(kind, {
    config: {
      storeStartingBalance: '2000.00',
      // The automatic shipping stays out of the way: the seller ships.
      storeAutoShipMs: 3_600_000,
    },
  });
  const db = () => t.database.db;
  let admin = '';
  /** The seller whose shop has the product, the orders and the refund. */
  let owner = { token: '', shopId: 0 };
  /** Another shop's seller, and a user without a shop. */
  let rival = { token: '', shopId: 0 };
  let plain = '';
  let productId = 0;
  let specId = 0;

  const becomeSeller = (shopName: string) => storeSeller(t, admin, shopName);

  /** A new shopper with an address and a payment password. */
  async function shopper() {
    const { token } = await t.api.signUp();
    const address = expectOk(
      await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token }),
      shoppingRoutes.addAddress.response,
    );
    await t.api.post(
      '/api/user/payPassword',
      { oldPayPassword: '', newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
      { token },
    );
    return { token, addressId: address.id };
  }

  const checkout = (buyer: { token: string; addressId: string }, spec: number, quantity: number) =>
    t.api.post(
      '/api/store/checkout',
      { items: [{ specId: spec, quantity }], addressId: buyer.addressId },
      { token: buyer.token, lang: 'en', headers: { 'Idempotency-Key': randomUUID() } },
    );

  /** A shopper with one paid order of `quantity` of a spec, by default the owner's at 40.00. */
  const paidOrder = (quantity = 1, spec = specId) => paidStoreOrder(t, spec, quantity);

  async function askRefund(token: string, orderId: string, amount = '40.00') {
    const body = new FormData();
    const fields = {
      orderId,
      type: 'refundOnly',
      productStatus: 'notReceived',
      amount,
      reason: 'notReceived',
      explanation: 'Never shipped.',
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append('proof', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    return expectOk(
      await t.api.request('POST', '/api/store/refunds', {
        token,
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      }),
      refundRoutes.create.response,
    );
  }

  /** A paid order of the owner's that the owner ships and the shopper receives and reviews with a picture. */
  async function reviewedOrder(content: string, productScore: number) {
    const { token, orderId } = await paidOrder();
    expectOk(await post('/orders/ship', { orderId }, owner.token), sellerRoutes.ship.response);
    await markDelivered(db(), orderId);
    expectOk(
      await t.api.post('/api/store/orders/confirm', { orderId }, { token }),
      shoppingRoutes.confirmReceipt.response,
    );
    const detail = expectOk(
      await t.api.get(`/api/store/order?id=${orderId}`, { token }),
      shoppingRoutes.order.response,
    );
    const body = new FormData();
    const fields = {
      orderId,
      lineId: detail.lines[0]?.lineId ?? 0,
      content,
      productScore,
      serviceScore: 5,
      postageScore: 4,
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
    body.append('pictures', new Blob([PNG], { type: 'image/png' }), 'kite.png');
    const review = expectOk(
      await t.api.request('POST', '/api/store/reviews', { token, body }),
      reviewRoutes.write.response,
    );
    return { token, reviewId: review.id };
  }

  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) => expectRefused(db(), send, key);
  // Each refusal counts every table's rows before and after, and each order goes through
  // checkout and payment: the tests with many of them take a while on PGlite and a loaded machine.
  const SLOW = 120_000;
  const get = (path: string, token?: string) => t.api.get(`/api/seller${path}`, { token, lang: 'en' });
  const post = (path: string, body: unknown, token?: string) =>
    t.api.post(`/api/seller${path}`, body, { token, lang: 'en' });
  /** The pictures route takes multipart: a product's id and an empty order (no pictures). */
  const setPictures = (id: number, token?: string) => {
    const body = new FormData();
    body.append('id', String(id));
    body.append('order', '');
    return t.api.request('POST', '/api/seller/products/pictures', { token, body, lang: 'en' });
  };

  /** A review of the owner's shop left unanswered, for the IDOR test. */
  let unanswered = '';
  /** Queues a test opened, closed after the file. */
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  beforeAll(async () => {
    admin = (await signUpAdmin(t)).token;
    owner = await becomeSeller('Harbour Kites');
    rival = await becomeSeller('Rival Kites');
    plain = (await t.api.signUp()).token;
  });

  it('lets an owner add a product that the catalogue and search show like any other', async () => {
    const created = expectOk(
      await post('/products', PRODUCT, owner.token),
      sellerRoutes.createProduct.response,
    );
    productId = created.id;
    specId = created.specs[0]?.id ?? 0;
    expect(created).toMatchObject({ category: 'toys', price: '35.50', sales: 0 });
    // Languages not given show the English name; the French one is kept.
    expect(created.name).toMatchObject({ en: 'Harbour kite', fr: 'Cerf-volant du port', ja: 'Harbour kite' });
    expect(created.description.th).toBe('A kite for windy quays.');
    expect(created.specs.map((s) => [s.label, s.price, s.stock])).toEqual([
      ['Red', '40.00', 50],
      ['Blue', '35.50', 0],
    ]);
    const detail = expectOk(
      await t.api.get(`/api/store/product?id=${productId}`, { lang: 'fr' }),
      storeRoutes.product.response,
    );
    expect(detail).toMatchObject({ name: 'Cerf-volant du port', shop: { id: owner.shopId } });
    const found = expectOk(
      await t.api.get(`/api/store/search?q=${encodeURIComponent('harbour kite')}`, { lang: 'en' }),
      storeRoutes.search.response,
    );
    expect(found.products.map((p) => p.id)).toContain(productId);

    const edited = expectOk(
      await post(
        '/products/edit',
        {
          ...PRODUCT,
          id: productId,
          name: { en: 'Harbour kite XL' },
          specs: [
            {
              id: created.specs[1]?.id,
              kind: 'colour',
              label: 'Blue',
              price: '30.00',
              stock: 5,
              stockWas: 0,
            },
          ],
        },
        owner.token,
      ),
      sellerRoutes.editProduct.response,
    );
    expect(edited.price).toBe('30.00');
    expect(edited.specs.map((s) => [s.label, s.price, s.stock])).toEqual([
      ['Red', '40.00', 50],
      ['Blue', '30.00', 5],
    ]);
    expect(edited.name.fr).toBe('Harbour kite XL');
    const mine = expectOk(await get('/products', owner.token), sellerRoutes.products.response);
    expect(mine.items.map((p) => p.id)).toEqual([productId]);

    await refused(
      () => post('/products', { ...PRODUCT, name: { en: ' ' } }, owner.token),
      'seller.nameRequired',
    );
    await refused(
      () => post('/products', { ...PRODUCT, description: {} }, owner.token),
      'seller.descriptionRequired',
    );
    await refused(() => post('/products', { ...PRODUCT, specs: [] }, owner.token), 'seller.specsRequired');
    await refused(
      () =>
        post(
          '/products',
          { ...PRODUCT, specs: [{ kind: 'colour', label: 'Red', price: '0', stock: 1 }] },
          owner.token,
        ),
      'seller.badSpec',
    );
    await refused(
      () =>
        post(
          '/products',
          { ...PRODUCT, specs: [{ kind: 'colour', label: 'Red', price: '1.234', stock: 1 }] },
          owner.token,
        ),
      'seller.badSpec',
    );
  });

  it('ships its own paid orders through the carrier, once', async () => {
    const { token, orderId } = await paidOrder();
    const toShip = expectOk(await get('/orders', owner.token), sellerRoutes.orders.response);
    expect(toShip.items.map((o) => o.id)).toContain(orderId);
    const shipped = expectOk(
      await post('/orders/ship', { orderId }, owner.token),
      sellerRoutes.ship.response,
    );
    expect(shipped).toMatchObject({ id: orderId, fulfilment: 'shipped', payment: 'paid' });
    expect(shipped.trackingNo).toMatch(/.+/);
    await refused(() => post('/orders/ship', { orderId }, owner.token), 'seller.cannotShip');
    const seen = expectOk(
      await t.api.get(`/api/store/order?id=${orderId}`, { token }),
      shoppingRoutes.order.response,
    );
    expect(seen.trackingNo).toBe(shipped.trackingNo);
    const after = expectOk(await get('/orders', owner.token), sellerRoutes.orders.response);
    expect(after.items.map((o) => o.id)).not.toContain(orderId);
  });

  it('answers its own refunds as the shop', async () => {
    const { token, orderId } = await paidOrder();
    const refund = await askRefund(token, orderId);
    const open = expectOk(await get('/refunds', owner.token), sellerRoutes.refunds.response);
    expect(open.items.map((r) => r.id)).toEqual([refund.id]);
    // The shopper's proof, to the shop it was asked of only.
    expect(open.items[0]?.proofUrl).toBe(`/api/seller/refunds/${refund.id}/proof`);
    const proof = (token?: string) =>
      fetch(`${t.baseUrl}/api/seller/refunds/${refund.id}/proof`, { headers: token ? { token } : {} });
    const seen = await proof(owner.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/png');
    expect(seen.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await proof(rival.token)).status).toBe(404);
    expect((await proof(plain)).status).toBe(403);
    expect((await proof()).status).toBe(401);
    const shop = expectOk(await get('/shop', owner.token), sellerRoutes.shop.response);
    expect(shop).toMatchObject({ id: owner.shopId, name: 'Harbour Kites', productCount: 1, openRefunds: 1 });
    const refusedOne = expectOk(
      await post('/refunds/refuse', { id: refund.id, reason: 'other', note: 'Shipping today' }, owner.token),
      sellerRoutes.refuseRefund.response,
    );
    expect(refusedOne).toMatchObject({ state: 'refused', review: 'refused' });
    expect(refusedOne.timeline.at(-1)).toMatchObject({ step: 'refused', actor: 'shop' });
    await refused(() => post('/refunds/approve', { id: refund.id }, owner.token), 'refund.alreadyDecided');
  });

  it(
    'lists its reviews, unanswered first, and replies to one once: the reply shows under the review and the reviewer is told',
    async () => {
      const older = await reviewedOrder('Flies well, the string is short.', 3);
      const newer = await reviewedOrder('Lovely colours!', 5);
      unanswered = older.reviewId;
      const listed = expectOk(await get('/reviews', owner.token), sellerRoutes.reviews.response);
      expect(listed.items.map((r) => r.id)).toEqual([newer.reviewId, older.reviewId]);
      expect(listed.items[1]).toMatchObject({
        content: 'Flies well, the string is short.',
        productScore: 3,
        serviceScore: 5,
        postageScore: 4,
        reply: null,
      });
      expect(listed.items[1]?.pictures).toHaveLength(1);

      await refused(
        () => post('/reviews/reply', { id: newer.reviewId, content: '  ' }, owner.token),
        'seller.replyRequired',
      );
      await refused(
        () =>
          post(
            '/reviews/reply',
            { id: newer.reviewId, content: 'x'.repeat(MAX_REPLY_LENGTH + 1) },
            owner.token,
          ),
        'seller.replyTooLong',
      );
      await refused(
        () => post('/reviews/reply', { id: 'not-an-id', content: 'Hi' }, owner.token),
        'seller.reviewNotFound',
      );
      await refused(
        () => post('/reviews/reply', { id: randomUUID(), content: 'Hi' }, owner.token),
        'seller.reviewNotFound',
      );

      const replied = expectOk(
        await post(
          '/reviews/reply',
          { id: newer.reviewId, content: ' Thank you, fly it on a windy day! ' },
          owner.token,
        ),
        sellerRoutes.reply.response,
      );
      expect(replied.reply?.content).toBe('Thank you, fly it on a windy day!');
      await refused(
        () => post('/reviews/reply', { id: newer.reviewId, content: 'Again' }, owner.token),
        'seller.alreadyReplied',
      );

      // The unanswered come first; each filter holds its own.
      const all = expectOk(await get('/reviews?filter=all', owner.token), sellerRoutes.reviews.response);
      expect(all.items.map((r) => r.id)).toEqual([older.reviewId, newer.reviewId]);
      const open = expectOk(
        await get('/reviews?filter=unanswered', owner.token),
        sellerRoutes.reviews.response,
      );
      expect(open).toMatchObject({ total: 1, items: [{ id: older.reviewId }] });
      const done = expectOk(
        await get('/reviews?filter=answered', owner.token),
        sellerRoutes.reviews.response,
      );
      expect(done).toMatchObject({ total: 1, items: [{ id: newer.reviewId }] });
      await refused(() => get('/reviews?filter=mine', owner.token), 'common.validation');

      // On the product page, and in the reviewer's own list.
      const onProduct = expectOk(
        await t.api.get(`/api/store/product/reviews?id=${productId}`),
        reviewRoutes.product.response,
      );
      expect(onProduct.items.find((r) => r.id === newer.reviewId)?.reply?.content).toBe(
        'Thank you, fly it on a windy day!',
      );
      expect(onProduct.items.find((r) => r.id === older.reviewId)?.reply).toBeNull();
      const mine = expectOk(
        await t.api.get('/api/store/reviews', { token: newer.token }),
        reviewRoutes.mine.response,
      );
      expect(mine.items[0]?.reply?.content).toBe('Thank you, fly it on a windy day!');

      // One message to the reviewer, none to the other.
      const inbox = expectOk(
        await t.api.get('/api/messages', { token: newer.token }),
        messageRoutes.list.response,
      );
      expect(inbox.items.filter((m) => m.kind === 'reviewReply').map((m) => m.params)).toEqual([
        { reviewId: newer.reviewId, reply: 'Thank you, fly it on a windy day!' },
      ]);
      const other = expectOk(
        await t.api.get('/api/messages', { token: older.token }),
        messageRoutes.list.response,
      );
      expect(other.items.filter((m) => m.kind === 'reviewReply')).toEqual([]);
    },
    SLOW,
  );

  it('delists a product from every list, search, cart and checkout, keeps its orders, and relists it', async () => {
    const { orderId } = await paidOrder();
    const carted = await shopper();
    expectOk(
      await t.api.post('/api/store/cart', { specId, quantity: 1 }, { token: carted.token }),
      shoppingRoutes.addToCart.response,
    );
    // A second product of the shop, whose page recommends the first; and the first made the
    // catalogue's best seller and best rated, so the home page's lists hold it before the delisting.
    const sibling = expectOk(
      await post('/products', PRODUCT, owner.token),
      sellerRoutes.createProduct.response,
    );
    await db()
      .update(storeProducts)
      .set({ sales: 10_000_000, rating: '5.0' })
      .where(eq(storeProducts.id, productId));
    /** Where a shopper can come across the product: each list's ids. */
    const seen = async () => {
      const home = expectOk(await t.api.get('/api/store/home', { lang: 'en' }), storeRoutes.home.response);
      const lists = {
        toys: await t.api.get('/api/store/products?category=toys&sort=sales', { lang: 'en' }),
        shop: await t.api.get(`/api/store/shop?id=${owner.shopId}`, { lang: 'en' }),
        search: await t.api.get(`/api/store/search?q=${encodeURIComponent('harbour kite')}`, { lang: 'en' }),
        sibling: await t.api.get(`/api/store/product?id=${sibling.id}`, { lang: 'en' }),
      };
      return {
        hot: home.hotProducts.map((p) => p.id),
        recommended: home.recommended.map((p) => p.id),
        banners: home.banners.map((b) => b.productId),
        toys: expectOk(lists.toys, storeRoutes.products.response).items.map((p) => p.id),
        shop: expectOk(lists.shop, storeRoutes.shop.response).products.items.map((p) => p.id),
        search: expectOk(lists.search, storeRoutes.search.response).products.map((p) => p.id),
        fromShop: expectOk(lists.sibling, storeRoutes.product.response).fromShop.map((p) => p.id),
      };
    };
    for (const ids of Object.values(await seen())) expect(ids).toContain(productId);

    const delisted = expectOk(
      await post('/products/delist', { id: productId }, owner.token),
      sellerRoutes.delistProduct.response,
    );
    expect(delisted.onSale).toBe(false);
    for (const ids of Object.values(await seen())) expect(ids).not.toContain(productId);
    const detail = expectOk(
      await t.api.get(`/api/store/product?id=${productId}`, { lang: 'en' }),
      storeRoutes.product.response,
    );
    expect(detail).toMatchObject({ id: productId, onSale: false });
    const cart = expectOk(
      await t.api.get('/api/store/cart', { token: carted.token }),
      shoppingRoutes.cart.response,
    );
    expect(cart.lines.map((l) => [l.specId, l.onSale])).toEqual([[specId, false]]);
    const notOnSale = { name: 'Harbour kite XL' };
    await expectRefused(db(), () => checkout(carted, specId, 1), 'store.notOnSale', notOnSale);
    await expectRefused(
      db(),
      () =>
        t.api.post(
          '/api/store/checkout/quote',
          { items: [{ specId, quantity: 1 }] },
          { token: carted.token, lang: 'en' },
        ),
      'store.notOnSale',
      notOnSale,
    );
    await expectRefused(
      db(),
      () => t.api.post('/api/store/cart', { specId, quantity: 1 }, { token: carted.token, lang: 'en' }),
      'store.notOnSale',
      notOnSale,
    );
    // The seller still sees it, and its paid order still ships.
    const mine = expectOk(await get('/products', owner.token), sellerRoutes.products.response);
    expect(mine.items.find((p) => p.id === productId)?.onSale).toBe(false);
    expectOk(await post('/orders/ship', { orderId }, owner.token), sellerRoutes.ship.response);
    // Delisting twice changes nothing.
    const [before] = await db().select().from(storeProducts).where(eq(storeProducts.id, productId));
    expectOk(
      await post('/products/delist', { id: productId }, owner.token),
      sellerRoutes.delistProduct.response,
    );
    const [after] = await db().select().from(storeProducts).where(eq(storeProducts.id, productId));
    expect(after?.delistedAt).toEqual(before?.delistedAt);

    const relisted = expectOk(
      await post('/products/relist', { id: productId }, owner.token),
      sellerRoutes.relistProduct.response,
    );
    expect(relisted.onSale).toBe(true);
    for (const ids of Object.values(await seen())) expect(ids).toContain(productId);
    expectOk(await checkout(carted, specId, 1), shoppingRoutes.checkout.response);
  });

  it('keeps the units sold while the editor was open: the stock moves by the difference typed', async () => {
    const created = expectOk(
      await post(
        '/products',
        { ...PRODUCT, specs: [{ kind: 'colour', label: 'Red', price: '10', stock: 3 }] },
        owner.token,
      ),
      sellerRoutes.createProduct.response,
    );
    const spec = created.specs[0]!;
    // The seller opens the editor on 3 in stock; a shopper buys 2 before the seller saves 5 (two more).
    const opened = expectOk(
      await get(`/product?id=${created.id}`, owner.token),
      sellerRoutes.product.response,
    );
    expect(opened.specs[0]?.stock).toBe(3);
    expectOk(await checkout(await shopper(), spec.id, 2), shoppingRoutes.checkout.response);
    const edit = (stock: number, stockWas: number) =>
      post(
        '/products/edit',
        {
          ...PRODUCT,
          id: created.id,
          specs: [{ id: spec.id, kind: 'colour', label: 'Red', price: '10', stock, stockWas }],
        },
        owner.token,
      );
    const saved = expectOk(await edit(5, 3), sellerRoutes.editProduct.response);
    // 3 − 2 sold + 2 added: the sale is kept (the old editor wrote 5 over it).
    expect(saved.specs[0]?.stock).toBe(3);
    const [row] = await db().select().from(storeProductSpecs).where(eq(storeProductSpecs.id, spec.id));
    expect(row?.stock).toBe(3);
    // The stock gate moved alike: the three units sell at once, and a fourth is refused.
    expectOk(await checkout(await shopper(), spec.id, 3), shoppingRoutes.checkout.response);
    const late = await shopper();
    await expectRefused(db(), () => checkout(late, spec.id, 1), 'store.soldOut', {
      name: 'Harbour kite',
      left: 0,
    });
    // Taking 3 away from what has since sold out cannot be applied: 409, nothing written.
    await expectRefused(db(), () => edit(0, 3), 'seller.stockChanged', { spec: 'Red', left: 0 });
    // An edit that leaves the stock as loaded leaves it as it is now.
    const renamed = expectOk(
      await post(
        '/products/edit',
        {
          ...PRODUCT,
          id: created.id,
          name: { en: 'Harbour kite mini' },
          specs: [{ id: spec.id, kind: 'colour', label: 'Red', price: '10', stock: 3, stockWas: 3 }],
        },
        owner.token,
      ),
      sellerRoutes.editProduct.response,
    );
    expect(renamed.specs[0]?.stock).toBe(0);
    // An existing spec without the stock the editor loaded is refused.
    await refused(
      () =>
        post(
          '/products/edit',
          {
            ...PRODUCT,
            id: created.id,
            specs: [{ id: spec.id, kind: 'colour', label: 'Red', price: '10', stock: 9 }],
          },
          owner.token,
        ),
      'seller.badSpec',
    );
  });

  it(
    'never lets another seller or a plain user see or touch the shop: 403 or 404, nothing changed',
    async () => {
      const { token, orderId } = await paidOrder();
      const refund = await askRefund(token, orderId);
      const { orderId: unshipped } = await paidOrder();
      const edit = { ...PRODUCT, id: productId, name: { en: 'Stolen' } };

      // The rival's lists hold none of it.
      const products = expectOk(await get('/products', rival.token), sellerRoutes.products.response);
      expect(products.items).toEqual([]);
      const orders = expectOk(await get('/orders', rival.token), sellerRoutes.orders.response);
      expect(orders.items).toEqual([]);
      for (const state of ['requested', 'returning'])
        expect(
          expectOk(await get(`/refunds?state=${state}`, rival.token), sellerRoutes.refunds.response).items,
        ).toEqual([]);
      const reviews = expectOk(await get('/reviews', rival.token), sellerRoutes.reviews.response);
      expect(reviews).toMatchObject({ items: [], total: 0 });
      const stats = expectOk(await get('/stats', rival.token), sellerRoutes.stats.response);
      expect(stats.totals).toMatchObject({ paidOrders: 0, revenue: '0.00', newFans: 0 });
      const rivalShop = expectOk(await get('/shop', rival.token), sellerRoutes.shop.response);
      expect(rivalShop).toMatchObject({ id: rival.shopId, productCount: 0, toShip: 0, openRefunds: 0 });

      // Each route that names the owner's thing: not found for the rival.
      await refused(() => get(`/product?id=${productId}`, rival.token), 'seller.productNotFound');
      await refused(() => post('/products/edit', edit, rival.token), 'seller.productNotFound');
      await refused(() => post('/orders/ship', { orderId: unshipped }, rival.token), 'seller.orderNotFound');
      await refused(() => post('/refunds/approve', { id: refund.id }, rival.token), 'seller.refundNotFound');
      await refused(
        () => post('/refunds/refuse', { id: refund.id, reason: 'other' }, rival.token),
        'seller.refundNotFound',
      );
      await refused(
        () => post('/refunds/confirm-return', { id: refund.id }, rival.token),
        'seller.refundNotFound',
      );
      await refused(
        () => post('/reviews/reply', { id: unanswered, content: 'Not yours' }, rival.token),
        'seller.reviewNotFound',
      );
      await refused(() => post('/products/delist', { id: productId }, rival.token), 'seller.productNotFound');
      await refused(() => post('/products/relist', { id: productId }, rival.token), 'seller.productNotFound');
      // Nor may the rival slip the owner's spec into its own product.
      const own = expectOk(
        await post('/products', PRODUCT, rival.token),
        sellerRoutes.createProduct.response,
      );
      await refused(
        () =>
          post(
            '/products/edit',
            {
              ...PRODUCT,
              id: own.id,
              specs: [{ id: specId, kind: 'colour', label: 'Mine', price: '1.00', stock: 1 }],
            },
            rival.token,
          ),
        'seller.badSpec',
      );

      // A user without a shop: every seller route is 403; anonymous: 401.
      const calls: [string, () => Promise<ApiResponse>][] = [
        ['shop', () => get('/shop', plain)],
        ['products', () => get('/products', plain)],
        ['product', () => get(`/product?id=${productId}`, plain)],
        ['create', () => post('/products', PRODUCT, plain)],
        ['edit', () => post('/products/edit', edit, plain)],
        ['orders', () => get('/orders', plain)],
        ['ship', () => post('/orders/ship', { orderId: unshipped }, plain)],
        ['refunds', () => get('/refunds', plain)],
        ['approve', () => post('/refunds/approve', { id: refund.id }, plain)],
        ['refuse', () => post('/refunds/refuse', { id: refund.id, reason: 'other' }, plain)],
        ['confirm', () => post('/refunds/confirm-return', { id: refund.id }, plain)],
        ['reviews', () => get('/reviews', plain)],
        ['reply', () => post('/reviews/reply', { id: unanswered, content: 'Hi' }, plain)],
        ['stats', () => get('/stats', plain)],
        ['delist', () => post('/products/delist', { id: productId }, plain)],
        ['relist', () => post('/products/relist', { id: productId }, plain)],
        ['pictures', () => setPictures(productId, plain)],
      ];
      for (const [, call] of calls) await refused(call, 'seller.notSeller');
      expect(calls).toHaveLength(Object.keys(sellerRoutes).length);
      await refused(() => get('/shop'), 'auth.loginFirst');
      await refused(() => post('/orders/ship', { orderId: unshipped }), 'auth.loginFirst');
      await refused(() => post('/refunds/approve', { id: refund.id }), 'auth.loginFirst');
      await refused(() => post('/reviews/reply', { id: unanswered, content: 'Hi' }), 'auth.loginFirst');
      await refused(() => get('/stats'), 'auth.loginFirst');
      await refused(() => post('/products/delist', { id: productId }), 'auth.loginFirst');
      await refused(() => setPictures(productId), 'auth.loginFirst');

      // Nothing moved.
      const [product] = await db().select().from(storeProducts).where(eq(storeProducts.id, productId));
      expect(product?.name.en).toBe('Harbour kite XL');
      expect(product).toMatchObject({ delistedAt: null });
      const [spec] = await db().select().from(storeProductSpecs).where(eq(storeProductSpecs.id, specId));
      expect(spec?.productId).toBe(productId);
      const [order] = await db().select().from(storeOrders).where(eq(storeOrders.id, unshipped));
      expect(order).toMatchObject({ fulfilment: 'unfulfilled', trackingNo: null });
      const [row] = await db().select().from(storeRefunds).where(eq(storeRefunds.id, refund.id));
      expect(row?.state).toBe('requested');
      const [review] = await db().select().from(storeReviews).where(eq(storeReviews.id, unanswered));
      expect(review).toMatchObject({ replyContent: null, repliedAt: null, repliedBy: null });
      // The owner still answers it.
      const approved = expectOk(
        await post('/refunds/approve', { id: refund.id }, owner.token),
        sellerRoutes.approveRefund.response,
      );
      expect(approved.state).toBe('approved');
    },
    SLOW,
  );

  it(
    'counts the last 30 UTC days of paid orders, units, revenue, refunds and new fans, quiet days at zero',
    async () => {
      const seller = await becomeSeller('Harbour Figures');
      const product = expectOk(
        await post(
          '/products',
          {
            ...PRODUCT,
            specs: [
              { kind: 'colour', label: 'Red', price: '40', stock: 50 },
              { kind: 'colour', label: 'Blue', price: '35.50', stock: 50 },
            ],
          },
          seller.token,
        ),
        sellerRoutes.createProduct.response,
      );
      const [red, blue] = product.specs.map((spec) => spec.id);
      const DAY = 86_400_000;
      const today = new Date().toISOString().slice(0, 10);
      const dayBefore = (n: number) => new Date(Date.parse(today) - n * DAY).toISOString().slice(0, 10);
      const at = (date: string, time: string) => new Date(`${date}T${time}Z`);
      async function paidOn(when: Date | null, quantity: number, spec: number | undefined) {
        const paid = await paidOrder(quantity, spec);
        if (when) {
          const [order] = await db().select().from(storeOrders).where(eq(storeOrders.id, paid.orderId));
          await db()
            .update(storePayments)
            .set({ createdAt: when })
            .where(eq(storePayments.id, order?.paymentId ?? ''));
        }
        return paid;
      }

      // Two days ago, at both ends of the UTC day: 2 × 40.00 and 1 × 35.50.
      const late = await paidOn(at(dayBefore(2), '23:30:00'), 2, red);
      await paidOn(at(dayBefore(2), '00:10:00'), 1, blue);
      // Today: 1 × 40.00; and one paid before the 30 days, which counts nowhere.
      await paidOn(null, 1, red);
      await paidOn(at(dayBefore(40), '12:00:00'), 1, red);
      // Part of the late order refunded today: the order stays on its day, the refund is today's.
      const refund = await askRefund(late.token, late.orderId, '25.50');
      expectOk(
        await post('/refunds/approve', { id: refund.id }, seller.token),
        sellerRoutes.approveRefund.response,
      );
      const deps = testRefundDeps(
        db(),
        t.redis,
        t.redisPrefix,
        { answerMs: 60_000, returnConfirmMs: 60_000, afterSaleWindowMs: 120_000 },
        'seller-stats',
      );
      closing.push(() =>
        Promise.all([deps.queue.close(), deps.fulfilment.close(), deps.logistics.queue.close()]),
      );
      expect(await runRefundStep(deps, refund.id)).toBe('refunded');
      // Two fans: one five days ago, one today.
      const fans = [(await t.api.signUp()).token, (await t.api.signUp()).token];
      for (const token of fans) await t.api.post('/api/store/follows', { shopId: seller.shopId }, { token });
      await db()
        .update(storeShopFollows)
        .set({ createdAt: at(dayBefore(5), '12:00:00') })
        .where(
          and(
            eq(storeShopFollows.shopId, seller.shopId),
            inArray(
              storeShopFollows.userId,
              db()
                .select({ userId: storeShopFollows.userId })
                .from(storeShopFollows)
                .where(eq(storeShopFollows.shopId, seller.shopId))
                .limit(1),
            ),
          ),
        );

      const stats = expectOk(await get('/stats', seller.token), sellerRoutes.stats.response);
      expect(stats.days).toHaveLength(SHOP_STATS_DAYS);
      expect(stats.days[0]?.date).toBe(dayBefore(SHOP_STATS_DAYS - 1));
      const quiet = { paidOrders: 0, units: 0, revenue: '0.00', refunds: 0, refunded: '0.00', newFans: 0 };
      const byDate = new Map(stats.days.map(({ date, ...figures }) => [date, figures]));
      expect(byDate.get(dayBefore(2))).toEqual({ ...quiet, paidOrders: 2, units: 3, revenue: '115.50' });
      expect(byDate.get(dayBefore(5))).toEqual({ ...quiet, newFans: 1 });
      expect(byDate.get(today)).toEqual({
        paidOrders: 1,
        units: 1,
        revenue: '40.00',
        refunds: 1,
        refunded: '25.50',
        newFans: 1,
      });
      expect(byDate.get(dayBefore(1))).toEqual(quiet);
      expect(byDate.get(dayBefore(29))).toEqual(quiet);
      expect(stats.totals).toEqual({
        paidOrders: 3,
        units: 4,
        revenue: '155.50',
        refunds: 1,
        refunded: '25.50',
        newFans: 2,
      });
    },
    SLOW,
  );
});
