import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf, verified } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const cardsShown = () =>
  screen
    .getAllByTestId('bank-card')
    .map((c) => [
      within(c).getByText(/\*\*\*\*/).textContent,
      within(c).queryByTestId('bank-card-default') !== null,
    ]);

describe('/ucenter/bank-list', () => {
  it('lists the cards with the default first, and moves the default', async () => {
    const first = cardOf(1);
    const second = cardOf(2, { bank: 'CMB' });
    const api = fakeApi({
      'GET /bank/cards': ok([first, second]),
      'POST /bank/cards/default': ok([
        { ...second, isDefault: true },
        { ...first, isDefault: false },
      ]),
    });
    renderApp('/ucenter/bank-list');
    await screen.findAllByTestId('bank-card');
    expect(cardsShown()).toEqual([
      ['6222 **** **** 3441', true],
      ['6222 **** **** 3442', false],
    ]);
    expect(screen.getByText('China Merchants Bank')).toBeTruthy();
    await userEvent.click(screen.getByTestId('card-set-default'));
    await waitFor(() =>
      expect(cardsShown()).toEqual([
        ['6222 **** **** 3442', true],
        ['6222 **** **** 3441', false],
      ]),
    );
    expect(JSON.parse(String(callsTo(api, 'POST /bank/cards/default')[0]?.body))).toEqual({ id: second.id });
  });

  it('unbinds a card after asking, and says when none is left', async () => {
    const card = cardOf(1);
    const api = fakeApi({ 'GET /bank/cards': ok([card]), 'POST /bank/cards/unbind': ok([]) });
    renderApp('/ucenter/bank-list');
    await userEvent.click(await screen.findByTestId('card-unbind'));
    const sheet = await screen.findByRole('dialog', { name: 'Unbind this card?' });
    expect(sheet.textContent).toContain('Your Industrial and Commercial Bank of China card ending 3441');
    await userEvent.click(within(sheet).getByTestId('unbind-confirm'));
    expect((await screen.findByTestId('load-empty')).textContent).toBe('No bank card bound yet.');
    expect(JSON.parse(String(callsTo(api, 'POST /bank/cards/unbind')[0]?.body))).toEqual({ id: card.id });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a card the server will not unbind, with its reason', async () => {
    fakeApi({
      'GET /bank/cards': ok([cardOf(1)]),
      'POST /bank/cards/unbind': {
        status: 409,
        body: { code: 409, msg: 'This card has a transfer in progress.', key: 'bank.cardBusy' },
      },
    });
    renderApp('/ucenter/bank-list');
    await userEvent.click(await screen.findByTestId('card-unbind'));
    await userEvent.click(await screen.findByTestId('unbind-confirm'));
    expect(await screen.findByText('This card has a transfer in progress.')).toBeTruthy();
    expect(screen.getAllByTestId('bank-card')).toHaveLength(1);
  });

  it('leads to the bind form', async () => {
    fakeApi({ 'GET /bank/cards': ok([]), 'GET /user/authenticationDetail': ok(verified) });
    const router = renderApp('/ucenter/bank-list');
    await userEvent.click(await screen.findByTestId('add-card'));
    await settlesAt(router, '/ucenter/bank');
  });
});
