import { randomUUID } from 'node:crypto';
import { pushAlertChannel } from '@bourse/core/alerts';
import { users } from '@bourse/core/db/schema.ts';
import { notify, redisMessagePublisher, type SentMessage } from '@bourse/core/messages';
import { type Database, loadConfig } from '@bourse/core/platform';
import {
  deliverPush,
  ensureVapidKeys,
  PushNotDelivered,
  setPreferences,
  subscribe,
  vapidKeyStore,
  vapidSubject,
} from '@bourse/core/push';
import { pushSubscriptions } from '@bourse/core/push/schema.ts';
import { type LocalPushService, startLocalPushService, type TestDevice } from '@bourse/core/push/testing';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { openTestDatabase } from '@bourse/core/testing/testDatabase.ts';
import { createUser } from '@bourse/core/trading/testing';
import type { Locale, NewMessage } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushService } from './pushWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const config = loadConfig({});

const fill = (userId: string): NewMessage => ({
  userId,
  kind: 'fill',
  params: { symbol: '600000', name: '浦发银行', side: 'buy', price: '10.01', quantity: '1000' },
});

/**
 * The whole path against a push service of our own on 127.0.0.1: a message published after its
 * commit is queued, the real worker signs (VAPID, ES256) and encrypts (RFC 8291) it, and the
 * service checks the signature and decrypts with the keys its test device made.
 */
describe('Web Push delivery', () => {
  let database: Database;
  let redis: Redis;
  let service: LocalPushService;
  let stopWorker: () => Promise<void>;
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    service = await startLocalPushService();
    const context = { config, database, redisUrl: REDIS_URL, redisPrefix: prefix };
    stopWorker = (await pushService({ agent: service.agent }).start(context)).stop;
  });
  afterAll(async () => {
    await stopWorker?.();
    await service?.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  const deps = () => ({
    db: database.db,
    vapidKeys: vapidKeyStore(database.db),
    subject: vapidSubject(config.mailFrom),
    agent: service.agent,
  });

  async function userWith(lang: Locale, devices: number): Promise<{ userId: string; devices: TestDevice[] }> {
    const userId = await createUser(database.db);
    await database.db.update(users).set({ lang }).where(eq(users.id, userId));
    const made = Array.from({ length: devices }, () => service.device());
    for (const device of made) await subscribe(database.db, userId, device, 'test-browser', ['127.0.0.1']);
    return { userId, devices: made };
  }

  const store = (message: NewMessage): Promise<SentMessage> =>
    database.db.transaction((tx) => notify(tx, message));

  /** The one push `device` received, as the service worker will read it. */
  async function expectPushed(
    device: TestDevice,
    sent: SentMessage,
    text: { title: string; body: string; url: string },
  ) {
    const [push] = await service.waitFor(device, 1);
    expect(push?.payload).toEqual({ ...text, tag: sent.message.id });
    return push!;
  }

  it('pushes a published message to each device of its user, signed with our VAPID key, in their language', async () => {
    const { userId, devices } = await userWith('ja', 2);
    const sent = await store(fill(userId));
    redisMessagePublisher(redis, prefix).publish(sent);

    const { publicKey } = await ensureVapidKeys(database.db);
    for (const device of devices) {
      const push = await expectPushed(device, sent, {
        title: '約定しました',
        body: '浦发银行（600000）を 10.01 で 1,000 株買い付けました。',
        url: '/transaction',
      });
      expect(push.vapidKey).toBe(publicKey);
      expect(push.claims.aud).toBe(service.origin);
      expect(push.claims.sub).toBe('mailto:no-reply@bourse.example.com');
      expect(push.claims.exp).toBeGreaterThan(Date.now() / 1000);
      expect(push.claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    }
    // The worker notes each success after the push service has answered: the push can arrive first.
    const allNoted = async () =>
      (await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).every(
        (row) => row.lastSuccessAt !== null,
      );
    await expect.poll(allNoted, { timeout: 10_000 }).toBe(true);

    // The job again (a retry, a second publish): every device is claimed already, none hears it twice.
    expect(await deliverPush(deps(), sent.message.id)).toEqual({
      kind: 'pushed',
      sent: 0,
      gone: 0,
      already: 2,
    });
    expect(
      service.received.filter((r) => r.payload && (r.payload as { tag: string }).tag === sent.message.id),
    ).toHaveLength(2);
  });

  it('words a price alert in the user’s language and opens the stock’s page, from the alert channel', async () => {
    const { userId, devices } = await userWith('fr', 1);
    const sent = await store({
      userId,
      kind: 'priceAlert',
      params: { symbol: '600519', name: 'Kweichow Moutai', kind: 'above', price: '1520.00', level: '1500' },
    });
    await pushAlertChannel(redis, prefix).deliver([{ userId, message: sent, event: {} as never }]);
    await expectPushed(devices[0]!, sent, {
      title: 'Alerte de cours',
      body: 'Kweichow Moutai (600519) est à 1520.00.',
      url: '/stockInfo/600519',
    });
  });

  it('removes a device the push service calls gone (410), and still reaches the others', async () => {
    const { userId, devices } = await userWith('en', 2);
    const [gone, live] = devices as [TestDevice, TestDevice];
    service.answer(gone, 410);
    const sent = await store(fill(userId));
    expect(await deliverPush(deps(), sent.message.id)).toEqual({
      kind: 'pushed',
      sent: 1,
      gone: 1,
      already: 0,
    });
    const left = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    expect(left.map((row) => row.endpoint)).toEqual([live.endpoint]);
    const [push] = await service.waitFor(live, 1);
    expect(push?.payload).toMatchObject({
      title: 'Order filled',
      body: 'Bought 1,000 shares of 浦发银行 (600000) at 10.01.',
    });
  });

  it('retries a device the push service failed, and only that one', async () => {
    const { userId, devices } = await userWith('en', 2);
    const [flaky, steady] = devices as [TestDevice, TestDevice];
    service.answer(flaky, 503);
    const sent = await store(fill(userId));
    await expect(deliverPush(deps(), sent.message.id)).rejects.toBeInstanceOf(PushNotDelivered);
    service.answer(flaky, 201);
    expect(await deliverPush(deps(), sent.message.id)).toEqual({
      kind: 'pushed',
      sent: 1,
      gone: 0,
      already: 1,
    });
    expect(await service.waitFor(flaky, 1)).toHaveLength(1);
    expect(await service.waitFor(steady, 1)).toHaveLength(1);
  });

  it('pushes nothing of a topic the user switched off, nor a kind that is never pushed', async () => {
    const { userId, devices } = await userWith('zh-CN', 1);
    await setPreferences(database.db, userId, ['fills']);
    const off = await store(fill(userId));
    const never = await store({ userId, kind: 'verificationResult', params: { status: 'passed' } });
    const on = await store({
      userId,
      kind: 'transferResult',
      params: { direction: 'in', status: 'passed', amount: '5000', bankName: 'ICBC', cardTail: '1234' },
    });
    redisMessagePublisher(redis, prefix).publish([off, never, on]);
    await expectPushed(devices[0]!, on, {
      title: '银证转账',
      body: '尾号 1234 的银行卡转入 5,000.00 元已到账。',
      url: '/bankRecord',
    });
    expect(await deliverPush(deps(), off.message.id)).toEqual({ kind: 'skipped', reason: 'switchedOff' });
    expect(await deliverPush(deps(), never.message.id)).toEqual({ kind: 'skipped', reason: 'notPushed' });
    expect(service.received.filter((r) => r.deviceId === devices[0]!.endpoint.split('/').pop())).toHaveLength(
      1,
    );
  });
});
