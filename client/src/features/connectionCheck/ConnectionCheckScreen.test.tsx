import { MARKET_NAMESPACE, SOCKET_PING } from '@bourse/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { callsTo, fakeApi, jsonResponse } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';
import { resetMarketConnection } from '../market/data/market.ts';
import { resetInbox } from '../messages/inbox.ts';
import { resetUserChannel } from '../trade/data/user.ts';
import { resetPingSockets } from './runCheck.ts';

/** The server's clock in these tests runs 90 s ahead of the device's. */
const SERVER_AHEAD_MS = 90_000;

/** A socket whose server answers each ping with its clock, as the real namespaces do. */
class PingedSocket extends FakeMarketSocket {
  override emit(event: string, payload: unknown, ack?: (reply: unknown) => void): this {
    super.emit(event, payload, ack);
    if (event === SOCKET_PING) {
      setTimeout(() => ack?.({ ok: true, data: { serverTime: Date.now() + SERVER_AHEAD_MS } }), 1);
    }
    return this;
  }
}

let market: PingedSocket;
let user: PingedSocket;

beforeEach(() => {
  resetSession();
  logInAsDemo();
  market = new PingedSocket();
  user = new PingedSocket();
  resetMarketConnection(() => market);
  resetUserChannel(() => user);
  resetInbox(() => user);
  resetPingSockets((namespace) => (namespace === MARKET_NAMESPACE ? market : user));
});
afterEach(() => vi.unstubAllGlobals());

function api() {
  return fakeApi({
    'GET /ping': () =>
      jsonResponse({ code: 1, msg: 'ok', data: { serverTime: Date.now() + SERVER_AHEAD_MS } }),
  });
}

/** Opens /test and lets the server accept both sockets once the app has asked for them. */
async function openCheck() {
  renderApp('/test');
  await waitFor(() => expect(market.connects + user.connects).toBeGreaterThanOrEqual(2));
  act(() => {
    market.open();
    user.open();
  });
  await waitFor(() => expect(screen.queryByTestId('check-running')).toBeNull(), { timeout: 8_000 });
}

const row = (id: string) => screen.getByTestId(`check-${id}`).querySelector('dd')?.textContent ?? '';

describe('/test', () => {
  it('measures the API and both sockets five times each, and the clock against the server', async () => {
    const calls = api();
    await openCheck();
    expect(callsTo(calls, 'GET /ping')).toHaveLength(5);
    expect(market.sent(SOCKET_PING)).toHaveLength(5);
    expect(user.sent(SOCKET_PING)).toHaveLength(5);
    expect(row('api')).toMatch(/^[\d.]+ ms \(min [\d.]+, max [\d.]+\)$/);
    expect(row('socket-market')).toMatch(/^Connected · [\d.]+ ms \(min [\d.]+, max [\d.]+\)$/);
    expect(row('socket-user')).toMatch(/^Connected · [\d.]+ ms/);
    expect(row('clock')).toMatch(/^90\.0 s behind the server \(±[\d.]+ ms\)$/);
    expect(row('online')).toBe('Online');
    expect(row('version')).toBe('0.1.0');
    expect(row('language')).toBe('English (en)');
  });

  it('copies a plain-text report with the measurements', async () => {
    api();
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('isSecureContext', true);
    // jsdom has no clipboard: this test gives the page one, as a secure context has.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
    });
    await openCheck();
    await userEvent.click(screen.getByTestId('check-copy'));
    const text = writeText.mock.calls[0]?.[0] ?? '';
    const lines = text.split('\n');
    expect(lines[0]).toBe('Bourse connection check');
    expect(lines[1]).toMatch(/^Time: \d{4}-\d\d-\d\dT/);
    expect(lines).toContain(`API round trip: ${row('api')}`);
    expect(lines).toContain(`Clock: ${row('clock')}`);
    expect(lines).toContain(`Socket /market: ${row('socket-market')}`);
    expect(lines).toContain(`Socket /user: ${row('socket-user')}`);
    expect(lines).toContain('App version: 0.1.0');
    expect(lines.at(-1)).toBe(`User agent: ${navigator.userAgent}`);
    expect(useToastStore.getState().current?.message).toBe(
      'Report copied. Paste it into your message to customer service.',
    );
    expect(screen.queryByTestId('check-manual')).toBeNull();
  });

  it('shows the report to select by hand where the clipboard needs HTTPS', async () => {
    api();
    vi.stubGlobal('isSecureContext', false);
    await openCheck();
    await userEvent.click(screen.getByTestId('check-copy'));
    expect(screen.getByTestId('check-manual').textContent).toContain('not served over HTTPS');
    const text = (screen.getByTestId('check-report-text') as HTMLTextAreaElement).value;
    expect(text).toContain(`Clock: ${row('clock')}`);
    expect(text).toContain('Socket /user: Connected');
  });

  it('runs again on demand', async () => {
    const calls = api();
    await openCheck();
    await userEvent.click(screen.getByTestId('check-again'));
    await waitFor(() => expect(screen.queryByTestId('check-running')).toBeNull(), { timeout: 8_000 });
    expect(callsTo(calls, 'GET /ping')).toHaveLength(10);
    expect(market.sent(SOCKET_PING)).toHaveLength(10);
  });

  it('says so when the API does not answer, and still checks the sockets', async () => {
    fakeApi({
      'GET /ping': {
        status: 503,
        body: { code: 503, msg: 'Service unavailable.', key: 'common.unavailable' },
      },
    });
    await openCheck();
    expect(row('api')).toBe('Service unavailable.');
    expect(row('socket-market')).toMatch(/^Connected · /);
    // The sockets' pings still give the clock.
    expect(row('clock')).toMatch(/^90\.0 s behind/);
  });
});
