import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logIn, resetSession } from '../../test/renderApp.tsx';
import { AlertSheet } from './AlertSheet.tsx';

beforeEach(() => {
  resetSession();
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

const created = {
  id: '7b0c6c55-3c1f-4d6e-9a51-0d1f3c2f4e10',
  symbol: '600519',
  name: '贵州茅台',
  kind: 'riseBy',
  level: null,
  percent: '4.5',
  repeat: true,
  cooldownMinutes: 15,
  enabled: true,
  lastFiredAt: null,
  lastFiredPrice: null,
  createdAt: '2026-07-06T02:00:00.000Z',
};

function renderSheet() {
  const onClose = vi.fn();
  render(<AlertSheet symbol="600519" name="贵州茅台" price="1500.00" onClose={onClose} />);
  return { onClose };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('AlertSheet', () => {
  it('starts at "price at or above" the last price and sends only what the kind uses', async () => {
    const api = fakeApi({
      'POST /user/alerts': ok({ ...created, kind: 'above', level: '1500', percent: null }),
    });
    const { onClose } = renderSheet();
    expect(screen.getByRole('dialog', { name: 'Price alert on 贵州茅台' })).toBeTruthy();
    expect(screen.getByTestId('alert-kind-above').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Price (CNY)') as HTMLInputElement).value).toBe('1500.00');
    await userEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(callsTo(api, 'POST /user/alerts')[0])).toEqual({
      symbol: '600519',
      kind: 'above',
      level: '1500.00',
      repeat: false,
    });
  });

  it('sets a repeating daily-change alert with its quiet time', async () => {
    const api = fakeApi({ 'POST /user/alerts': ok(created) });
    const { onClose } = renderSheet();
    await userEvent.click(screen.getByTestId('alert-kind-riseBy'));
    expect(screen.queryByLabelText('Price (CNY)')).toBeNull();
    const percent = screen.getByLabelText('Daily change (%)');
    await userEvent.clear(percent);
    await userEvent.type(percent, '4.5');
    await userEvent.click(screen.getByTestId('alert-frequency-repeat'));
    const cooldown = screen.getByLabelText('Quiet time after firing (market minutes)');
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '15');
    await userEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(callsTo(api, 'POST /user/alerts')[0])).toEqual({
      symbol: '600519',
      kind: 'riseBy',
      percent: '4.5',
      repeat: true,
      cooldownMinutes: 15,
    });
  });

  it('says what is wrong beside the field and sends nothing', async () => {
    const api = fakeApi({});
    const { onClose } = renderSheet();
    const level = screen.getByLabelText('Price (CNY)');
    await userEvent.clear(level);
    await userEvent.type(level, '-3');
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(
      await screen.findByText('A price level is a positive number with at most three decimals.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByTestId('alert-kind-fallBy'));
    const percent = screen.getByLabelText('Daily change (%)');
    await userEvent.clear(percent);
    await userEvent.type(percent, '31');
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(
      await screen.findByText('A daily change is above 0% and at most 30%, with at most two decimals.'),
    ).toBeTruthy();
    expect(callsTo(api, 'POST /user/alerts')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (the cap of 50) and stays open", async () => {
    fakeApi({
      'POST /user/alerts': {
        status: 409,
        body: {
          code: 409,
          key: 'priceAlert.tooMany',
          msg: 'You can have at most 50 alerts switched on. Switch one off or delete it first.',
        },
      },
    });
    const { onClose } = renderSheet();
    await userEvent.click(screen.getByTestId('alert-kind-limitUp'));
    await userEvent.click(screen.getByTestId('alert-save'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'You can have at most 50 alerts switched on. Switch one off or delete it first.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
