import { type Cart, type CartLine, MAX_LINE_QUANTITY } from '@bourse/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { logger } from '../../lib/logger.ts';
import { isLoggedIn, useSession } from '../session/index.ts';
import { addToCart, fetchCart, mergeCart, removeFromCart, updateCart } from './shoppingApi.ts';

/**
 * The cart. A guest's lives in this browser's localStorage (the lines as shown when added; the
 * product page adds to it, and /cart, behind login as the spec's guard has it, shows it merged); a
 * signed-in shopper's lives on the server, which is the truth. At login a guest's lines are
 * merged into the account's cart once (quantities add up, clamped to stock), then cleared here,
 * as the watchlist does.
 */
export const GUEST_CART_KEY = 'bourse.cart.guest';

interface CartState {
  lines: CartLine[];
  /** False until the signed-in shopper's cart has come from the server. */
  known: boolean;
}

export const useCartStore = create<CartState>(() => ({ lines: readGuest(), known: true }));

export function readGuest(): CartLine[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]');
    return Array.isArray(value) ? (value as CartLine[]).filter((l) => Number.isInteger(l?.specId)) : [];
  } catch {
    return [];
  }
}

function writeGuest(lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(GUEST_CART_KEY);
    else localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  } catch (error) {
    // Private mode may refuse storage: the cart still holds for this visit.
    logger.warn('cart: not saved', error);
  }
}

const signedIn = () => isLoggedIn(useSession.getState());
const show = (cart: Cart) => useCartStore.setState({ lines: cart.lines, known: true });
const setGuest = (lines: CartLine[]) => {
  writeGuest(lines);
  useCartStore.setState({ lines, known: true });
};

/** Loads the cart of `token`'s shopper, merging the device's guest lines into it first; '' is a guest. */
export async function loadCart(token: string): Promise<void> {
  if (token === '') {
    useCartStore.setState({ lines: readGuest(), known: true });
    return;
  }
  const guest = readGuest();
  try {
    if (guest.length === 0) show(await fetchCart());
    else {
      show(await mergeCart(guest.map((l) => ({ specId: l.specId, quantity: l.quantity }))));
      writeGuest([]);
    }
  } catch (error) {
    logger.warn('cart: not loaded', error);
  }
}

/** Adds a spec (the line as the product page shows it): on the server, or on this device for a guest. */
export async function addLine(line: CartLine): Promise<void> {
  if (signedIn()) {
    show(await addToCart({ specId: line.specId, quantity: line.quantity }));
    return;
  }
  const lines = readGuest();
  const held = lines.find((l) => l.specId === line.specId);
  const quantity = Math.min((held?.quantity ?? 0) + line.quantity, line.stock, MAX_LINE_QUANTITY);
  setGuest([{ ...line, quantity }, ...lines.filter((l) => l.specId !== line.specId)]);
}

export async function changeLine(specId: number, change: { quantity?: number; selected?: boolean }) {
  if (signedIn()) {
    show(await updateCart({ specId, ...change }));
    return;
  }
  setGuest(
    readGuest().map((l) =>
      l.specId === specId
        ? {
            ...l,
            ...change,
            quantity: Math.max(1, Math.min(change.quantity ?? l.quantity, l.stock, MAX_LINE_QUANTITY)),
          }
        : l,
    ),
  );
}

export async function removeLines(specIds: number[]): Promise<void> {
  if (signedIn()) {
    show(await removeFromCart(specIds));
    return;
  }
  setGuest(readGuest().filter((l) => !specIds.includes(l.specId)));
}

/** The cart, (re)loaded whenever the session changes: a login merges the guest's lines. */
export function useCart(): CartState {
  const token = useSession((s) => s.token);
  useEffect(() => {
    void loadCart(token);
  }, [token]);
  return useCartStore();
}
