import type { DragonTigerEntry } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { fakeApi, ok } from '../../test/fixtures.ts';
import { renderApp, resetSession } from '../../test/renderApp.tsx';
import { resetMarketConnection } from '../market/data/market.ts';

/** The entry seen on the phone tour: down 10.09% on the day, 8.24% below its index. */
const entry: DragonTigerEntry = {
  symbol: '603646',
  name: '豫威钢管',
  reason: 'deviationDown',
  value: '-8.24',
  close: '3.92',
  pct: '-10.09',
  turnover: '428650000.00',
  buys: [],
  sells: [],
  net: '-46570000.00',
};

beforeEach(() => {
  resetSession();
  resetMarketConnection(() => new FakeMarketSocket());
});
afterEach(() => vi.unstubAllGlobals());

describe('/dragonTigerList', () => {
  it('says down once ("down 8.24%") and shows amounts with two decimals', async () => {
    fakeApi({
      'GET /market/dragonTiger/dates': ok({ dates: ['2026-11-27'] }),
      'GET /market/rank/dragonTiger': ok({ tradingDate: '2026-11-27', entries: [entry] }),
    });
    renderApp('/dragonTigerList');
    const card = within(await screen.findByTestId('dt-entry'));
    expect(card.getByText('Close deviation from its index, down').textContent).toBeTruthy();
    expect(card.getByText('8.24%')).toBeTruthy();
    expect(card.queryByText('-8.24%')).toBeNull();
    expect(card.getByText('428.65M')).toBeTruthy();
    expect(card.getByTestId('dt-net').textContent).toBe('-46.57M');
  });
});
