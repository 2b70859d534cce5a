import { randomUUID } from 'node:crypto';
import { messages } from '@bourse/core/db/schema.ts';
import { notify, notifyAll, redisMessagePublisher } from '@bourse/core/messages/index.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { messageRoutes, USER_EVENTS, USER_NAMESPACE, userEventSchemas } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const fill = (userId: string, quantity: string) =>
  ({
    userId,
    kind: 'fill',
    params: { symbol: '604000', name: '浦发银行', side: 'buy', price: '10.01', quantity },
  }) as const;

describe.each(DB_KINDS)('messages on %s', (kind) => {
  const t = useTestServer(kind);
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  const list = async (token: string, query = '') =>
    expectOk(await t.api.get(`/api/messages${query}`, { token }), messageRoutes.list.response);
  const unread = async (token: string) =>
    expectOk(await t.api.get('/api/messages/unreadCount', { token }), messageRoutes.unreadCount.response)
      .unread;

  it('stores a notice with the transaction that caused it, and not without it', async () => {
    const { token, user } = await t.api.signUp();
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, fill(user.id, '100'));
        throw new Error('the job failed after writing');
      }),
    ).rejects.toThrow('the job failed');
    expect(await unread(token)).toBe(0);

    const sent = await t.database.db.transaction((tx) => notify(tx, fill(user.id, '200')));
    expect(sent).toMatchObject({ userId: user.id, message: { kind: 'fill', read: false } });
    expect((await list(token)).items).toEqual([sent.message]);
  });

  it('refuses parameters that do not fit the kind, storing nothing', async () => {
    const { user } = await t.api.signUp();
    const bad = { userId: user.id, kind: 'verificationResult', params: { status: 'maybe' } };
    // @ts-expect-error: the type already refuses it; the runtime check is for callers outside TypeScript.
    await expect(withoutWrites(t.database.db, () => notify(t.database.db, bad))).rejects.toThrow();
  });

  it('lists newest first, page by page, and counts the unread', async () => {
    const { token, user } = await t.api.signUp();
    await notifyAll(
      t.database.db,
      ['1', '2', '3', '4', '5'].map((q) => fill(user.id, q)),
    );
    await notify(t.database.db, {
      userId: user.id,
      kind: 'verificationResult',
      params: { status: 'passed' },
    });

    const first = await list(token, '?page=1&pageSize=4');
    expect(first).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(first.items.map((m) => m.params.quantity ?? m.kind)).toEqual([
      'verificationResult',
      '5',
      '4',
      '3',
    ]);
    const second = await list(token, '?page=2&pageSize=4');
    expect(second.items.map((m) => m.params.quantity)).toEqual(['2', '1']);
    expect(await unread(token)).toBe(6);
  });

  it('marks one read, then all', async () => {
    const { token, user } = await t.api.signUp();
    const [a, b] = await notifyAll(t.database.db, [fill(user.id, '1'), fill(user.id, '2')]);
    const read = (id: string) => t.api.post('/api/messages/read', { id }, { token });

    expect(expectOk(await read(a?.message.id ?? ''), messageRoutes.markRead.response)).toEqual({ unread: 1 });
    // Again is fine and changes nothing.
    expect(expectOk(await read(a?.message.id ?? ''), messageRoutes.markRead.response)).toEqual({ unread: 1 });
    const items = (await list(token)).items;
    expect(items.find((m) => m.id === a?.message.id)?.read).toBe(true);
    expect(items.find((m) => m.id === b?.message.id)?.read).toBe(false);

    expect(
      expectOk(await t.api.post('/api/messages/readAll', {}, { token }), messageRoutes.markAllRead.response),
    ).toEqual({ unread: 0 });
    expect((await list(token)).items.every((m) => m.read)).toBe(true);
  });

  it("answers 404 for another user's message, an unknown one or a malformed id, changing nothing", async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const sent = await notify(t.database.db, fill(alice.user.id, '1'));
    for (const id of [sent.message.id, randomUUID(), 'nope', undefined]) {
      const res = await t.api.post('/api/messages/read', { id }, { token: bob.token, lang: 'th' });
      expectFailure(res, 'message.notFound', 'th');
    }
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.message.id));
    expect(row?.readAt).toBeNull();
  });

  it.each(['?page=0', '?pageSize=101', '?page=x'])('refuses the query %s', async (query) => {
    const { token } = await t.api.signUp();
    expectFailure(await t.api.get(`/api/messages${query}`, { token, lang: 'en' }), 'common.validation', 'en');
  });

  it('needs a session on every route', async () => {
    expectFailure(await t.api.get('/api/messages'), 'auth.loginFirst');
    expectFailure(await t.api.get('/api/messages/unreadCount'), 'auth.loginFirst');
    expectFailure(await t.api.post('/api/messages/read', { id: randomUUID() }), 'auth.loginFirst');
    expectFailure(await t.api.post('/api/messages/readAll', {}), 'auth.loginFirst');
  });

  it('pushes a published message live to its user over /user, and to nobody else', async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const heard = new Map<string, unknown[]>();
    for (const { token, user } of [alice, bob]) {
      const socket = connect(`${t.baseUrl}${USER_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token },
      });
      sockets.push(socket);
      const got: unknown[] = [];
      heard.set(user.id, got);
      socket.on(USER_EVENTS.message, (payload: unknown) => got.push(payload));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    // What a worker does: its own Redis connection and the app's prefix.
    const publisher = redisMessagePublisher(t.redis, t.redisPrefix);
    const send = (userId: string) =>
      t.database.db.transaction((tx) =>
        notify(tx, { userId, kind: 'verificationResult', params: { status: 'passed' } }),
      );
    const heardBy = (userId: string) => heard.get(userId)?.map((p) => userEventSchemas.message.parse(p));
    const sent = await send(alice.user.id);
    publisher.publish(sent);
    await vi.waitFor(() => expect(heardBy(alice.user.id)).toEqual([sent.message]), {
      timeout: 5_000,
      interval: 20,
    });
    // Bob's own message, published after Alice's on the same channel: once it is there, hers would be too.
    const bobs = await send(bob.user.id);
    publisher.publish(bobs);
    await vi.waitFor(() => expect(heardBy(bob.user.id)).toEqual([bobs.message]), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
