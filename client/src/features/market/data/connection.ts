import { logger } from '../../../lib/logger.ts';
import type { MarketConnection } from './marketConnection.ts';

/**
 * The market connection's code (socket.io-client and the zod contracts, some 50 KB) is not
 * part of a screen's chunk: market routes start fetching it beside their own chunk
 * (`preloadMarketData`), and home draws its frame without waiting for it.
 */
let loading: Promise<typeof import('./market.ts')> | undefined;

function loadModule(): Promise<typeof import('./market.ts')> {
  loading ??= import('./market.ts').catch((error: unknown) => {
    // Offline or a stale deploy: let the next screen try again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts fetching the market data layer without waiting for it. */
export function preloadMarketData(): void {
  loadModule().catch((error: unknown) => logger.warn('market data layer: preload failed', error));
}

export async function loadMarketConnection(): Promise<MarketConnection> {
  return (await loadModule()).marketConnection();
}

/**
 * Runs `use` with the connection once it is loaded; the returned function undoes it (or
 * cancels it if the connection has not loaded yet). Made for effects:
 * `useEffect(() => withConnection((c) => c.watchRank(list)), [list])`.
 */
export function withConnection(use: (connection: MarketConnection) => (() => void) | undefined): () => void {
  let cancelled = false;
  let undo: (() => void) | undefined;
  loadMarketConnection().then(
    (connection) => {
      if (!cancelled) undo = use(connection);
    },
    (error: unknown) => logger.error('market data layer failed to load', error),
  );
  return () => {
    cancelled = true;
    undo?.();
  };
}
