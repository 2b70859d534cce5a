import type { MessageView } from '@bourse/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../../i18n/index.ts';
import { logger } from '../../lib/logger.ts';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { callsTo, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';
import { resetInbox } from './inbox.ts';

let socket: FakeMarketSocket;
beforeEach(() => {
  resetSession();
  logInAsDemo();
  socket = new FakeMarketSocket();
  resetInbox(() => socket);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLocale('en');
});

const message = (id: number, overrides: Partial<MessageView> = {}): MessageView => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'fill',
  params: { symbol: '604000', name: '浦发银行', side: 'buy', price: '10.010', quantity: String(id * 100) },
  read: false,
  createdAt: '2026-07-10T02:15:00.000Z',
  marketAt: '2026-07-10T02:15:00.000Z',
  ...overrides,
});

const verified = message(9, { kind: 'verificationResult', params: { status: 'passed' }, read: true });

/** The inbox: newest first, `total` across pages. */
function inbox(items: MessageView[], unread: number) {
  return fakeApi({
    'GET /messages': (_init, url) => {
      const page = Number(url.searchParams.get('page'));
      const start = (page - 1) * 20;
      return jsonResponse({
        code: 1,
        msg: 'ok',
        data: { items: items.slice(start, start + 20), page, pageSize: 20, total: items.length },
      });
    },
    'GET /messages/unreadCount': ok({ unread }),
    'POST /messages/read': ok({ unread: Math.max(0, unread - 1) }),
    'POST /messages/readAll': ok({ unread: 0 }),
  });
}

const shown = () => screen.findAllByTestId('message');

describe('/messages', () => {
  it('words each message from its kind and parameters in the reader language', async () => {
    inbox([message(2), verified], 1);
    renderApp('/messages');
    const [fill, verification] = await shown();
    expect(within(fill as HTMLElement).getByText('Order filled')).toBeTruthy();
    expect(fill?.textContent).toContain('Bought 200 shares of 浦发银行 (604000) at 10.010.');
    expect(fill?.textContent).toContain('2026-07-10 10:15');
    expect(fill?.dataset.read).toBe('false');
    expect(verification?.textContent).toContain('Real-name verification result');

    await act(() => useSession.getState().setLang('zh-CN'));
    expect((await screen.findAllByTestId('message'))[0]?.textContent).toContain(
      '以 10.010 买入 浦发银行（604000）200 股。',
    );
  });

  it('marks a message read when opened', async () => {
    const api = inbox([message(1), message(2)], 2);
    renderApp('/messages');
    const [first] = await shown();
    await userEvent.click(first as HTMLElement);
    expect(first?.dataset.read).toBe('true');
    expect(JSON.parse(String(callsTo(api, 'POST /messages/read')[0]?.body))).toEqual({ id: message(1).id });
  });

  it('marks all read from the navigation bar', async () => {
    const api = inbox([message(1), message(2)], 2);
    renderApp('/messages');
    await shown();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(callsTo(api, 'POST /messages/readAll')).toHaveLength(1));
    await vi.waitFor(async () => expect((await shown()).every((m) => m.dataset.read === 'true')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('puts a message pushed over /user first, once, and drops one that breaks the contract', async () => {
    inbox([message(1)], 1);
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    renderApp('/messages');
    await shown();
    act(() => {
      socket.open();
      socket.serverSends('message', message(3));
      socket.serverSends('message', message(3));
      socket.serverSends('message', { id: 'x', kind: 'fill' });
    });
    const items = await shown();
    expect(items.map((m) => m.textContent?.includes('300 shares'))).toEqual([true, false]);
    expect(logged).toHaveBeenCalledWith('messages: a message broke its contract; dropped', expect.any(Array));
    logged.mockRestore();
  });

  it('says so when there are none', async () => {
    inbox([], 0);
    renderApp('/messages');
    expect((await screen.findByTestId('messages-empty')).textContent).toBe('No messages yet.');
  });
});

describe('the unread badge on /my', () => {
  it('counts the unread and goes up when a message arrives', async () => {
    inbox([], 3);
    renderApp('/my');
    const badge = await screen.findByTestId('unread-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 unread');
    expect(within(screen.getByTestId('my-link-messages')).getByTestId('unread-badge')).toBe(badge);
    act(() => socket.serverSends('message', message(5)));
    expect(screen.getByTestId('unread-badge').textContent).toBe('4');
  });

  it('shows nothing when all is read', async () => {
    const api = inbox([], 0);
    renderApp('/my');
    await vi.waitFor(() => expect(callsTo(api, 'GET /messages/unreadCount')).toHaveLength(1));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
