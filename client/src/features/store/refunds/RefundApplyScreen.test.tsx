import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, ok } from '../../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const ORDER = '0b6f1f5e-3c1a-4f57-9a55-2f1d8c1e7a10';
const REFUND = '6f1c2a9e-0d4b-4a57-8f7e-3b2d1c0a9e8f';
const terms = {
  orderId: ORDER,
  orderNumber: 'S20261127000042',
  paid: '80.00',
  refunded: '0.00',
  refundable: '80.00',
  openRefundId: null,
  canRequest: true,
};
const refund = {
  id: REFUND,
  orderId: ORDER,
  orderNumber: 'S20261127000042',
  type: 'refundOnly',
  productStatus: 'notReceived',
  amount: '80.00',
  reason: 'damaged',
  explanation: 'Crushed box.',
  state: 'requested',
  review: 'auditing',
  refusalReason: null,
  refusalNote: null,
  returnCarrier: null,
  returnTrackingNo: null,
  answerBy: '2026-11-29T10:00:00.000Z',
  escalation: null,
  source: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  timeline: [{ step: 'requested', actor: 'shopper', at: '2026-11-27T10:00:00.000Z' }],
};

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });

describe('/store/refund/apply', () => {
  it('checks every field before sending, then sends the form with its proof and opens the refund', async () => {
    const api = fakeApi({
      'GET /store/refunds/terms': ok(terms),
      'POST /store/refunds': ok(refund),
      'GET /store/refund': ok(refund),
    });
    renderApp(`/store/refund/apply?orderId=${ORDER}`);
    await userEvent.click(await screen.findByTestId('refund-submit'));
    expect(await screen.findByText('Please enter the refund amount.')).toBeTruthy();
    expect(screen.getByText('Please choose a reason for the refund.')).toBeTruthy();
    expect(screen.getByText('Please explain the problem.')).toBeTruthy();
    expect(screen.getByText('Please upload a proof image.')).toBeTruthy();
    await userEvent.type(screen.getByTestId('refund-amount'), '80.01');
    await userEvent.click(screen.getByTestId('refund-submit'));
    expect(
      await screen.findByText(
        'The refund amount cannot be more than what was paid and not yet refunded (80.00 USD).',
      ),
    ).toBeTruthy();
    expect(callsTo(api, 'POST /store/refunds')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('refund-amount-all'));
    await userEvent.click(screen.getByTestId('refund-reason-damaged'));
    await userEvent.type(screen.getByTestId('refund-explanation'), 'Crushed box.');
    await userEvent.upload(screen.getByTestId('refund-proof'), png);
    await userEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(callsTo(api, 'POST /store/refunds')).toHaveLength(1));
    const call = callsTo(api, 'POST /store/refunds')[0];
    const body = call?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'proof'))).toEqual({
      orderId: ORDER,
      type: 'refundOnly',
      productStatus: 'notReceived',
      amount: '80.00',
      reason: 'damaged',
      explanation: 'Crushed box.',
    });
    expect((body.get('proof') as File).name).toBe('proof.png');
    expect((call?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect(await screen.findByTestId('refund-state')).toBeTruthy();
    expect(screen.getByTestId('refund-state').textContent).toBe('Waiting for the shop');
  });

  it("says 'You have already submitted a refund request' while one is open, with the way to it", async () => {
    fakeApi({ 'GET /store/refunds/terms': ok({ ...terms, openRefundId: REFUND, canRequest: false }) });
    renderApp(`/store/refund/apply?orderId=${ORDER}`);
    expect((await screen.findByTestId('refund-already')).textContent).toContain(
      'You have already submitted a refund request',
    );
    expect(screen.getByTestId('refund-open-link').getAttribute('href')).toBe(`/store/refunds/${REFUND}`);
    expect(screen.queryByTestId('refund-submit')).toBeNull();
  });
});
