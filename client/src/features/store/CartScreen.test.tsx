import type { CartLine } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useCartStore } from './cartStore.ts';

const line = (specId: number, overrides: Partial<CartLine> = {}): CartLine => ({
  specId,
  productId: specId * 10,
  shopId: 1,
  shopName: 'Harbour Kites',
  name: `Kite ${specId}`,
  specLabel: 'Red',
  imageUrl: `/api/store/images/product/${specId * 10}.svg`,
  quantity: 2,
  selected: true,
  price: '10.00',
  priceWhenAdded: '10.00',
  stock: 5,
  onSale: true,
  ...overrides,
});

beforeEach(() => {
  resetSession();
  logInAsDemo();
  useCartStore.setState({ lines: [], known: false });
});
afterEach(() => vi.unstubAllGlobals());

const cartLine = (specId: number) =>
  screen.getAllByTestId('cart-line').find((l) => l.dataset.spec === String(specId)) as HTMLElement;

describe('/cart', () => {
  it('leaves selected lines that cannot be bought out of the count and the total, and says why on each', async () => {
    fakeApi({
      'GET /store/cart': ok({
        lines: [
          line(1),
          line(2, { onSale: false, price: '50.00', priceWhenAdded: '50.00', quantity: 1 }),
          line(3, { stock: 0, quantity: 1, price: '7.00', priceWhenAdded: '7.00' }),
          line(4, { stock: 1, quantity: 3 }),
        ],
      }),
    });
    const router = renderApp('/cart');
    const checkout = await screen.findByTestId('cart-checkout', {}, { timeout: 25_000 });
    await vi.waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(4));
    // Only line 1 can go: 2 × 10.00.
    expect(checkout.textContent).toBe('Checkout (1)');
    expect(screen.getByTestId('cart-bar').textContent).toContain('20.00');
    expect(screen.getByTestId('cart-bar').textContent).not.toContain('77.00');
    expect(within(cartLine(2)).getByTestId('off-sale').textContent).toBe('No longer on sale');
    expect(within(cartLine(3)).getByTestId('stock-low').textContent).toBe('Only 0 in stock');
    expect(within(cartLine(4)).getByTestId('stock-low').textContent).toBe('Only 1 in stock');
    expect(within(cartLine(1)).queryByTestId('stock-low')).toBeNull();

    await userEvent.click(checkout);
    await settlesAt(router, '/checkout');
    expect(router.state.location.state).toEqual({ items: [{ specId: 1, quantity: 2 }] });
  }, 40_000);

  it('says why when every selected line is one that cannot be bought', async () => {
    fakeApi({ 'GET /store/cart': ok({ lines: [line(2, { onSale: false }), line(1, { selected: false })] }) });
    const router = renderApp('/cart');
    const checkout = await screen.findByTestId('cart-checkout', {}, { timeout: 25_000 });
    await vi.waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(checkout.textContent).toBe('Checkout (0)');
    await userEvent.click(checkout);
    expect(await screen.findByText('Kite 2 is no longer on sale.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
  }, 40_000);
});
