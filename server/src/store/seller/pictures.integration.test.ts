import { createHash } from 'node:crypto';
import { JPEG_CLEAN, JPEG_EXIF, PNG, PNG_WITH_AUTHOR } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  PRODUCT_PICTURE_MAX_BYTES,
  type SellerProduct,
  sellerRoutes,
  shoppingRoutes,
  storeRoutes,
} from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { paidStoreOrder, storeSeller } from '../../testing/storeShopper.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

const PRODUCT = {
  category: 'toys',
  name: { en: 'Harbour kite' },
  description: { en: 'A kite for windy quays.' },
  specs: [{ kind: 'colour', label: 'Red', price: '40', stock: 50 }],
};

type Picture = { bytes: Buffer; type: string };
const png: Picture = { bytes: PNG_WITH_AUTHOR, type: 'image/png' };
const jpeg: Picture = { bytes: JPEG_EXIF, type: 'image/jpeg' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function form(id: number, order: string, pictures: Picture[] = []): FormData {
  const body = new FormData();
  body.append('id', String(id));
  body.append('order', order);
  for (const [i, p] of pictures.entries())
    body.append('pictures', new Blob([p.bytes], { type: p.type }), `picture-${i}`);
  return body;
}

describe.each(DB_KINDS)('product pictures on %s', (kind) => {
  const t = useTestServer(kind, { config: { storeStartingBalance: '2000.00', storeAutoShipMs: 3_600_000 } });
  const db = () => t.database.db;
  let owner = { token: '', shopId: 0 };
  let rival = { token: '', shopId: 0 };

  beforeAll(async () => {
    const admin = (await signUpAdmin(t)).token;
    owner = await storeSeller(t, admin, 'Harbour Kites');
    rival = await storeSeller(t, admin, 'Rival Kites');
  });

  const newProduct = async () =>
    expectOk(
      await t.api.post('/api/seller/products', PRODUCT, { token: owner.token }),
      sellerRoutes.createProduct.response,
    );
  const setPictures = (token: string, body: FormData, lang = 'en') =>
    t.api.request('POST', '/api/seller/products/pictures', { token, body, lang });
  const pictured = async (token: string, body: FormData): Promise<SellerProduct> =>
    expectOk(await setPictures(token, body), sellerRoutes.setPictures.response);

  it('stores the pictures stripped, serves them public and immutable, and shows the first wherever the product appears', async () => {
    const product = await newProduct();
    expect(product.pictures).toEqual([]);
    expect(product.imageUrl).toMatch(/\.svg$/);

    const withPictures = await pictured(owner.token, form(product.id, '+1,+0', [png, jpeg]));
    // The JPEG was sent second but placed first: it is the main picture.
    expect(withPictures.pictures.map((p) => p.url)).toEqual([
      `/api/store/images/picture/${sha256(JPEG_CLEAN)}.jpg`,
      `/api/store/images/picture/${sha256(PNG)}.png`,
    ]);
    expect(withPictures.imageUrl).toBe(withPictures.pictures[0]?.url);

    // Anyone may fetch it, without its metadata, to keep for a year.
    const served = await fetch(`${t.baseUrl}${withPictures.pictures[1]?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${t.baseUrl}/api/store/images/picture/${sha256(PNG)}.jpg`)).status).toBe(404);

    const main = withPictures.imageUrl;
    const detail = expectOk(
      await t.api.get(`/api/store/product?id=${product.id}`),
      storeRoutes.product.response,
    );
    expect(detail.imageUrl).toBe(main);
    expect(detail.images).toEqual(withPictures.pictures.map((p) => p.url));
    const listed = expectOk(
      await t.api.get(`/api/store/products?shopId=${owner.shopId}&limit=50`),
      storeRoutes.products.response,
    );
    expect(listed.items.find((p) => p.id === product.id)?.imageUrl).toBe(main);
    const specId = product.specs[0]?.id ?? 0;
    const { token, orderId } = await paidStoreOrder(t, specId, 1);
    await t.api.post('/api/store/cart', { specId, quantity: 1 }, { token });
    const cart = expectOk(await t.api.get('/api/store/cart', { token }), shoppingRoutes.cart.response);
    expect(cart.lines[0]?.imageUrl).toBe(main);
    const order = expectOk(
      await t.api.get(`/api/store/order?id=${orderId}`, { token }),
      shoppingRoutes.order.response,
    );
    expect(order.lines[0]?.imageUrl).toBe(main);
    const sellerList = expectOk(
      await t.api.get('/api/seller/products?page=1&pageSize=50', { token: owner.token }),
      sellerRoutes.products.response,
    );
    expect(sellerList.items.find((p) => p.id === product.id)?.imageUrl).toBe(main);
  });

  it('reorders, removes and adds in one request, and goes back to the generated picture without any', async () => {
    const product = await newProduct();
    const first = await pictured(owner.token, form(product.id, '+0,+1', [png, jpeg]));
    const [pngId, jpegId] = first.pictures.map((p) => p.id);
    const reordered = await pictured(owner.token, form(product.id, `${jpegId},+0`, [png]));
    expect(reordered.pictures.map((p) => p.id).slice(0, 1)).toEqual([jpegId]);
    expect(reordered.pictures).toHaveLength(2);
    expect(reordered.pictures.some((p) => p.id === pngId)).toBe(false);
    const none = await pictured(owner.token, form(product.id, ''));
    expect(none.pictures).toEqual([]);
    expect(none.imageUrl).toBe(`/api/store/images/product/${product.id}.svg`);
    const detail = expectOk(
      await t.api.get(`/api/store/product?id=${product.id}`),
      storeRoutes.product.response,
    );
    expect(detail.images).toHaveLength(3);
    expect(detail.images.every((url) => url.endsWith('.svg'))).toBe(true);
  });

  // Each refusal counts every table's rows before and after: slow on a loaded machine.
  it('refuses a non-image, a picture too large, a seventh picture and a bad order, writing nothing', async () => {
    const product = await newProduct();
    const kept = await pictured(owner.token, form(product.id, '+0,+1,+2,+3,+4,+5', Array(6).fill(png)));
    const ids = kept.pictures.map((p) => p.id);
    const refused = (body: FormData, key: Parameters<typeof expectRefused>[2]) =>
      expectRefused(db(), () => setPictures(owner.token, body), key);

    await refused(
      form(product.id, '+0', [{ bytes: Buffer.from('not a picture'), type: 'image/png' }]),
      'seller.pictureBadType',
    );
    await refused(
      form(product.id, '+0', [{ bytes: Buffer.from('GIF89a....'), type: 'image/gif' }]),
      'seller.pictureBadType',
    );
    await refused(
      form(product.id, '+0', [{ bytes: PNG.subarray(0, 40), type: 'image/png' }]),
      'seller.pictureBadType',
    );
    await refused(
      form(product.id, '+0', [
        { bytes: Buffer.alloc(PRODUCT_PICTURE_MAX_BYTES + 1, 0x89), type: 'image/png' },
      ]),
      'seller.pictureTooLarge',
    );
    // Six kept and a seventh added; seven files at once.
    await refused(form(product.id, `${ids.join(',')},+0`, [png]), 'seller.tooManyPictures');
    await refused(form(product.id, '+0', Array(7).fill(png)), 'seller.tooManyPictures');
    // A file sent but not placed, placed twice, or a slot without its file.
    await refused(form(product.id, ids.join(','), [png]), 'seller.badPictureOrder');
    await refused(form(product.id, '+0,+0', [png]), 'seller.badPictureOrder');
    await refused(form(product.id, '+1', [png]), 'seller.badPictureOrder');
    await refused(form(product.id, 'main.png'), 'seller.badPictureOrder');
    await refused(form(product.id, `${ids[0]},${ids[0]}`), 'seller.badPictureOrder');

    // In the seller's language.
    expectFailure(
      await setPictures(owner.token, form(product.id, '+0', Array(7).fill(png)), 'fr'),
      'seller.tooManyPictures',
      'fr',
    );
    const after = expectOk(
      await t.api.get(`/api/seller/product?id=${product.id}`, { token: owner.token }),
      sellerRoutes.product.response,
    );
    expect(after.pictures.map((p) => p.id)).toEqual(ids);
  }, 120_000);

  it("never lets a seller touch another shop's product or its pictures (IDOR)", async () => {
    const product = await newProduct();
    const owned = await pictured(owner.token, form(product.id, '+0', [png]));
    const ownerPicture = owned.pictures[0]?.id ?? '';
    const rivalProduct = expectOk(
      await t.api.post('/api/seller/products', PRODUCT, { token: rival.token }),
      sellerRoutes.createProduct.response,
    );
    // The rival's own request on the owner's product, and the owner's picture moved to the rival's product.
    await expectRefused(
      db(),
      () => setPictures(rival.token, form(product.id, '+0', [png])),
      'seller.productNotFound',
    );
    await expectRefused(db(), () => setPictures(rival.token, form(product.id, '')), 'seller.productNotFound');
    await expectRefused(
      db(),
      () => setPictures(rival.token, form(rivalProduct.id, ownerPicture)),
      'seller.badPictureOrder',
    );
    const plain = (await t.api.signUp()).token;
    await expectRefused(db(), () => setPictures(plain, form(product.id, '')), 'seller.notSeller');
    expect(
      (await t.api.request('POST', '/api/seller/products/pictures', { body: form(product.id, '') })).status,
    ).toBe(401);
  });
});
