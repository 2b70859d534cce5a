import type { SupportMessage } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { demoUser, fakeApi, ok } from '../../test/fixtures.ts';
import { logIn, renderApp, resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';
import { resetSupport } from './supportSession.ts';

let socket: FakeMarketSocket;
beforeEach(() => {
  resetSession();
  logIn('');
  useSession.setState({ userInfo: demoUser });
  socket = new FakeMarketSocket();
  resetSupport(() => socket);
  socket.open();
});
afterEach(() => vi.unstubAllGlobals());

const message = (seq: number, over: Partial<SupportMessage> = {}): SupportMessage => ({
  seq,
  author: 'user',
  text: `m${seq}`,
  pictureUrl: null,
  clientKey: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  createdAt: '2026-07-10T02:15:00.000Z',
  ...over,
});

const thread = [
  message(1, { text: 'My transfer has not arrived' }),
  message(2, { text: null, pictureUrl: '/api/support/pictures/3f0b7c1e-0000-4000-8000-000000000001' }),
  message(3, { author: 'staff', text: 'It passed this morning.' }),
];

async function answerSync(messages: SupportMessage[], marks = { userReadSeq: 0, staffReadSeq: 0 }) {
  await vi.waitFor(() => expect(socket.sent('support:sync').length).toBeGreaterThan(0));
  for (const e of socket.sent('support:sync')) {
    e.ack?.({ ok: true, data: { messages, more: false, ...marks } });
    e.ack = undefined;
  }
}

const shown = () => screen.getAllByTestId('chat-message').map((m) => m.textContent ?? '');

describe('/customerService', () => {
  it('shows the conversation with its picture as a thumbnail, the receipt, and marks the reply read', async () => {
    fakeApi({ 'GET /support/summary': ok({ unread: 1, lastSeq: 3 }) });
    renderApp('/customerService');
    await answerSync(thread, { userReadSeq: 2, staffReadSeq: 2 });
    expect(await screen.findByText('It passed this morning.')).toBeTruthy();
    const [, picture] = screen.getAllByTestId('chat-message');
    const img = within(picture as HTMLElement).getByRole('img', { name: 'Picture' });
    expect(img.getAttribute('src')).toBe(thread[1]?.pictureUrl);
    // Staff have read up to 2: the user's last message shows it.
    expect(within(picture as HTMLElement).getByTestId('chat-receipt').textContent).toContain('Read');
    await vi.waitFor(() => expect(socket.sent('support:read').map((e) => e.payload)).toEqual([{ seq: 3 }]));
  });

  it('sends what is typed, shows it once acked, and a staff reply as it arrives', async () => {
    fakeApi({ 'GET /support/summary': ok({ unread: 0, lastSeq: 0 }) });
    renderApp('/cms/web');
    await answerSync([]);
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByTestId('chat-input'), '  Hello  ');
    await userEvent.click(send);
    const [sent] = socket.sent('support:send');
    expect(sent?.payload).toMatchObject({ text: '  Hello  ' });
    sent?.ack?.({ ok: true, data: message(1, { text: 'Hello' }) });
    await screen.findByText('Hello');
    await vi.waitFor(() => expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.getByTestId('chat-receipt').textContent).toContain('Sent');

    socket.serverSends('support:message', message(2, { author: 'staff', text: 'Hi, how can I help?' }));
    await screen.findByText('Hi, how can I help?');
    expect(shown()).toHaveLength(2);
  });

  it('keeps the text and says why when the server refuses it', async () => {
    fakeApi({ 'GET /support/summary': ok({ unread: 0, lastSeq: 0 }) });
    renderApp('/customerService');
    await answerSync([]);
    await userEvent.type(await screen.findByTestId('chat-input'), 'again');
    await userEvent.click(screen.getByTestId('chat-send'));
    socket.sent('support:send')[0]?.ack?.({
      ok: false,
      error: { key: 'support.tooFast', message: 'You are sending messages too quickly. Try again in 4 s.' },
    });
    await vi.waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe(
        'You are sending messages too quickly. Try again in 4 s.',
      ),
    );
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('again');
    expect(screen.queryAllByTestId('chat-message')).toEqual([]);
  });

  it('refuses a picture over 3 MB before uploading it', async () => {
    const api = fakeApi({ 'GET /support/summary': ok({ unread: 0, lastSeq: 0 }) });
    renderApp('/customerService');
    await answerSync([]);
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByTestId('chat-picture-input'), big);
    await vi.waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe('A picture must be at most 3 MB.'),
    );
    expect(api.mock.calls.some(([url]) => String(url).includes('/support/pictures'))).toBe(false);
  });
});

describe("Me's customer-service entry", () => {
  it('carries the unread badge of the in-app chat', async () => {
    fakeApi({
      'GET /support/summary': ok({ unread: 2, lastSeq: 5 }),
      'GET /messages/unreadCount': ok({ unread: 0 }),
    });
    renderApp('/my');
    const entry = await screen.findByTestId('my-link-customerService');
    expect(entry.getAttribute('href')).toBe('/customerService');
    expect((await within(entry).findByTestId('support-badge')).textContent).toBe('2');
  });

  it('links to the external service when kf_url names one', async () => {
    logIn('https://kf.example/chat?id=7');
    fakeApi({ 'GET /messages/unreadCount': ok({ unread: 0 }) });
    renderApp('/my');
    const entry = await screen.findByTestId('my-link-customerService');
    expect(entry.getAttribute('href')).toBe('https://kf.example/chat?id=7');
    expect(entry.getAttribute('target')).toBe('_blank');
  });
});
