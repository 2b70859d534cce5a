import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { resetPingSockets } from '../features/connectionCheck/runCheck.ts';
import { resetMarketConnection } from '../features/market/data/market.ts';
import { resetInbox } from '../features/messages/inbox.ts';
import { resetUserChannel } from '../features/trade/data/user.ts';
import { resetWatchlist } from '../features/watchlist/watchlistStore.ts';
import { initI18n } from '../i18n/index.ts';
import { FakeMarketSocket } from './fakeMarketSocket.ts';

// Lazy screens are transformed on first use: give findBy/waitFor room on a slow CI machine.
configure({ asyncUtilTimeout: 5000 });

// Files share one jsdom (isolate: false): each starts with empty storage, as in a new browser.
localStorage.clear();
sessionStorage.clear();
resetWatchlist();

// jsdom lays nothing out, so it has no ResizeObserver: one that never reports, as nothing resizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Tests read English; catalogues.test.ts checks that every language has the same keys.
beforeAll(async () => {
  await initI18n('en');
});

// No test reaches a network: market and trading screens get sockets that never connect unless told to.
beforeEach(() => {
  resetMarketConnection(() => new FakeMarketSocket());
  resetInbox(() => new FakeMarketSocket());
  resetUserChannel(() => new FakeMarketSocket());
  resetPingSockets(() => new FakeMarketSocket());
});

afterEach(() => {
  cleanup();
});
