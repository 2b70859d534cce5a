import { randomUUID } from 'node:crypto';
import { supportMessages, supportPictures, users } from '@bourse/core/db/schema.ts';
import { PNG, PNG_WITH_AUTHOR } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type Ack,
  type ErrorKey,
  MAX_SUPPORT_TEXT,
  SUPPORT_EVENTS,
  SUPPORT_PICTURE_MAX_BYTES,
  type SupportMessage,
  type SupportSyncReply,
  supportDeskRoutes,
  supportEventSchemas,
  supportRoutes,
  translateError,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { signUpAdmin } from '../testing/testServer.ts';
import { connected, record, userSocket, useTwoReplicas } from '../user-channel/testing/userSockets.ts';

const ask = <T>(socket: Socket, event: string, payload?: unknown): Promise<Ack<T>> =>
  socket.timeout(5_000).emitWithAck(event, payload) as Promise<Ack<T>>;

async function okAck<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const reply = await ask<T>(socket, event, payload);
  if (!reply.ok) throw new Error(`${event} refused: ${reply.error.key}`);
  return reply.data;
}

const text = (body: string) => ({ text: body, clientKey: randomUUID() });

describe.each(DB_KINDS)('customer-service chat on %s', (kind) => {
  // Two replicas: what one process commits reaches the sockets of the other through Redis.
  const pair = useTwoReplicas(kind);
  const { t, sockets } = pair;
  const db = () => t.database.db;
  let staff: { token: string; id: string; account: string };

  beforeAll(async () => {
    const signedUp = await signUpAdmin(t);
    staff = { token: signedUp.token, id: signedUp.user.id, account: signedUp.credentials.account };
  });

  const open = async (token: string, port = t.server.port) => {
    const socket = userSocket(port, { token, lang: 'en' });
    sockets.push(socket);
    return connected(socket);
  };

  async function chatter() {
    const signedUp = await t.api.signUp();
    return { ...signedUp, socket: await open(signedUp.token) };
  }

  const conversationOf = async (userId: string) => {
    const queue = expectOk(
      await t.api.get('/api/admin/support/conversations?queue=all&limit=100', { token: staff.token }),
      supportDeskRoutes.queue.response,
    );
    const account = (await db().select().from(users).where(eq(users.id, userId)))[0]?.account;
    const item = queue.find((i) => i.account === account);
    if (!item) throw new Error('the conversation is not in the queue');
    return item;
  };

  const refusedAck = async (socket: Socket, event: string, payload: unknown, key: ErrorKey) => {
    const reply = await withoutWrites(db(), () => ask(socket, event, payload));
    expect(reply).toEqual({ ok: false, error: { key, message: translateError('en', key) } });
  };

  it('keeps the messages, numbers them, and delivers them live both ways with read receipts', async () => {
    const user = await chatter();
    const desk = await open(staff.token, pair.replica.port);
    const deskHeard = record(desk);
    const userHeard = record(user.socket);

    const first = await okAck<SupportMessage>(
      user.socket,
      SUPPORT_EVENTS.send,
      text('  Where is my transfer?  '),
    );
    expect(first).toMatchObject({ seq: 1, author: 'user', text: 'Where is my transfer?', pictureUrl: null });
    await vi.waitFor(() => expect(deskHeard.map((h) => h.event)).toContain(SUPPORT_EVENTS.deskMessage));
    const heard = supportEventSchemas[SUPPORT_EVENTS.deskMessage].parse(deskHeard[0]?.payload);
    expect(heard.message).toEqual(first);

    const conversation = await conversationOf(user.user.id);
    expect(conversation).toMatchObject({ agent: null, unread: 1, lastSeq: 1, locale: 'en' });
    const reply = await okAck<SupportMessage>(desk, SUPPORT_EVENTS.deskSend, {
      conversationId: heard.conversationId,
      ...text('It passed this morning.'),
    });
    expect(reply).toMatchObject({ seq: 2, author: 'staff' });
    // The user's sockets hear their own messages too (their other devices show them).
    await vi.waitFor(() =>
      expect(userHeard.filter((h) => h.event === SUPPORT_EVENTS.message).map((h) => h.payload)).toEqual([
        first,
        reply,
      ]),
    );
    // Replying took the conversation; staff had read up to their own reply.
    expect(await conversationOf(user.user.id)).toMatchObject({
      agent: { id: staff.id, account: staff.account },
      unread: 0,
      staffReadSeq: 2,
    });

    const summary = (token: string) =>
      t.api.get('/api/support/summary', { token }).then((r) => expectOk(r, supportRoutes.summary.response));
    expect(await summary(user.token)).toEqual({ unread: 1, lastSeq: 2 });
    const receipt = await okAck(user.socket, SUPPORT_EVENTS.read, { seq: 2 });
    expect(receipt).toEqual({ userReadSeq: 2, staffReadSeq: 2 });
    expect(await summary(user.token)).toEqual({ unread: 0, lastSeq: 2 });
    await vi.waitFor(() =>
      expect(deskHeard.find((h) => h.event === SUPPORT_EVENTS.deskReceipt)?.payload).toEqual({
        conversationId: heard.conversationId,
        userReadSeq: 2,
        staffReadSeq: 2,
      }),
    );
    // A mark never moves back, nor past the last message.
    expect(await okAck(user.socket, SUPPORT_EVENTS.read, { seq: 1 })).toEqual(receipt);
    expect(await okAck(user.socket, SUPPORT_EVENTS.read, { seq: 99 })).toEqual(receipt);

    const stored = await db()
      .select({ seq: supportMessages.seq, author: supportMessages.author, text: supportMessages.text })
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, heard.conversationId));
    expect(stored.sort((a, b) => a.seq - b.seq)).toEqual([
      { seq: 1, author: 'user', text: 'Where is my transfer?' },
      { seq: 2, author: 'staff', text: 'It passed this morning.' },
    ]);
  });

  it('gives a reconnecting client every message it missed, in order, and a repeated send once', async () => {
    const user = await chatter();
    const sent = text('hello');
    const first = await okAck<SupportMessage>(user.socket, SUPPORT_EVENTS.send, sent);
    const { conversationId } = await conversationOf(user.user.id);
    const desk = await open(staff.token);
    user.socket.disconnect();

    for (const n of [1, 2, 3])
      await okAck(desk, SUPPORT_EVENTS.deskSend, { conversationId, ...text(`answer ${n}`) });

    const again = await open(user.token, pair.replica.port);
    // The send the client was not sure of, repeated after the reconnect: the same message.
    expect(await withoutWrites(db(), () => okAck(again, SUPPORT_EVENTS.send, sent))).toEqual(first);
    const missed = await okAck<SupportSyncReply>(again, SUPPORT_EVENTS.sync, { afterSeq: first.seq });
    expect(missed.messages.map((m) => [m.seq, m.text])).toEqual([
      [2, 'answer 1'],
      [3, 'answer 2'],
      [4, 'answer 3'],
    ]);
    expect(missed).toMatchObject({ more: false, userReadSeq: 1, staffReadSeq: 4 });
    expect(
      (await okAck<SupportSyncReply>(again, SUPPORT_EVENTS.sync, { afterSeq: 0 })).messages,
    ).toHaveLength(4);
  });

  it('refuses a bad payload on every chat event with its reason, writing nothing', async () => {
    const user = await chatter();
    await okAck(user.socket, SUPPORT_EVENTS.send, text('first'));
    const { conversationId } = await conversationOf(user.user.id);
    const desk = await open(staff.token);
    const cases: [Socket, string, unknown, ErrorKey][] = [
      [user.socket, SUPPORT_EVENTS.send, undefined, 'support.badPayload'],
      [user.socket, SUPPORT_EVENTS.send, 'hi', 'support.badPayload'],
      [user.socket, SUPPORT_EVENTS.send, { clientKey: randomUUID() }, 'support.textRequired'],
      [user.socket, SUPPORT_EVENTS.send, text('   '), 'support.textRequired'],
      [user.socket, SUPPORT_EVENTS.send, text('x'.repeat(MAX_SUPPORT_TEXT + 1)), 'support.textTooLong'],
      [user.socket, SUPPORT_EVENTS.send, { text: 'hi', clientKey: 'k' }, 'support.badClientKey'],
      [user.socket, SUPPORT_EVENTS.send, { ...text('hi'), conversationId }, 'support.badPayload'],
      [user.socket, SUPPORT_EVENTS.sync, { afterSeq: -1 }, 'support.badSeq'],
      [user.socket, SUPPORT_EVENTS.sync, { afterSeq: '1' }, 'support.badSeq'],
      [user.socket, SUPPORT_EVENTS.sync, { afterSeq: 1.5 }, 'support.badSeq'],
      [user.socket, SUPPORT_EVENTS.read, {}, 'support.badSeq'],
      [user.socket, SUPPORT_EVENTS.read, { seq: 2 ** 40 }, 'support.badSeq'],
      // The desk's events are staff's alone, whatever they carry.
      [user.socket, SUPPORT_EVENTS.deskSend, { conversationId, ...text('hi') }, 'common.forbidden'],
      [user.socket, SUPPORT_EVENTS.deskSync, { conversationId, afterSeq: 0 }, 'common.forbidden'],
      [user.socket, SUPPORT_EVENTS.deskRead, { conversationId, seq: 1 }, 'common.forbidden'],
      [desk, SUPPORT_EVENTS.deskSend, { conversationId, text: '' }, 'support.textRequired'],
      [desk, SUPPORT_EVENTS.deskSend, { conversationId: 'x', ...text('hi') }, 'support.conversationNotFound'],
      [
        desk,
        SUPPORT_EVENTS.deskSend,
        { conversationId: randomUUID(), ...text('hi') },
        'support.conversationNotFound',
      ],
      [
        desk,
        SUPPORT_EVENTS.deskSync,
        { conversationId: randomUUID(), afterSeq: 0 },
        'support.conversationNotFound',
      ],
      [desk, SUPPORT_EVENTS.deskSync, { conversationId }, 'support.badSeq'],
      [
        desk,
        SUPPORT_EVENTS.deskRead,
        { conversationId: randomUUID(), seq: 1 },
        'support.conversationNotFound',
      ],
      [desk, SUPPORT_EVENTS.deskRead, { conversationId, seq: -3 }, 'support.badSeq'],
    ];
    for (const [socket, event, payload, key] of cases) await refusedAck(socket, event, payload, key);
  });

  it('keeps every conversation to its user: no other user reads, syncs or writes into it', async () => {
    const alice = await chatter();
    const bob = await chatter();
    await okAck(alice.socket, SUPPORT_EVENTS.send, text('my account number is 42'));
    const aliceSeen = record(alice.socket);
    const bobHeard = record(bob.socket);
    const upload = new FormData();
    upload.append('clientKey', randomUUID());
    upload.append('picture', new Blob([PNG]), 'p.png');
    const picture = expectOk(
      await t.api.request('POST', '/api/support/pictures', { token: alice.token, body: upload }),
      supportRoutes.picture.response,
    );
    // Bob's own sync is his (empty) conversation; his send starts his own.
    const bobs = await okAck<SupportSyncReply>(bob.socket, SUPPORT_EVENTS.sync, { afterSeq: 0 });
    expect(bobs.messages).toEqual([]);
    expect(await okAck<SupportMessage>(bob.socket, SUPPORT_EVENTS.send, text('hi'))).toMatchObject({
      seq: 1,
    });
    // Alice's picture is hers and staff's.
    const pictureUrl = picture.pictureUrl ?? '';
    expectFailure(await t.api.get(pictureUrl, { token: bob.token }), 'common.notFound');
    expect((await t.api.get(pictureUrl, { token: alice.token })).status).toBe(200);
    expect((await t.api.get(pictureUrl, { token: staff.token })).status).toBe(200);
    expectFailure(await t.api.get(pictureUrl), 'auth.loginFirst');
    // Alice's socket heard her picture, Bob's only his own message.
    await vi.waitFor(() => expect(aliceSeen.map((h) => h.event)).toContain(SUPPORT_EVENTS.message));
    await vi.waitFor(() => expect(bobHeard.map((h) => h.event)).toContain(SUPPORT_EVENTS.message));
    expect(
      bobHeard.filter((h) => h.event.startsWith('support:')).map((h) => (h.payload as SupportMessage).text),
    ).toEqual(['hi']);
  });

  it('stores a picture without its metadata, and refuses a missing, oversized or non-image one', async () => {
    const user = await t.api.signUp();
    const send = (
      picture: Blob | undefined,
      clientKey: string = randomUUID(),
      token: string | null = user.token,
    ) => {
      const body = new FormData();
      body.append('clientKey', clientKey);
      if (picture) body.append('picture', picture, 'p.png');
      return t.api.request('POST', '/api/support/pictures', { token: token ?? undefined, lang: 'en', body });
    };
    const refused = (go: () => ReturnType<typeof send>, key: ErrorKey) => expectRefused(db(), go, key);
    await refused(() => send(undefined), 'support.pictureMissing');
    await refused(() => send(new Blob(['not a picture'])), 'support.pictureBadType');
    await refused(
      () => send(new Blob([Buffer.alloc(SUPPORT_PICTURE_MAX_BYTES + 1, 1)])),
      'support.pictureTooLarge',
    );
    await refused(() => send(new Blob([PNG]), 'nope'), 'support.badClientKey');
    await refused(() => send(new Blob([PNG]), randomUUID(), null), 'auth.loginFirst');

    const message = expectOk(await send(new Blob([PNG_WITH_AUTHOR])), supportRoutes.picture.response);
    expect(message).toMatchObject({ seq: 1, author: 'user', text: null });
    const pictureId = message.pictureUrl?.split('/').at(-1) ?? '';
    const [stored] = await db().select().from(supportPictures).where(eq(supportPictures.id, pictureId));
    expect(stored?.content.includes(Buffer.from('Author'))).toBe(false);
    const served = await fetch(`${t.api.baseUrl}${message.pictureUrl}`, {
      headers: { cookie: `Admin-Token=${encodeURIComponent(user.token)}` },
    });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored?.content ?? Buffer.alloc(0))).toBe(true);
  });

  it("limits a user's sends: a burst past ten is refused until the window passes", async () => {
    const user = await chatter();
    for (let n = 0; n < 10; n++) await okAck(user.socket, SUPPORT_EVENTS.send, text(`m${n}`));
    const reply = await withoutWrites(db(), () => ask(user.socket, SUPPORT_EVENTS.send, text('one more')));
    expect(reply).toMatchObject({ ok: false, error: { key: 'support.tooFast' } });
  });

  it('lets only staff at the desk: 401 without a session, 403 for a user, on every desk route', async () => {
    const user = await t.api.signUp();
    const id = randomUUID();
    const desk = [
      () => t.api.get('/api/admin/support/conversations', { lang: 'en' }),
      () => t.api.post('/api/admin/support/assign', { conversationId: id }, { lang: 'en' }),
      () => t.api.get(`/api/admin/support/context?conversationId=${id}`, { lang: 'en' }),
    ];
    for (const call of desk) await expectRefused(db(), call, 'auth.loginFirst');
    // Without a session there is no /user socket to send the chat's events on.
    const anonymous = userSocket(t.server.port, { lang: 'en' });
    sockets.push(anonymous);
    await expect(connected(anonymous)).rejects.toMatchObject({ data: { key: 'auth.loginFirst' } });
    const asUser = [
      () => t.api.get('/api/admin/support/conversations', { token: user.token, lang: 'en' }),
      () =>
        t.api.post('/api/admin/support/assign', { conversationId: id }, { token: user.token, lang: 'en' }),
      () => t.api.get(`/api/admin/support/context?conversationId=${id}`, { token: user.token, lang: 'en' }),
    ];
    for (const call of asUser) await expectRefused(db(), call, 'common.forbidden');
    await expectRefused(db(), () => t.api.get('/api/support/summary', { lang: 'en' }), 'auth.loginFirst');
  });

  it('queues conversations by assignment, lets an agent take one over, and shows the user beside it', async () => {
    const user = await chatter();
    await okAck(user.socket, SUPPORT_EVENTS.send, text('help'));
    const { conversationId } = await conversationOf(user.user.id);
    const queue = async (name: string, token = staff.token) =>
      expectOk(
        await t.api.get(`/api/admin/support/conversations?queue=${name}&limit=100`, { token }),
        supportDeskRoutes.queue.response,
      ).map((i) => i.conversationId);
    expect(await queue('unassigned')).toContain(conversationId);
    expect(await queue('mine')).not.toContain(conversationId);

    const other = await signUpAdmin(t);
    const taken = expectOk(
      await t.api.post('/api/admin/support/assign', { conversationId }, { token: other.token }),
      supportDeskRoutes.assign.response,
    );
    expect(taken.agent?.id).toBe(other.user.id);
    expect(await queue('unassigned')).not.toContain(conversationId);
    expect(await queue('mine', other.token)).toContain(conversationId);

    // Another agent's conversation is refused to the first until they take it over.
    const desk = await open(staff.token);
    const refused = await withoutWrites(db(), () =>
      ask(desk, SUPPORT_EVENTS.deskSend, { conversationId, ...text('me too') }),
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        key: 'support.assignedToAnother',
        message: translateError('en', 'support.assignedToAnother', { agent: other.credentials.account }),
      },
    });
    expectOk(
      await t.api.post('/api/admin/support/assign', { conversationId }, { token: staff.token }),
      supportDeskRoutes.assign.response,
    );
    await okAck(desk, SUPPORT_EVENTS.deskSend, { conversationId, ...text('me now') });

    const context = expectOk(
      await t.api.get(`/api/admin/support/context?conversationId=${conversationId}`, { token: staff.token }),
      supportDeskRoutes.context.response,
    );
    expect(context.conversation).toMatchObject({ conversationId, lastSeq: 2, agent: { id: staff.id } });
    expect(context.verification.status).toBe('none');
    expect(context.recentOrders).toEqual([]);
    expect(context.recentTransfers).toEqual([]);

    const bad = (path: string, json?: unknown) =>
      expectRefused(
        db(),
        () =>
          json === undefined
            ? t.api.get(path, { token: staff.token, lang: 'en' })
            : t.api.post(path, json, { token: staff.token, lang: 'en' }),
        json === undefined && path.includes('queue=') ? 'common.validation' : 'support.conversationNotFound',
      );
    await bad('/api/admin/support/conversations?queue=everyone');
    await bad('/api/admin/support/context?conversationId=nope');
    await bad(`/api/admin/support/context?conversationId=${randomUUID()}`);
    await bad('/api/admin/support/assign', { conversationId: randomUUID() });
    await bad('/api/admin/support/assign', {});
  });
});
