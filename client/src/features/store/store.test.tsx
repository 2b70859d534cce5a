import type { StoreProductCard, StoreProductDetail, StoreShopCard } from '@bourse/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useFollows } from './followStore.ts';

const product = (id: number, overrides: Partial<StoreProductCard> = {}): StoreProductCard => ({
  id,
  shopId: 1,
  category: 'phone',
  name: `Lumio Smartphone Pro ${id}`,
  price: '1299.99',
  rating: '4.6',
  sales: 12_345,
  imageUrl: `/api/store/images/product/${id}.svg`,
  ...overrides,
});

const shop: StoreShopCard = {
  id: 1,
  name: 'Lumio Official Store',
  logoUrl: '/api/store/images/shop/1.svg',
  fans: 120,
  sales: 5_000,
  favourableRate: '98.6',
  totalSales: '123456.70',
};

const detail = (id: number): StoreProductDetail => ({
  ...product(id),
  price: '199.99',
  description: 'Fast, reliable and ready out of the box.',
  createdAt: '2026-10-01T00:00:00.000Z',
  onSale: true,
  images: [0, 1, 2].map((v) => `/api/store/images/product/${id}${v ? `-${v}` : ''}.svg`),
  specs: [
    { id: 11, kind: 'capacity', label: '128 GB', price: '199.99', stock: 0 },
    { id: 12, kind: 'capacity', label: '256 GB', price: '299.99', stock: 7 },
    { id: 13, kind: 'capacity', label: '512 GB', price: '399.99', stock: 3 },
  ],
  shop,
  similar: [product(50, { name: 'Nordvik Smartphone Air 3' })],
  fromShop: [product(51, { name: 'Lumio Power Bank Go 2' })],
});

const categories = [
  {
    key: 'computer',
    name: 'Computer',
    productCount: 150,
    imageUrl: '/api/store/images/category/computer.svg',
  },
  { key: 'phone', name: 'Mobile Phone', productCount: 150, imageUrl: '/api/store/images/category/phone.svg' },
];

beforeEach(() => {
  resetSession();
  useFollows.setState({ followed: null, fans: new Map(), answeredSinceAsked: new Map() });
});
afterEach(() => vi.unstubAllGlobals());

describe('/shop', () => {
  it('shows a visitor banners, categories, hot products and hot shops, in English prices', async () => {
    fakeApi({
      'GET /store/home': ok({
        banners: [
          {
            productId: 7,
            title: 'Lumio Laptop Pro 14',
            imageUrl: '/api/store/images/product/7-1.svg',
            price: '899.99',
          },
        ],
        categories,
        hotProducts: [product(1), product(2, { price: '5.99', sales: 40 })],
        hotShops: [shop],
        recommended: [product(3)],
      }),
    });
    const router = renderApp('/shop');
    const hot = await screen.findByTestId('hot-products');
    expect(
      within(hot)
        .getAllByTestId('product-card')
        .map((c) => c.dataset.id),
    ).toEqual(['1', '2']);
    expect(hot.textContent).toContain('US$1,299.99');
    expect(hot.textContent).toContain('12.3k sold');
    expect(hot.textContent).toContain('US$5.99');
    expect(screen.getByTestId('store-banners').textContent).toContain('Lumio Laptop Pro 14');
    expect(within(screen.getByTestId('hot-shops')).getByTestId('shop-card').textContent).toContain('98.6%');
    expect(screen.getByTestId('tab-shop').getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByTestId('category-phone'));
    await settlesAt(router, '/explore?category=phone');
  });

  it('sends a visitor who taps Follow to log in, and back', async () => {
    fakeApi({
      'GET /store/home': ok({ banners: [], categories, hotProducts: [], hotShops: [shop], recommended: [] }),
    });
    const router = renderApp('/shop');
    await userEvent.click(await screen.findByTestId('shop-follow'));
    await settlesAt(router, '/login?redirect=%2Fshop');
  });
});

describe('/explore', () => {
  it('pages with the cursor the server gives, and a new sort starts a new list', async () => {
    const api = fakeApi({
      'GET /store/categories': ok({ items: categories }),
      'GET /store/products': (_init, url) => {
        const cursor = url.searchParams.get('cursor');
        const first = cursor === null;
        const ids = first ? [1, 2] : [3];
        return jsonResponse({
          code: 1,
          msg: 'ok',
          data: { items: ids.map((id) => product(id)), nextCursor: first ? 'c2' : null },
        });
      },
    });
    renderApp('/explore?category=phone');
    await waitFor(() =>
      expect(screen.getAllByTestId('product-card').map((c) => c.dataset.id)).toEqual(['1', '2', '3']),
    );
    const urls = callsTo(api, 'GET /store/products').length;
    expect(urls).toBe(2);
    const sent = api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const pages = sent.filter((u) => u.pathname === '/api/store/products');
    expect(pages[0]?.searchParams.get('category')).toBe('phone');
    expect(pages[0]?.searchParams.get('sort')).toBe('sales');
    expect(pages[1]?.searchParams.get('cursor')).toBe('c2');
    expect(await screen.findByTestId('explore-category-phone')).toHaveProperty('ariaSelected', 'true');

    await userEvent.click(screen.getByTestId('explore-sort-priceAsc'));
    await waitFor(() => {
      const last = api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).at(-1);
      expect(last?.searchParams.get('sort')).toBe('priceAsc');
      expect(last?.searchParams.get('cursor')).toBeNull();
    });
  });

  it('lists one shop’s products when opened for a store', async () => {
    const api = fakeApi({
      'GET /store/categories': ok({ items: categories }),
      'GET /store/products': ok({ items: [product(5)], nextCursor: null }),
    });
    renderApp('/explore?shopId=1');
    expect(await screen.findByTestId('product-card')).toBeTruthy();
    const sent = api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(sent.find((u) => u.pathname === '/api/store/products')?.searchParams.get('shopId')).toBe('1');
  });

  it('filters by a price range and shows when nothing is left', async () => {
    const api = fakeApi({
      'GET /store/categories': ok({ items: categories }),
      'GET /store/products': ok({ items: [], nextCursor: null }),
    });
    renderApp('/explore');
    await userEvent.type(await screen.findByTestId('explore-min'), '10');
    await userEvent.type(screen.getByTestId('explore-max'), '20.50');
    await userEvent.click(screen.getByTestId('explore-apply'));
    await waitFor(() => {
      const last = api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).at(-1);
      expect(last?.searchParams.get('minPrice')).toBe('10');
      expect(last?.searchParams.get('maxPrice')).toBe('20.50');
    });
    expect((await screen.findByTestId('explore-empty')).textContent).toBe('No products here.');
  });
});

describe('/detail/:id', () => {
  it('shows the gallery, specs with their own stock and price, and the shop and recommendations', async () => {
    fakeApi({ 'GET /store/product': ok(detail(9)) });
    renderApp('/detail/9');
    expect(await screen.findByTestId('gallery')).toBeTruthy();
    expect(screen.getByTestId('gallery').querySelectorAll('img')).toHaveLength(3);
    const specs = screen.getAllByTestId('spec');
    // The sold-out first spec cannot be chosen; the first in stock is.
    expect((specs[0] as HTMLButtonElement).disabled).toBe(true);
    expect(specs[0]?.textContent).toContain('Sold out');
    expect(specs[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(specs[1]?.textContent).toContain('Stock: 7');
    expect(screen.getByTestId('product-price').textContent).toBe('US$299.99');
    await userEvent.click(specs[2] as HTMLElement);
    expect(screen.getByTestId('product-price').textContent).toBe('US$399.99');
    expect(screen.getByTestId('shop-card').textContent).toContain('Lumio Official Store');
    expect(screen.getByTestId('similar').textContent).toContain('Nordvik Smartphone Air 3');
    expect(screen.getByTestId('from-shop').textContent).toContain('Lumio Power Bank Go 2');
  });

  it('says a delisted product is no longer on sale, with no spec to choose and no way to buy', async () => {
    fakeApi({ 'GET /store/product': ok({ ...detail(9), onSale: false }) });
    renderApp('/detail/9');
    expect((await screen.findByTestId('off-sale')).textContent).toContain('taken this product off sale');
    expect(screen.getAllByTestId('spec').every((spec) => (spec as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByTestId('off-sale-bar').textContent).toBe('No longer on sale');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    expect(screen.queryByTestId('buy-now')).toBeNull();
  });

  it('lets a signed-in user follow the shop, the fans moving with the answer', async () => {
    logInAsDemo();
    const api = fakeApi({
      'GET /store/product': ok(detail(9)),
      'GET /store/follows': ok({ shopIds: [] }),
      'POST /store/follows': ok({ shopId: 1, followed: true, fans: 121 }),
      'DELETE /store/follows': ok({ shopId: 1, followed: false, fans: 120 }),
    });
    renderApp('/detail/9');
    const follow = await screen.findByTestId('shop-follow');
    await waitFor(() => expect(callsTo(api, 'GET /store/follows')).toHaveLength(1));
    expect(follow.textContent).toBe('Follow');
    await userEvent.click(follow);
    await waitFor(() => expect(follow.textContent).toBe('Followed'));
    expect(screen.getByTestId('shop-fans').textContent).toBe('121');
    expect(JSON.parse(String(callsTo(api, 'POST /store/follows')[0]?.body))).toEqual({ shopId: 1 });
    await userEvent.click(follow);
    await waitFor(() => expect(follow.textContent).toBe('Follow'));
    expect(screen.getByTestId('shop-fans').textContent).toBe('120');
  });

  it('shows the server’s refusal for a product that does not exist', async () => {
    fakeApi({
      'GET /store/product': {
        status: 404,
        body: {
          code: 404,
          msg: 'This product does not exist or is no longer on sale.',
          key: 'store.unknownProduct',
        },
      },
    });
    renderApp('/detail/999999');
    expect((await screen.findByTestId('load-error')).textContent).toContain('This product does not exist');
  });
});

describe('/search', () => {
  it('answers as the user types, with stores and products', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeApi({
        'GET /store/search': (_init, url) =>
          jsonResponse({
            code: 1,
            msg: 'ok',
            data:
              url.searchParams.get('q') === 'smartphnoe'
                ? { products: [product(4)], shops: [shop] }
                : { products: [], shops: [] },
          }),
      });
      const router = renderApp('/search');
      const input = await screen.findByTestId('store-search-input');
      fireEvent.change(input, { target: { value: 'smartphnoe' } });
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect((await screen.findByTestId('store-search-shops')).textContent).toContain('Lumio Official Store');
      expect(callsTo(api, 'GET /store/search')).toHaveLength(1);
      fireEvent.change(input, { target: { value: 'zzqq' } });
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect((await screen.findByTestId('store-search-none')).textContent).toBe('Nothing matches “zzqq”.');
      fireEvent.change(input, { target: { value: 'smartphnoe' } });
      await act(() => vi.advanceTimersByTimeAsync(250));
      await userEvent.click(await screen.findByTestId('store-search-product'));
      await settlesAt(router, '/detail/4');
      // A store opens its products in /explore.
      await act(() => router.navigate(-1));
      fireEvent.change(await screen.findByTestId('store-search-input'), { target: { value: 'smartphnoe' } });
      await act(() => vi.advanceTimersByTimeAsync(250));
      await userEvent.click(await screen.findByTestId('store-search-shop'));
      await settlesAt(router, '/explore?shopId=1');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/checkout', () => {
  const quote = {
    shops: [
      {
        shopId: 1,
        shopName: 'Lumio Official Store',
        lines: [
          {
            specId: 12,
            productId: 9,
            name: 'Lumio Smartphone Pro 9',
            specLabel: '256 GB',
            imageUrl: '/api/store/images/product/9.svg',
            unitPrice: '299.99',
            quantity: 1,
            subtotal: '299.99',
          },
        ],
        subtotal: '299.99',
        freight: '0.00',
        discount: '0.00',
        total: '299.99',
      },
    ],
    promoCode: null,
    subtotal: '299.99',
    freight: '0.00',
    discount: '0.00',
    total: '299.99',
    balance: '2000.00',
  };
  const home = {
    id: '6f1c1c1e-6a52-4a4e-9d43-1d7c3f1b2a10',
    addressee: 'Ada Lovelace',
    mobile: '+44 20 7946 0958',
    country: 'GB',
    region: 'England',
    detail: '12 St James Square, London',
    tag: 'home',
    isDefault: true,
  };

  it('waits for the addresses before Place order, rather than saying there is none', async () => {
    logInAsDemo();
    let answerAddresses: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'POST /store/checkout/quote': ok(quote),
      'GET /store/addresses': () => new Promise<Response>((resolve) => (answerAddresses = resolve)),
      'POST /store/checkout': ok({ orders: [], total: '299.99' }),
      'GET /store/cart': ok({ lines: [] }),
    });
    const router = renderApp('/my');
    await act(() => router.navigate('/checkout', { state: { items: [{ specId: 12, quantity: 1 }] } }));
    await screen.findByTestId('checkout-totals', {}, { timeout: 10_000 });
    const place = screen.getByTestId('place-order') as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    expect(screen.queryByTestId('checkout-address')).toBeNull();

    act(() => answerAddresses(jsonResponse({ code: 1, msg: 'ok', data: { items: [home] } })));
    await waitFor(() => expect(place.disabled).toBe(false));
    expect(screen.getByTestId('checkout-address').textContent).toContain('Ada Lovelace');
    await userEvent.click(place);
    await waitFor(() => expect(callsTo(api, 'POST /store/checkout')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /store/checkout')[0]?.body)).addressId).toBe(home.id);
  }, 30_000);
});
