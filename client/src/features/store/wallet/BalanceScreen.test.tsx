import type { FundRecord } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../../test/renderApp.tsx';

const record = (id: string, overrides: Partial<FundRecord>): FundRecord => ({
  id,
  kind: 'payout',
  amount: '38.00',
  frozen: '0.00',
  balance: '63.50',
  recovered: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

describe('/store/balance', () => {
  it('tells the seller what a payout kept back, and says nothing on a payout that kept nothing', async () => {
    fakeApi({
      'GET /store/wallet': ok({ balance: '63.50', frozen: '0.00', currency: 'USD' }),
      'GET /store/fundRecords': ok({
        items: [
          record('7f0c5b1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', {}),
          record('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', {
            amount: '25.50',
            balance: '25.50',
            recovered: '12.50',
          }),
        ],
        nextCursor: null,
      }),
    });
    renderApp('/store/balance');
    // The first render loads the lazy screen, slow on a busy machine.
    const [full, smaller] = (await screen.findAllByTestId('fund-record', {}, { timeout: 25_000 })) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(full).queryByTestId('fund-record-recovered')).toBeNull();
    expect(within(smaller).getByTestId('fund-record-recovered').textContent).toBe(
      'US$12.50 kept back against refunds the platform advanced for your shop',
    );
  }, 40_000);
});
