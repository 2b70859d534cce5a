import type { ShipmentView } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../../../i18n/index.ts';
import { FakeMarketSocket } from '../../../test/fakeMarketSocket.ts';
import { fakeApi, ok } from '../../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../../test/renderApp.tsx';
import { resetInbox } from '../../messages/inbox.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
  resetInbox(() => new FakeMarketSocket());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLocale('en');
});

const shipment: ShipmentView = {
  trackingNo: 'BX0123456789CN',
  orderId: 'order-1',
  carrier: 'bourse-express',
  status: 'exportCustoms',
  createdAt: '2026-11-27T00:00:00.000Z',
  events: [
    { event: 'pickedUp', at: '2026-11-27T04:00:00.000Z' },
    { event: 'departedOrigin', at: '2026-11-27T16:00:00.000Z' },
    { event: 'exportCustoms', at: '2026-11-28T08:00:00.000Z' },
  ],
};

describe('the logistics page', () => {
  it('shows the status and the timeline newest first, ending with the handover', async () => {
    fakeApi({ 'GET /store/logistics': ok(shipment), 'GET /messages/unreadCount': ok({ unread: 0 }) });
    renderApp('/store/logistics/BX0123456789CN');
    expect((await screen.findByTestId('shipment-status')).textContent).toBe('Export customs cleared');
    const steps = within(screen.getByTestId('timeline')).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.dataset.event)).toEqual([
      'exportCustoms',
      'departedOrigin',
      'pickedUp',
      'created',
    ]);
    // Times in market time (Asia/Shanghai, UTC+8).
    expect(steps[0]?.textContent).toContain('2026-11-28 16:00');
  });

  it("reads in the shopper's language", async () => {
    await applyLocale('ja');
    fakeApi({ 'GET /store/logistics': ok(shipment), 'GET /messages/unreadCount': ok({ unread: 0 }) });
    renderApp('/store/logistics/BX0123456789CN');
    expect((await screen.findByTestId('shipment-status')).textContent).toBe('輸出通関が完了しました');
  });

  it("says so when the tracking number is not the shopper's", async () => {
    fakeApi({
      'GET /store/logistics': {
        status: 404,
        body: { code: 404, msg: 'No shipment of yours has this tracking number.' },
      },
      'GET /messages/unreadCount': ok({ unread: 0 }),
    });
    renderApp('/store/logistics/BX0000000000CN');
    expect((await screen.findByTestId('load-error')).textContent).toContain('No shipment of yours');
  });
});
