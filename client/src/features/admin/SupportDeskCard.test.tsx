import type { QueueItem, SupportContext, SupportMessage } from '@bourse/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logIn, renderApp, resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';
import { resetSupport } from '../support/index.ts';

const CONVERSATION = '6b3c1d2e-0000-4000-8000-000000000001';

const message = (seq: number, over: Partial<SupportMessage> = {}): SupportMessage => ({
  seq,
  author: 'user',
  text: `m${seq}`,
  pictureUrl: null,
  clientKey: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  createdAt: '2026-07-10T02:15:00.000Z',
  ...over,
});

const item: QueueItem = {
  conversationId: CONVERSATION,
  account: 'alice9',
  agent: null,
  locale: 'fr',
  lastSeq: 1,
  lastMessage: message(1, { text: 'Mon virement ?' }),
  unread: 1,
  staffReadSeq: 0,
  userReadSeq: 1,
};

const context: SupportContext = {
  conversation: item,
  verification: {
    status: 'passed',
    realName: '李雷',
    idNumberMasked: '1101**********1234',
    refusalReason: null,
    submittedAt: null,
    reviewedAt: null,
  },
  recentOrders: [],
  recentTransfers: [],
};

/** What the back office asks over HTTP while the desk shows `item`. */
const deskAnswers = {
  'GET /ipo/calendar': ok([]),
  'GET /admin/realName': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
  'GET /admin/support/conversations': ok([item]),
  'GET /admin/support/context': ok(context),
  'GET /support/summary': ok({ unread: 0, lastSeq: 0 }),
};

let socket: FakeMarketSocket;
beforeEach(() => {
  resetSession();
  logIn('');
  useSession.setState({ userInfo: { ...demoUser, role: 'admin' } });
  socket = new FakeMarketSocket();
  resetSupport(() => socket);
  socket.open();
});
afterEach(() => vi.unstubAllGlobals());

function answer(event: string, data: unknown) {
  for (const e of socket.sent(event)) {
    e.ack?.({ ok: true, data });
    e.ack = undefined;
  }
}

/** Answers the desk's first sync with the user's one message, and waits until it shows. */
async function firstMessageSynced() {
  answer('support:desk:sync', {
    messages: [message(1, { text: 'Mon virement ?' })],
    more: false,
    userReadSeq: 1,
    staffReadSeq: 0,
  });
  await screen.findByText('Mon virement ?', { selector: '.chat-message__text' });
}

describe('the customer-service desk', () => {
  it('opens a conversation from the queue with its user beside it, and answers in the user language', async () => {
    fakeApi(deskAnswers);
    renderApp('/admin');
    const row = await screen.findByTestId('desk-conversation');
    expect(row.textContent).toContain('alice9');
    expect(row.textContent).toContain('Mon virement ?');
    await userEvent.click(row);

    const beside = await screen.findByTestId('desk-context');
    expect(beside.textContent).toContain('Verified');
    expect(beside.textContent).toContain('李雷');
    await vi.waitFor(() =>
      expect(socket.sent('support:desk:sync').map((e) => e.payload)).toEqual([
        { conversationId: CONVERSATION, afterSeq: 0 },
      ]),
    );
    await firstMessageSynced();
    // The agent sees the user's message: it is marked read.
    await vi.waitFor(() =>
      expect(socket.sent('support:desk:read').map((e) => e.payload)).toEqual([
        { conversationId: CONVERSATION, seq: 1 },
      ]),
    );

    // A canned reply comes in the user's language (French), ready to edit and send.
    await userEvent.click(screen.getByTestId('desk-canned-greeting'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe(
        'Bonjour, ici le service client. Comment puis-je vous aider ?',
      ),
    );
    await userEvent.click(screen.getByTestId('chat-send'));
    const [sent] = socket.sent('support:desk:send');
    expect(sent?.payload).toMatchObject({
      conversationId: CONVERSATION,
      text: 'Bonjour, ici le service client. Comment puis-je vous aider ?',
    });
    sent?.ack?.({ ok: true, data: message(2, { author: 'staff', text: 'Bonjour !' }) });
    await screen.findByText('Bonjour !');

    // The user's next message arrives live; one after a gap makes the desk ask for what it missed.
    socket.serverSends('support:desk:message', {
      conversationId: CONVERSATION,
      message: message(3, { text: 'Merci' }),
    });
    await screen.findByText('Merci');
    socket.serverSends('support:desk:message', {
      conversationId: CONVERSATION,
      message: message(5, { text: 'Encore' }),
    });
    await vi.waitFor(() =>
      expect(socket.sent('support:desk:sync').at(-1)?.payload).toEqual({
        conversationId: CONVERSATION,
        afterSeq: 3,
      }),
    );
    answer('support:desk:sync', {
      messages: [message(4, { text: 'Perdu' }), message(5, { text: 'Encore' })],
      more: false,
      userReadSeq: 5,
      staffReadSeq: 3,
    });
    await screen.findByText('Perdu');
    const log = screen.getByTestId('chat-log');
    expect(
      within(log)
        .getAllByTestId('chat-message')
        .map((m) => m.dataset.seq),
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('marks what arrived while the page was hidden read once the agent looks again', async () => {
    fakeApi(deskAnswers);
    renderApp('/admin');
    await userEvent.click(await screen.findByTestId('desk-conversation'));
    await vi.waitFor(() => expect(socket.sent('support:desk:sync')).toHaveLength(1));
    // The agent switched away before the conversation came in.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await firstMessageSynced();
    expect(socket.sent('support:desk:read')).toEqual([]);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent('support:desk:read').map((e) => e.payload)).toEqual([
      { conversationId: CONVERSATION, seq: 1 },
    ]);
    visibility.mockRestore();
  });

  it('names the agent who takes a conversation from the answer, with no assignment event heard', async () => {
    let agent: QueueItem['agent'] = null;
    fakeApi({
      'GET /ipo/calendar': ok([]),
      'GET /admin/realName': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
      'GET /admin/support/conversations': ok([item]),
      'GET /admin/support/context': () =>
        jsonResponse({ code: 1, msg: 'ok', data: { ...context, conversation: { ...item, agent } } }),
      'POST /admin/support/assign': () => {
        agent = { id: '6b3c1d2e-0000-4000-8000-0000000000aa', account: 'demo' };
        return jsonResponse({ code: 1, msg: 'ok', data: { ...item, agent } });
      },
      'GET /support/summary': ok({ unread: 0, lastSeq: 0 }),
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByTestId('desk-conversation'));
    await userEvent.click(await screen.findByTestId('desk-take'));

    await screen.findByText('Agent: demo');
    expect(screen.queryByTestId('desk-take')).toBeNull();
  });
});
