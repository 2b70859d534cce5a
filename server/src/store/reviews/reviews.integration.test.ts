import { randomUUID } from 'node:crypto';
import { storeReviewPictures } from '@bourse/core/db/schema.ts';
import { markDelivered, markShipped } from '@bourse/core/store/orders.ts';
import { storeProducts, storeShops } from '@bourse/core/store/schema.ts';
import { insertKiteShop, SAMPLE_ADDRESS } from '@bourse/core/store/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { JPEG_CLEAN, JPEG_EXIF, PNG, PNG_WITH_AUTHOR } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  REVIEW_PICTURE_MAX_BYTES,
  reviewRoutes,
  type StoreOrderDetail,
  shoppingRoutes,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../../testing/expectations.ts';
import { useTestServer } from '../../testing/testServer.ts';

const PAY_PASSWORD = '246810';
const PATH = '/api/store/reviews';

/** SOI, an EXIF segment with a position in it, a quantisation table, a scan and EOI. */

type Picture = { bytes: Buffer; type: string };
const png: Picture = { bytes: PNG_WITH_AUTHOR, type: 'image/png' };

function form(fields: Record<string, string | number>, pictures: Picture[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const p of pictures) body.append('pictures', new Blob([p.bytes], { type: p.type }), 'photo');
  return body;
}

describe.each(DB_KINDS)('store reviews on %s', (kind) => {
  const t = useTestServer(kind, { config: { storeStartingBalance: '2000.00', storeOrderTtlMs: 60_000 } });
  const db = () => t.database.db;

  /** A shop with one product of two colours, rated 4.5 and favoured 99.0% as seeded. */
  const product = () =>
    insertKiteShop(db(), [
      { label: 'Red', price: '10.00', stock: 50 },
      { label: 'Blue', price: '10.00', stock: 50 },
    ]);

  /** A shopper's paid order of the given specs, taken as far as `until`. */
  async function order(specIds: number[], until: 'paid' | 'received', token?: string) {
    const shopper = token ?? (await t.api.signUp()).token;
    const address = expectOk(
      await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token: shopper }),
      shoppingRoutes.addAddress.response,
    );
    if (!token)
      await t.api.post(
        '/api/user/payPassword',
        { oldPayPassword: '', newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
        { token: shopper },
      );
    const headers = () => ({ 'Idempotency-Key': randomUUID() });
    const created = expectOk(
      await t.api.post(
        '/api/store/checkout',
        { items: specIds.map((specId) => ({ specId, quantity: 1 })), addressId: address.id },
        { token: shopper, headers: headers() },
      ),
      shoppingRoutes.checkout.response,
    );
    const orderId = created.orders[0]!.id;
    expectOk(
      await t.api.post(
        '/api/store/pay',
        { orderIds: [orderId], payPassword: PAY_PASSWORD },
        { token: shopper, headers: headers() },
      ),
      shoppingRoutes.pay.response,
    );
    if (until === 'received') {
      await markShipped(db(), orderId);
      await markDelivered(db(), orderId);
      expectOk(
        await t.api.post('/api/store/orders/confirm', { orderId }, { token: shopper }),
        shoppingRoutes.confirmReceipt.response,
      );
    }
    const detail: StoreOrderDetail = expectOk(
      await t.api.get(`/api/store/order?id=${orderId}`, { token: shopper }),
      shoppingRoutes.order.response,
    );
    return { token: shopper, orderId, lines: detail.lines };
  }

  const write = (token: string | undefined, body: FormData) =>
    t.api.request('POST', PATH, { token, lang: 'en', body });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) => expectRefused(db(), send, key);
  const figures = async (productId: number, shopId: number) => {
    const [p] = await db()
      .select({ rating: storeProducts.rating })
      .from(storeProducts)
      .where(eq(storeProducts.id, productId));
    const [s] = await db()
      .select({ rate: storeShops.favourableRate })
      .from(storeShops)
      .where(eq(storeShops.id, shopId));
    return { rating: p?.rating, favourableRate: s?.rate };
  };

  // Each refusal counts every table's rows before and after, and each order goes through
  // checkout, payment and receipt: these take a while on a loaded machine.
  const SLOW = 120_000;

  it(
    'reviews each received line once, strips picture metadata and recomputes the rating and the favourable rate',
    async () => {
      const { productId, shopId, specIds } = await product();
      const { token, orderId, lines } = await order(specIds, 'received');
      expect(lines.map((l) => l.reviewed)).toEqual([false, false]);
      const [red, blue] = lines;

      const first = expectOk(
        await write(
          token,
          form(
            {
              orderId,
              lineId: red!.lineId,
              content: '  Flies well.  ',
              productScore: 5,
              serviceScore: 4,
              postageScore: 3,
            },
            [png, { bytes: JPEG_EXIF, type: 'image/jpeg' }],
          ),
        ),
        reviewRoutes.write.response,
      );
      expect(first).toMatchObject({
        productId,
        productName: 'Kite',
        specLabel: 'Red',
        content: 'Flies well.',
        productScore: 5,
        serviceScore: 4,
        postageScore: 3,
      });
      expect(first.reviewer).toMatch(/^.\*\*\*.$/);
      expect(first.pictures).toHaveLength(2);
      expect(await figures(productId, shopId)).toEqual({ rating: '5.0', favourableRate: '100.0' });

      // Served as the image, without what it said about its author.
      const served = await fetch(`${t.baseUrl}${first.pictures[0]}`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      const stored = await db()
        .select({ content: storeReviewPictures.content, type: storeReviewPictures.mimeType })
        .from(storeReviewPictures)
        .orderBy(storeReviewPictures.position);
      expect(stored.at(-1)).toEqual({ content: JPEG_CLEAN, type: 'image/jpeg' });

      // A JSON body is a review without pictures.
      expectOk(
        await t.api.post(
          PATH,
          {
            orderId,
            lineId: blue!.lineId,
            content: 'Tore in the wind.',
            productScore: 2,
            serviceScore: 3,
            postageScore: 3,
          },
          { token },
        ),
        reviewRoutes.write.response,
      );
      // (5 + 2) / 2 = 3.5; one of two at 4 or more = 50.0%.
      expect(await figures(productId, shopId)).toEqual({ rating: '3.5', favourableRate: '50.0' });

      const reviews = expectOk(
        await t.api.get(`/api/store/product/reviews?id=${productId}&limit=1`),
        reviewRoutes.product.response,
      );
      expect(reviews.summary).toEqual({ count: 2, average: '3.5', distribution: [0, 1, 0, 0, 1] });
      expect(reviews.items.map((r) => r.content)).toEqual(['Tore in the wind.']);
      const next = expectOk(
        await t.api.get(`/api/store/product/reviews?id=${productId}&limit=1&cursor=${reviews.nextCursor}`),
        reviewRoutes.product.response,
      );
      expect(next.items.map((r) => r.id)).toEqual([first.id]);
      expect(next.nextCursor).toBeNull();

      const mine = expectOk(await t.api.get(PATH, { token }), reviewRoutes.mine.response);
      expect(mine.items.map((r) => r.specLabel)).toEqual(['Blue', 'Red']);
      const detail = expectOk(
        await t.api.get(`/api/store/order?id=${orderId}`, { token }),
        shoppingRoutes.order.response,
      );
      expect(detail.lines.map((l) => l.reviewed)).toEqual([true, true]);

      await refused(
        () =>
          write(
            token,
            form({
              orderId,
              lineId: red!.lineId,
              content: 'Again',
              productScore: 1,
              serviceScore: 1,
              postageScore: 1,
            }),
          ),
        'review.alreadyReviewed',
      );
      expect(await figures(productId, shopId)).toEqual({ rating: '3.5', favourableRate: '50.0' });
    },
    SLOW,
  );

  /** A received order and a paid one, and a valid review of the received one's line. */
  async function reviewable() {
    const { productId, shopId, specIds } = await product();
    const paid = await order([specIds[0]!], 'paid');
    const received = await order([specIds[0]!], 'received');
    const valid = {
      orderId: received.orderId,
      lineId: received.lines[0]!.lineId,
      content: 'Good.',
      productScore: 5,
      serviceScore: 5,
      postageScore: 5,
    };
    const with_ = (fields: Record<string, string | number>, pictures: Picture[] = []) =>
      write(received.token, form({ ...valid, ...fields }, pictures));
    return { productId, shopId, paid, received, valid, with_ };
  }

  it(
    'refuses a line not received (409), someone else’s order or an unknown line (404), writing nothing',
    async () => {
      const { paid, valid, with_ } = await reviewable();
      await refused(
        () => write(paid.token, form({ ...valid, orderId: paid.orderId, lineId: paid.lines[0]!.lineId })),
        'review.notReceived',
      );
      await refused(() => write(paid.token, form(valid)), 'storeOrder.notFound');
      await refused(() => with_({ lineId: paid.lines[0]!.lineId }), 'storeOrder.notFound');
      await refused(() => with_({ orderId: randomUUID() }), 'storeOrder.notFound');
      await refused(() => with_({ orderId: 'not-an-id' }), 'storeOrder.notFound');
      await refused(() => write(undefined, form(valid)), 'auth.loginFirst');
    },
    SLOW,
  );

  it(
    'refuses bad text, scores and pictures with a clear 4xx, writing nothing',
    async () => {
      const { productId, shopId, received, valid, with_ } = await reviewable();
      await refused(() => with_({ content: '   ' }), 'review.contentRequired');
      const { content: _content, ...noContent } = valid;
      await refused(() => write(received.token, form(noContent)), 'review.contentRequired');
      await refused(() => with_({ content: 'x'.repeat(501) }), 'review.contentTooLong');
      for (const score of ['0', '6', '3.5', 'five', ''])
        await refused(() => with_({ serviceScore: score }), 'review.badScore');
      const { postageScore: _postage, ...noPostage } = valid;
      await refused(() => write(received.token, form(noPostage)), 'review.badScore');

      await refused(
        () =>
          with_(
            {},
            Array.from({ length: 7 }, () => png),
          ),
        'review.tooManyPictures',
      );
      // Typed by its leading bytes, whatever the client declares.
      await refused(
        () => with_({}, [{ bytes: Buffer.from('not a picture'), type: 'image/png' }]),
        'review.pictureBadType',
      );
      await refused(
        () => with_({}, [{ bytes: Buffer.from('GIF89a....'), type: 'image/gif' }]),
        'review.pictureBadType',
      );
      // A PNG signature over a file cut short is no picture either.
      await refused(
        () => with_({}, [{ bytes: PNG.subarray(0, 40), type: 'image/png' }]),
        'review.pictureBadType',
      );
      await refused(
        () =>
          with_({}, [png, { bytes: Buffer.alloc(REVIEW_PICTURE_MAX_BYTES + 1, 0x89), type: 'image/png' }]),
        'review.pictureTooLarge',
      );
      expect(await figures(productId, shopId)).toEqual({ rating: '4.5', favourableRate: '99.0' });
    },
    SLOW,
  );

  it('lists no reviews of a product without any, and refuses an unknown product or a bad cursor', async () => {
    const { productId } = await product();
    await refused(
      () => t.api.get('/api/store/product/reviews?id=2147483000', { lang: 'en' }),
      'store.unknownProduct',
    );
    await refused(
      () => t.api.get(`/api/store/product/reviews?id=${productId}&cursor=abc`, { lang: 'en' }),
      'store.badCursor',
    );
    const none = expectOk(
      await t.api.get(`/api/store/product/reviews?id=${productId}`),
      reviewRoutes.product.response,
    );
    expect(none).toEqual({
      summary: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
      items: [],
      nextCursor: null,
    });
    expect((await fetch(`${t.baseUrl}/api/store/reviews/pictures/${randomUUID()}`)).status).toBe(404);
  });
});
