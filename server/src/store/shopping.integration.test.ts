import { randomUUID } from 'node:crypto';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { ledgerAccounts, postings } from '@bourse/core/ledger/schema.ts';
import { orderExpiryQueue } from '@bourse/core/store/expiryQueue.ts';
import { storeOrders, storePromoCodes } from '@bourse/core/store/orderSchema.ts';
import { expireDueOrders, expireOrder, markDelivered, markShipped } from '@bourse/core/store/orders.ts';
import { storeProductSpecs } from '@bourse/core/store/schema.ts';
import { StockGate } from '@bourse/core/store/stockGate.ts';
import { insertKiteShop, SAMPLE_ADDRESS, specStock } from '@bourse/core/store/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  type ErrorParams,
  shoppingRoutes as routes,
  STORE_ORDER_JOBS,
  storeOrderExpireJobId,
} from '@bourse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const PAY_PASSWORD = '246810';

describe.each(DB_KINDS)('cart, checkout, payment and orders on %s', (kind) => {
  const t = useTestServer(kind, { config: { storeStartingBalance: '2000.00', storeOrderTtlMs: 60_000 } });
  const db = () => t.database.db;

  /** A shop with one product whose specs have the given prices and stock. */
  const shopWith = (
    specs: { price: string; stock: number }[],
    freight: { flat: string; freeOver: string | null } = { flat: '5.00', freeOver: '100.00' },
  ) =>
    insertKiteShop(
      db(),
      specs.map((s, n) => ({ label: `Colour ${n}`, ...s })),
      freight,
    );

  const stockOf = (specId: number) => specStock(db(), specId);

  /** A signed-up shopper (demo mode: 2,000.00 USD) with an address and a payment password. */
  async function shopper() {
    const { token } = await t.api.signUp();
    const address = expectOk(
      await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token, lang: 'en' }),
      routes.addAddress.response,
    );
    const set = await t.api.post(
      '/api/user/payPassword',
      { oldPayPassword: '', newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
      { token },
    );
    expect(set.status).toBe(200);
    return { token, addressId: address.id };
  }

  const checkout = (token: string, body: unknown, key: string = randomUUID()) =>
    t.api.post('/api/store/checkout', body, { token, lang: 'en', headers: { 'Idempotency-Key': key } });
  const pay = (token: string, orderIds: string[], key: string = randomUUID(), payPassword = PAY_PASSWORD) =>
    t.api.post(
      '/api/store/pay',
      { orderIds, payPassword },
      { token, lang: 'en', headers: { 'Idempotency-Key': key } },
    );
  const wallet = async (token: string) =>
    expectOk(await t.api.get('/api/store/wallet', { token }), routes.wallet.response).balance;
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params: ErrorParams = {}) =>
    expectRefused(db(), send, key, params);

  beforeAll(async () => {
    await db()
      .insert(storePromoCodes)
      .values([
        {
          code: 'TENOFF',
          kind: 'percent',
          value: '10',
          minSpend: '50',
          startsAt: new Date('2020-01-01'),
          endsAt: new Date('2099-01-01'),
          perUserLimit: 1,
        },
        {
          code: 'OLD',
          kind: 'amount',
          value: '5',
          minSpend: '0',
          startsAt: new Date('2020-01-01'),
          endsAt: new Date('2021-01-01'),
          perUserLimit: 1,
        },
      ]);
  });

  it('opens a 2,000.00 USD storefront balance by a USD ledger entry, apart from the CNY cash', async () => {
    const { token } = await t.api.signUp();
    expect(await wallet(token)).toBe('2000.00');
    const [external] = await db()
      .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, 'storeExternal')));
    expect(external?.currency).toBe('USD');
    expect(
      (await db().select().from(postings).where(eq(postings.accountId, external!.id))).length,
    ).toBeGreaterThan(0);
    const audit = await auditLedger(db());
    expect(audit).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('refuses bad addresses with the spec’s messages and writes nothing', async () => {
    const { token } = await t.api.signUp();
    const add = (body: unknown) => () => t.api.post('/api/store/addresses', body, { token, lang: 'en' });
    await refused(add({ ...SAMPLE_ADDRESS, addressee: ' ' }), 'address.addresseeRequired');
    await refused(add({ ...SAMPLE_ADDRESS, mobile: 'call me' }), 'validation.mobile');
    await refused(add({ ...SAMPLE_ADDRESS, country: undefined }), 'address.areaRequired');
    await refused(add({ ...SAMPLE_ADDRESS, region: 'Bavaria' }), 'address.areaRequired');
    await refused(add({ ...SAMPLE_ADDRESS, detail: '' }), 'address.detailRequired');
    await refused(add({ ...SAMPLE_ADDRESS, tag: undefined }), 'address.tagRequired');
    await refused(
      () =>
        t.api.request('PUT', `/api/store/addresses?id=${randomUUID()}`, {
          token,
          lang: 'en',
          body: JSON.stringify(SAMPLE_ADDRESS),
          contentType: 'application/json',
        }),
      'address.notFound',
    );
    await refused(
      () => t.api.request('DELETE', '/api/store/addresses?id=nope', { token, lang: 'en' }),
      'address.notFound',
    );
    expectFailure(await t.api.post('/api/store/addresses', SAMPLE_ADDRESS), 'auth.loginFirst');
  });

  it('keeps exactly one default address through add, edit, default and delete', async () => {
    const { token } = await t.api.signUp();
    const a = expectOk(
      await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token }),
      routes.addAddress.response,
    );
    expect(a.isDefault).toBe(true);
    const b = expectOk(
      await t.api.post(
        '/api/store/addresses',
        { ...SAMPLE_ADDRESS, tag: 'work', isDefault: true },
        { token },
      ),
      routes.addAddress.response,
    );
    let list = expectOk(await t.api.get('/api/store/addresses', { token }), routes.addresses.response).items;
    expect(list.map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    list = expectOk(
      await t.api.post('/api/store/addresses/default', { id: a.id }, { token }),
      routes.defaultAddress.response,
    ).items;
    expect(list[0]).toMatchObject({ id: a.id, isDefault: true });
    list = expectOk(
      await t.api.request('DELETE', `/api/store/addresses?id=${a.id}`, { token }),
      routes.deleteAddress.response,
    ).items;
    expect(list).toEqual([expect.objectContaining({ id: b.id, isDefault: true })]);
  });

  it('clamps the cart to stock, shows price changes, merges a device cart and refuses bad input', async () => {
    const { specIds } = await shopWith([
      { price: '10.00', stock: 3 },
      { price: '4.00', stock: 0 },
      { price: '7.00', stock: 50 },
    ]);
    const [few, none, plenty] = specIds as [number, number, number];
    const { token } = await t.api.signUp();
    let cart = expectOk(
      await t.api.post('/api/store/cart', { specId: few, quantity: 2 }, { token }),
      routes.cart.response,
    );
    cart = expectOk(
      await t.api.post('/api/store/cart', { specId: few, quantity: 5 }, { token }),
      routes.cart.response,
    );
    expect(cart.lines).toEqual([expect.objectContaining({ specId: few, quantity: 3, stock: 3 })]);
    await refused(
      () => t.api.post('/api/store/cart', { specId: none, quantity: 1 }, { token, lang: 'en' }),
      'store.soldOut',
      { name: 'Kite', left: 0 },
    );
    await refused(
      () => t.api.post('/api/store/cart', { specId: few, quantity: 0 }, { token, lang: 'en' }),
      'store.badQuantity',
    );
    await refused(
      () => t.api.post('/api/store/cart', { specId: 999_999, quantity: 1 }, { token, lang: 'en' }),
      'store.unknownSpec',
    );
    await refused(
      () => t.api.post('/api/store/cart/remove', { specIds: [] }, { token, lang: 'en' }),
      'store.selectToDelete',
    );
    await db().update(storeProductSpecs).set({ price: '12.50' }).where(eq(storeProductSpecs.id, few));
    cart = expectOk(await t.api.get('/api/store/cart', { token }), routes.cart.response);
    expect(cart.lines[0]).toMatchObject({ price: '12.50', priceWhenAdded: '10.00' });
    cart = expectOk(
      await t.api.post(
        '/api/store/cart/merge',
        {
          lines: [
            { specId: plenty, quantity: 2 },
            { specId: none, quantity: 1 },
            { specId: few, quantity: 1 },
          ],
        },
        { token },
      ),
      routes.mergeCart.response,
    );
    expect(cart.lines.map((l) => [l.specId, l.quantity]).sort()).toEqual(
      [
        [few, 3],
        [plenty, 2],
      ].sort(),
    );
    cart = expectOk(
      await t.api.request('PUT', '/api/store/cart', {
        token,
        body: JSON.stringify({ specId: plenty, quantity: 99, selected: false }),
        contentType: 'application/json',
      }),
      routes.updateCart.response,
    );
    expect(cart.lines.find((l) => l.specId === plenty)).toMatchObject({ quantity: 50, selected: false });
    cart = expectOk(
      await t.api.post('/api/store/cart/remove', { specIds: [few] }, { token }),
      routes.removeFromCart.response,
    );
    expect(cart.lines.map((l) => l.specId)).toEqual([plenty]);
  });

  it('quotes freight per shop and a promo code, with a message for each refusal', async () => {
    const a = await shopWith([{ price: '30.00', stock: 10 }], { flat: '5.00', freeOver: '100.00' });
    const b = await shopWith([{ price: '120.00', stock: 10 }], { flat: '8.00', freeOver: '100.00' });
    const { token } = await t.api.signUp();
    const quote = (body: unknown) => t.api.post('/api/store/checkout/quote', body, { token, lang: 'en' });
    const items = [
      { specId: a.specIds[0], quantity: 1 },
      { specId: b.specIds[0], quantity: 1 },
    ];
    // 30 + 120 = 150; freight 5 + 0; 10% = 15.00 split 3.00 / 12.00; total 140.00.
    const q = expectOk(await quote({ items, promoCode: 'tenoff' }), routes.quote.response);
    expect(q.shops.map((s) => [s.subtotal, s.freight, s.discount, s.total])).toEqual([
      ['30.00', '5.00', '3.00', '32.00'],
      ['120.00', '0.00', '12.00', '108.00'],
    ]);
    expect([q.subtotal, q.freight, q.discount, q.total, q.balance]).toEqual([
      '150.00',
      '5.00',
      '15.00',
      '140.00',
      '2000.00',
    ]);
    await refused(
      () => quote({ items: [{ specId: a.specIds[0], quantity: 1 }], promoCode: 'TENOFF' }),
      'promo.minSpend',
      { min: '50.00' },
    );
    await refused(() => quote({ items, promoCode: 'OLD' }), 'promo.expired', { until: '2021-01-01' });
    await refused(() => quote({ items, promoCode: 'NOPE' }), 'promo.unknown');
    await refused(() => quote({ items: [] }), 'store.selectToCheckout');
  });

  it('checks out one order per shop, pays with the payment password, and refuses bad input writing nothing', async () => {
    const a = await shopWith([{ price: '30.00', stock: 10 }]);
    const b = await shopWith([{ price: '120.00', stock: 10 }]);
    const { token, addressId } = await shopper();
    const items = [
      { specId: a.specIds[0], quantity: 2 },
      { specId: b.specIds[0], quantity: 1 },
    ];
    await refused(() => checkout(token, { items: [], addressId }), 'store.selectToCheckout');
    await refused(() => checkout(token, { items, addressId: randomUUID() }), 'address.required');
    await refused(
      () => checkout(token, { items: [{ specId: a.specIds[0], quantity: 11 }], addressId }),
      'store.soldOut',
      { name: 'Kite', left: 10 },
    );
    await refused(
      () => t.api.post('/api/store/checkout', { items, addressId }, { token, lang: 'en' }),
      'common.idempotencyKeyInvalid',
    );
    const key = randomUUID();
    const created = expectOk(
      await checkout(token, { items, addressId, promoCode: 'TENOFF' }, key),
      routes.checkout.response,
    );
    expect(created.orders.map((o) => [o.status, o.total])).toEqual([
      ['waitingPay', '59.00'], // 60 + 5 freight − 6.00
      ['waitingPay', '108.00'],
    ]);
    expect(created.total).toBe('167.00');
    const again = await checkout(token, { items, addressId, promoCode: 'TENOFF' }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(expectOk(again, routes.checkout.response).orders.map((o) => o.id)).toEqual(
      created.orders.map((o) => o.id),
    );
    expectFailure(
      await checkout(token, { items: items.slice(0, 1), addressId }, key),
      'common.idempotencyConflict',
      'en',
    );
    expect(await stockOf(a.specIds[0]!)).toBe(8);
    await refused(() => checkout(token, { items, addressId, promoCode: 'TENOFF' }), 'promo.usedUp', {
      limit: 1,
    });

    const ids = created.orders.map((o) => o.id);
    await refused(() => pay(token, ids, randomUUID(), ''), 'payPassword.required');
    const payKey = randomUUID();
    const paid = expectOk(await pay(token, ids, payKey), routes.pay.response);
    expect([paid.amount, paid.balance]).toEqual(['167.00', '1833.00']);
    expect((await pay(token, ids, payKey)).headers.get('idempotent-replayed')).toBe('true');
    expect(await wallet(token)).toBe('1833.00');
    await refused(() => pay(token, ids), 'storeOrder.cannotPay');
    const detail = expectOk(
      await t.api.get(`/api/store/order?id=${ids[0]}`, { token }),
      routes.order.response,
    );
    expect(detail.status).toBe('waitingDeliver');
    expect(detail.timeline.map((e) => `${e.machine}:${e.from}>${e.to}`)).toEqual([
      'payment:none>unpaid',
      'payment:unpaid>paid',
    ]);
    expect(await auditLedger(db())).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('says Go Setting when no payment password is set, and Pay Fail with both figures when the balance is short', async () => {
    const { specIds } = await shopWith([{ price: '1500.00', stock: 5 }]);
    const { token } = await t.api.signUp();
    const address = expectOk(
      await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token }),
      routes.addAddress.response,
    );
    const order = expectOk(
      await checkout(token, { items: [{ specId: specIds[0], quantity: 1 }], addressId: address.id }),
      routes.checkout.response,
    );
    await refused(() => pay(token, [order.orders[0]!.id]), 'payPassword.notSet');
    const { token: rich, addressId } = await shopper();
    const big = expectOk(
      await checkout(rich, { items: [{ specId: specIds[0], quantity: 2 }], addressId }),
      routes.checkout.response,
    );
    expectFailure(await pay(rich, [big.orders[0]!.id]), 'store.insufficientBalance', 'en', {
      balance: '2000.00',
      total: '3000.00',
    });
    expect(await wallet(rich)).toBe('2000.00');
  });

  it('cancels before shipping with a refund and the stock back; refuses illegal actions with 409, changing nothing', async () => {
    const { specIds } = await shopWith([{ price: '20.00', stock: 10 }], {
      flat: '0.00',
      freeOver: null,
    });
    const { token, addressId } = await shopper();
    const buy = async () =>
      expectOk(
        await checkout(token, { items: [{ specId: specIds[0], quantity: 2 }], addressId }),
        routes.checkout.response,
      ).orders[0]!.id;
    const first = await buy();
    await refused(
      () => t.api.post('/api/store/orders/confirm', { orderId: first }, { token, lang: 'en' }),
      'storeOrder.cannotConfirm',
    );
    expectOk(await pay(token, [first]), routes.pay.response);
    const cancelled = expectOk(
      await t.api.post('/api/store/orders/cancel', { orderId: first }, { token }),
      routes.cancelOrder.response,
    );
    expect([cancelled.status, cancelled.payment, cancelled.closure]).toEqual([
      'cancelled',
      'refunded',
      'cancelled',
    ]);
    expect(await wallet(token)).toBe('2000.00');
    expect(await stockOf(specIds[0]!)).toBe(10);

    const second = await buy();
    expectOk(await pay(token, [second]), routes.pay.response);
    await markShipped(db(), second);
    await refused(
      () => t.api.post('/api/store/orders/cancel', { orderId: second }, { token, lang: 'en' }),
      'storeOrder.cannotCancel',
    );
    await markDelivered(db(), second);
    const received = expectOk(
      await t.api.post('/api/store/orders/confirm', { orderId: second }, { token }),
      routes.confirmReceipt.response,
    );
    expect(received.status).toBe('received');
    await refused(
      () => t.api.post('/api/store/orders/cancel', { orderId: randomUUID() }, { token, lang: 'en' }),
      'storeOrder.notFound',
    );
    await refused(
      () => t.api.post('/api/store/orders/cancel', { orderId: 'x' }, { token, lang: 'en' }),
      'storeOrder.notFound',
    );

    const page = expectOk(
      await t.api.get('/api/store/orders?tab=cancelled', { token }),
      routes.orders.response,
    );
    expect(page.items.map((o) => o.id)).toEqual([first]);
    expect(page.counts).toMatchObject({ all: 2, cancelled: 1, received: 1, waitingPay: 0 });
    await refused(() => t.api.get('/api/store/orders?tab=nope', { token, lang: 'en' }), 'common.validation');
  });

  it('pages the order list by cursor without repeats', async () => {
    const { specIds } = await shopWith([{ price: '1.00', stock: 100 }]);
    const { token, addressId } = await shopper();
    for (let n = 0; n < 5; n += 1)
      await checkout(token, { items: [{ specId: specIds[0], quantity: 1 }], addressId });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { items: { id: string }[]; nextCursor: string | null } = expectOk(
        await t.api.get(`/api/store/orders?tab=waitingPay&limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
          token,
        }),
        routes.orders.response,
      );
      seen.push(...res.items.map((o) => o.id));
      cursor = res.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
  });

  it('never oversells: 20 concurrent buyers of 5 units, exactly 5 orders, the rest told sold out', async () => {
    const { specIds } = await shopWith([{ price: '9.99', stock: 5 }]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const answers = await Promise.all(
      buyers.map((b) =>
        checkout(b.token, { items: [{ specId: specIds[0], quantity: 1 }], addressId: b.addressId }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(5);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.key).toBe('store.soldOut');
    expect(await stockOf(specIds[0]!)).toBe(0);
    const paid = await Promise.all(
      ok.map((a) =>
        pay(
          buyers[answers.indexOf(a)]!.token,
          [routes.checkout.response.parse(a.body.data).orders[0]!.id],
          randomUUID(),
        ),
      ),
    );
    expect(paid.every((p) => p.status === 200)).toBe(true);
    expect(await auditLedger(db())).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  }, 120_000);

  it('expires an unpaid order at its deadline by its delayed job, or by the sweep, returning the stock', async () => {
    const { specIds } = await shopWith([{ price: '3.00', stock: 4 }]);
    const { token, addressId } = await shopper();
    const order = async () =>
      expectOk(
        await checkout(token, { items: [{ specId: specIds[0], quantity: 2 }], addressId }),
        routes.checkout.response,
      ).orders[0]!;
    const first = await order();
    const queue = orderExpiryQueue(t.redis, t.redisPrefix);
    const job = await queue.getJob(storeOrderExpireJobId(first.id));
    expect(job?.name).toBe(STORE_ORDER_JOBS.expire);
    expect(job?.opts.delay).toBeGreaterThan(55_000);
    expect(job?.opts.delay).toBeLessThanOrEqual(60_000);
    await queue.close();
    const gate = new StockGate(t.redis, t.redisPrefix);
    expect(await expireOrder(db(), gate, first.id)).toBe(false); // not due yet
    const due = new Date(Date.parse(first.expiresAt!) + 1);
    expect(await expireOrder(db(), gate, first.id, due)).toBe(true);
    expect(await expireOrder(db(), gate, first.id, due)).toBe(false); // the sweep after the job changes nothing
    const second = await order();
    expect(await stockOf(specIds[0]!)).toBe(2);
    // A lost job: only the sweep sees it.
    // (other tests' unpaid orders are due by then too)
    expect(
      await expireDueOrders(db(), gate, new Date(Date.parse(second.expiresAt!) + 1)),
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf(specIds[0]!)).toBe(4);
    const [row] = await db().select().from(storeOrders).where(eq(storeOrders.id, second.id));
    expect([row?.status, row?.closure]).toEqual(['cancelled', 'cancelled']);
    await refused(() => pay(token, [second.id]), 'storeOrder.cannotPay');
  });
});
