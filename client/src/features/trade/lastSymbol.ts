import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldOf, persisted } from '../../lib/persisted.ts';

export const LAST_SYMBOL_KEY = 'bourse.trade.symbol';
export const SYMBOL = /^\d{6}$/;

interface LastSymbol {
  /** The stock the ticket showed last, so /trade opens on it next time; null before any. */
  symbol: string | null;
}

const symbolOf = (value: unknown): string | null =>
  typeof value === 'string' && SYMBOL.test(value) ? value : null;

export const useLastSymbol = create<LastSymbol>()(
  persist(
    () => ({ symbol: null }),
    persisted<LastSymbol, LastSymbol>({
      name: LAST_SYMBOL_KEY,
      partialize: ({ symbol }) => ({ symbol }),
      parse: (stored) => ({
        symbol: symbolOf(fieldOf(stored, 'symbol')),
      }),
      // Before persist the key held the bare code.
      fromLegacy: (raw) => ({ symbol: raw }),
    }),
  ),
);

export function rememberSymbol(symbol: string): void {
  if (useLastSymbol.getState().symbol !== symbol) useLastSymbol.setState({ symbol });
}
