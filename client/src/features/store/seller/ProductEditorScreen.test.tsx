import type { SellerProduct } from '@bourse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, ok } from '../../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../../test/renderApp.tsx';

const KEPT_A = '11111111-1111-4111-8111-111111111111';
const KEPT_B = '22222222-2222-4222-8222-222222222222';
const url = (hash: string) => `/api/store/images/picture/${hash.repeat(64)}.png`;

const product: SellerProduct = {
  id: 5,
  category: 'toys',
  name: {
    en: 'Harbour kite',
    'zh-CN': 'Harbour kite',
    ja: 'Harbour kite',
    ko: 'Harbour kite',
    th: 'Harbour kite',
    fr: 'Harbour kite',
    it: 'Harbour kite',
  },
  description: {
    en: 'A kite.',
    'zh-CN': 'A kite.',
    ja: 'A kite.',
    ko: 'A kite.',
    th: 'A kite.',
    fr: 'A kite.',
    it: 'A kite.',
  },
  price: '40.00',
  sales: 0,
  imageUrl: url('a'),
  pictures: [
    { id: KEPT_A, url: url('a') },
    { id: KEPT_B, url: url('b') },
  ],
  onSale: true,
  specs: [{ id: 9, kind: 'colour', label: 'Red', price: '40.00', stock: 5 }],
};

const photo = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

beforeEach(() => {
  resetSession();
  logInAsDemo();
  // The thumbnails of chosen files: the DOM under test has no blob store.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const thumbnails = () =>
  within(screen.getByTestId('product-pictures'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

describe('/seller/product pictures', () => {
  it('adds, reorders and removes pictures, the first marked main, and sends them in that order after the product', async () => {
    const api = fakeApi({
      'GET /seller/product': ok(product),
      'POST /seller/products/edit': ok(product),
      'POST /seller/products/pictures': ok(product),
      'GET /seller/shop': { status: 403, body: { code: 403, msg: 'no', key: 'seller.notSeller' } },
    });
    renderApp('/seller/product?id=5');
    // The first render loads the lazy screen, slow on a busy machine.
    await screen.findByTestId('product-pictures', {}, { timeout: 25_000 });
    expect(thumbnails()).toEqual([url('a'), url('b')]);
    expect(within(screen.getByTestId('product-pictures')).getByText('Main')).toBeTruthy();

    await userEvent.upload(screen.getByTestId('product-pictures-input'), [photo('new.png')]);
    expect(thumbnails()).toEqual([url('a'), url('b'), 'blob:new.png']);
    // The new picture becomes the main one, and the first kept one is removed.
    await userEvent.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(thumbnails()).toEqual(['blob:new.png', url('b')]);
    expect(screen.getByRole('button', { name: 'Move picture 1 earlier' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move picture 2 later' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(callsTo(api, 'POST /seller/products/pictures')).toHaveLength(1));
    expect(callsTo(api, 'POST /seller/products/edit')).toHaveLength(1);
    const sent = callsTo(api, 'POST /seller/products/pictures')[0]?.body as FormData;
    expect(sent.get('id')).toBe('5');
    expect(sent.get('order')).toBe(`+0,${KEPT_B}`);
    expect((sent.getAll('pictures') as File[]).map((f) => f.name)).toEqual(['new.png']);
  }, 40_000);

  it('sends no pictures when they are left as loaded, and takes six at most', async () => {
    const api = fakeApi({
      'GET /seller/product': ok(product),
      'POST /seller/products/edit': ok(product),
      'GET /seller/shop': { status: 403, body: { code: 403, msg: 'no', key: 'seller.notSeller' } },
    });
    renderApp('/seller/product?id=5');
    await screen.findByTestId('product-pictures', {}, { timeout: 25_000 });
    expect(thumbnails()).toHaveLength(2);
    await userEvent.upload(
      screen.getByTestId('product-pictures-input'),
      ['1', '2', '3', '4', '5'].map((n) => photo(`${n}.png`)),
    );
    expect(thumbnails()).toEqual([
      url('a'),
      url('b'),
      'blob:1.png',
      'blob:2.png',
      'blob:3.png',
      'blob:4.png',
    ]);
    expect(screen.queryByText('Add pictures')).toBeNull();
    for (let i = 0; i < 4; i += 1)
      await userEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    expect(thumbnails()).toEqual([url('a'), url('b')]);
    await userEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(callsTo(api, 'POST /seller/products/edit')).toHaveLength(1));
    expect(callsTo(api, 'POST /seller/products/pictures')).toHaveLength(0);
  }, 20_000);
});
