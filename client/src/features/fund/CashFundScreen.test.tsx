import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { fundOperationOf, fundOverviewOf, fundYieldOf, pageOf } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

function fund(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /fund/cash': ok(fundOverviewOf()),
    'GET /fund/cash/yields': ok(
      pageOf([fundYieldOf('2026-07-07'), fundYieldOf('2026-07-06', { paid: '0.00' })]),
    ),
    'GET /fund/cash/history': ok(
      pageOf([
        fundOperationOf(2, { kind: 'yield', units: '0.41', unitsAfter: '10000.41' }),
        fundOperationOf(1),
      ]),
    ),
    'POST /fund/cash/subscribe': ok(fundOperationOf(3, { units: '1000.00', unitsAfter: '11000.41' })),
    'POST /fund/cash/redeem': ok(
      fundOperationOf(4, { kind: 'redeem', units: '-500.00', unitsAfter: '9500.41' }),
    ),
    ...extra,
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('/personCenter/money', () => {
  it("shows the units, the yields and the fund's rates", async () => {
    fund();
    renderApp('/personCenter/money');
    expect((await screen.findByTestId('fund-units')).textContent).toBe('10,000.41');
    expect([text('fund-latest-yield'), text('fund-total-yield')]).toEqual(['+0.44', '+0.85']);
    expect([text('fund-annualised'), text('fund-per10k')]).toEqual(['1.540%', '0.4420']);
    const days = within(screen.getByTestId('fund-days')).getAllByRole('row');
    expect(days.map((r) => r.textContent)).toEqual([
      'DatePer 10,000 units7-day annualised',
      '2026-07-070.44201.540%',
      '2026-07-060.41231.511%',
    ]);
    const yields = await screen.findAllByTestId('fund-yield');
    expect(yields[0]?.textContent).toContain('10,000.00 units at 0.4123 per 10,000');
    await userEvent.click(screen.getByTestId('fund-tab-history'));
    const operations = await screen.findAllByTestId('fund-operation');
    expect(operations.map((o) => o.dataset.kind)).toEqual(['yield', 'subscribe']);
  });

  it('subscribes with an Idempotency-Key and takes the figures again', async () => {
    const api = fund();
    renderApp('/personCenter/money');
    await userEvent.click(await screen.findByTestId('fund-subscribe'));
    const sheet = await screen.findByTestId('fund-subscribe-sheet');
    expect(sheet.textContent).toContain('Withdrawable cash: 5,000.00');
    await userEvent.type(within(sheet).getByTestId('fund-trade-value'), '1000');
    await userEvent.click(within(sheet).getByTestId('fund-trade-submit'));
    await waitFor(() => expect(screen.queryByTestId('fund-subscribe-sheet')).toBeNull());
    const [call] = callsTo(api, 'POST /fund/cash/subscribe');
    expect(JSON.parse(String(call?.body))).toEqual({ amount: '1000.00' });
    expect((call?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
    await waitFor(() => expect(callsTo(api, 'GET /fund/cash')).toHaveLength(2));
    expect(useToastStore.getState().current?.message).toBe(
      'Subscribed 1,000.00 units; they earn from 2026-07-06.',
    );
  });

  it('explains when a purchase starts earning, and the T+0 cap before a redemption', async () => {
    fund({ 'GET /fund/cash': ok(fundOverviewOf({ fastRedeemLeft: '2500.00' })) });
    renderApp('/personCenter/money');
    await userEvent.click(await screen.findByTestId('fund-subscribe'));
    expect(text('fund-trade-rule')).toContain('bought on a Friday, it earns from Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByTestId('fund-redeem'));
    expect(text('fund-trade-rule')).toBe(
      'Up to 10,000.00 CNY a day is paid to cash at once (left today: 2,500.00); the rest is paid on the next trading day.',
    );
  });

  it('tells how a redemption over the cap is split, and when the rest arrives', async () => {
    fund({
      'GET /fund/cash': ok(fundOverviewOf({ redeeming: '15000.00', redeemingPayableOn: '2026-07-08' })),
      'POST /fund/cash/redeem': ok(
        fundOperationOf(4, {
          kind: 'redeem',
          units: '-10000.41',
          unitsAfter: '0.00',
          deferred: '7500.41',
          payableOn: '2026-07-08',
          earnsFrom: null,
        }),
      ),
    });
    renderApp('/personCenter/money');
    expect((await screen.findByTestId('fund-redeeming')).textContent).toBe(
      '15,000.00 units redeemed, paid to cash on 2026-07-08.',
    );
    await userEvent.click(screen.getByTestId('fund-redeem'));
    const sheet = await screen.findByTestId('fund-redeem-sheet');
    await userEvent.click(within(sheet).getByTestId('fund-trade-all'));
    await userEvent.click(within(sheet).getByTestId('fund-trade-submit'));
    await waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe(
        'Redeemed 10,000.41 units: 2,500.00 to cash now, 7,500.41 on 2026-07-08.',
      ),
    );
  });

  it.each([
    ['subscribe', '', 'The amount cannot be less than or equal to 0 or empty.'],
    ['subscribe', '5000.01', 'The amount cannot be larger than your withdrawable cash (5,000.00 CNY).'],
    ['redeem', '10000.42', 'You hold only 10,000.41 units.'],
  ] as const)('refuses to %s %j', async (kind, value, message) => {
    const api = fund();
    renderApp('/personCenter/money');
    await userEvent.click(await screen.findByTestId(`fund-${kind}`));
    const sheet = await screen.findByTestId(`fund-${kind}-sheet`);
    if (value) await userEvent.type(within(sheet).getByTestId('fund-trade-value'), value);
    await userEvent.click(within(sheet).getByTestId('fund-trade-submit'));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(message);
    expect(callsTo(api, `POST /fund/cash/${kind}`)).toHaveLength(0);
  });

  it('redeems all the units held', async () => {
    const api = fund();
    renderApp('/personCenter/money');
    await userEvent.click(await screen.findByTestId('fund-redeem'));
    const sheet = await screen.findByTestId('fund-redeem-sheet');
    await userEvent.click(within(sheet).getByTestId('fund-trade-all'));
    await userEvent.click(within(sheet).getByTestId('fund-trade-submit'));
    await waitFor(() => expect(callsTo(api, 'POST /fund/cash/redeem')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /fund/cash/redeem')[0]?.body))).toEqual({
      units: '10000.41',
    });
  });
});
