import type { SupportMessage, SupportReceipt, SupportSyncReply } from '@bourse/shared';
import { describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { SupportChannel, type SupportThreadState } from './supportChannel.ts';
import { mergeMessages } from './thread.ts';

const message = (seq: number, author: SupportMessage['author'] = 'staff'): SupportMessage => ({
  seq,
  author,
  text: `m${seq}`,
  pictureUrl: null,
  clientKey: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  createdAt: '2026-07-10T02:15:00.000Z',
});

/** The store's part the channel uses, in a plain object. */
function threadState(): SupportThreadState {
  const state: SupportThreadState = {
    messages: [],
    loaded: false,
    userReadSeq: 0,
    merge: (incoming) => {
      state.messages = mergeMessages(state.messages, incoming);
    },
    setReceipt: (r: SupportReceipt) => {
      state.userReadSeq = Math.max(state.userReadSeq, r.userReadSeq);
    },
    markLoaded: () => {
      state.loaded = true;
    },
    reset: () => {
      state.messages = [];
      state.loaded = false;
    },
  };
  return state;
}

function setup() {
  const socket = new FakeMarketSocket();
  const state = threadState();
  const deps = {
    createSocket: () => socket,
    state: () => state,
    recount: vi.fn(),
    unheard: vi.fn(),
    logger: { warn: vi.fn(), error: vi.fn() },
  };
  const channel = new SupportChannel(deps);
  channel.bind('tok');
  socket.open();
  return { socket, state, deps, channel };
}

/** Answers the oldest unanswered sync with `messages` (and `more`); returns the afterSeq it asked for. */
async function answerSync(socket: FakeMarketSocket, messages: SupportMessage[], more = false) {
  await vi.waitFor(() => expect(socket.sent('support:sync').some((e) => e.ack)).toBe(true));
  const request = socket.sent('support:sync').find((e) => e.ack);
  if (!request) throw new Error('no sync was asked for');
  const { ack } = request;
  request.ack = undefined;
  const reply: SupportSyncReply = { messages, more, userReadSeq: 0, staffReadSeq: 0 };
  ack?.({ ok: true, data: reply });
  return (request.payload as { afterSeq: number }).afterSeq;
}

describe('SupportChannel', () => {
  it('counts the unread for the badge until the chat is opened, then holds the whole thread', async () => {
    const { socket, state, deps, channel } = setup();
    expect(deps.recount).toHaveBeenCalledTimes(1);
    socket.serverSends('support:message', message(1));
    expect(deps.unheard).toHaveBeenCalledTimes(1);
    expect(state.messages).toEqual([]);

    const loaded = channel.load();
    expect(await answerSync(socket, [message(1), message(2)], true)).toBe(0);
    expect(await answerSync(socket, [message(3)])).toBe(2);
    await loaded;
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('adds the next message live, ignores a repeat, and fills a gap by asking from the last seq held', async () => {
    const { socket, state, channel } = setup();
    const loaded = channel.load();
    await answerSync(socket, [message(1)]);
    await loaded;
    socket.serverSends('support:message', message(2));
    socket.serverSends('support:message', message(2));
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2]);

    // 3 and 4 were lost: 5 shows the gap, and a sync from 2 brings all three in order.
    socket.serverSends('support:message', message(5));
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(await answerSync(socket, [message(3), message(4), message(5)])).toBe(2);
    await vi.waitFor(() => expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]));
  });

  it('asks for what it missed after a reconnect', async () => {
    const { socket, state, channel } = setup();
    const loaded = channel.load();
    await answerSync(socket, [message(1, 'user'), message(2)]);
    await loaded;
    socket.drop();
    socket.open();
    expect(await answerSync(socket, [message(3), message(4)])).toBe(2);
    await vi.waitFor(() => expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]));
  });

  it('sends with a fresh client key, keeps the acked message, and rejects with the refusal', async () => {
    const { socket, state, channel } = setup();
    const loaded = channel.load();
    await answerSync(socket, []);
    await loaded;
    const sending = channel.send('hello');
    const [sent] = socket.sent('support:send');
    expect(sent?.payload).toMatchObject({
      text: 'hello',
      clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    sent?.ack?.({ ok: true, data: { ...message(1, 'user'), text: 'hello' } });
    await sending;
    expect(state.messages.map((m) => m.text)).toEqual(['hello']);

    const refused = channel.send('x');
    socket
      .sent('support:send')[1]
      ?.ack?.({ ok: false, error: { key: 'support.tooFast', message: 'Too fast' } });
    await expect(refused).rejects.toMatchObject({ message: 'Too fast', refusal: { key: 'support.tooFast' } });
  });

  it('marks read up to the last message held, once', async () => {
    const { socket, state, channel } = setup();
    const loaded = channel.load();
    await answerSync(socket, [message(1, 'user'), message(2)]);
    await loaded;
    const reading = channel.markRead();
    const [read] = socket.sent('support:read');
    expect(read?.payload).toEqual({ seq: 2 });
    read?.ack?.({ ok: true, data: { userReadSeq: 2, staffReadSeq: 1 } });
    await reading;
    expect(state.userReadSeq).toBe(2);
    await channel.markRead();
    expect(socket.sent('support:read')).toHaveLength(1);
  });
});
