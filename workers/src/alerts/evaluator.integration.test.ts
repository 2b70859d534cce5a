import { randomUUID } from 'node:crypto';
import { type AlertChannel, type ClaimedFiring, createAlert, redisAlertChanges } from '@bourse/core/alerts';
import { FeedDouble, feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import type { Database } from '@bourse/core/platform';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { EMBEDDED_AND_POSTGRES, openTestDatabase } from '@bourse/core/testing/testDatabase.ts';
import { createUser } from '@bourse/core/trading/testing';
import type { CreateAlert, FeedQuote } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlertEvaluator } from './evaluator.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = '604000';
const USERS = 10;
const T0 = Date.UTC(2026, 6, 6, 2, 0);
const MINUTE = 60_000;

/** Each user's three alerts on SYMBOL (prev close 10.00, limit up 11.00). */
const ALERTS: Omit<CreateAlert, 'symbol'>[] = [
  { kind: 'above', level: '10.5', repeat: false },
  { kind: 'limitUp', repeat: false },
  { kind: 'riseBy', percent: '3', repeat: true, cooldownMinutes: 10 },
];

/** Records what it is handed, as a delivery channel would send it. */
class RecordingChannel implements AlertChannel {
  readonly delivered: ClaimedFiring[] = [];
  async deliver(firings: readonly ClaimedFiring[]): Promise<void> {
    this.delivered.push(...firings);
  }
}

describe.each(EMBEDDED_AND_POSTGRES)('price alerts fire once across evaluators, on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  const running: { evaluator: AlertEvaluator; connections: Redis[]; subscriberId: number }[] = [];
  const channel = new RecordingChannel();

  async function startEvaluator(): Promise<AlertEvaluator> {
    const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    // Asked before it subscribes: a subscribed connection answers nothing else.
    const subscriberId = (await connections[1]!.client('ID')) as number;
    const evaluator = new AlertEvaluator(database, connections[0]!, connections[1]!, {
      redisPrefix: prefix,
      channels: [channel],
    });
    await evaluator.start();
    running.push({ evaluator, connections, subscriberId });
    return evaluator;
  }

  async function stopAll(): Promise<void> {
    for (const { evaluator, connections } of running.splice(0)) {
      await evaluator.stop();
      for (const c of connections) c.disconnect();
    }
  }

  const publish = (time: number, overrides: Partial<FeedQuote> = {}) =>
    new FeedDouble(redis, prefix).quotes([
      feedQuote(SYMBOL, { price: '11.00', pct: '10.00', change: '1.00', time, ...overrides }),
    ]);

  /** A one-shot alert above `level` for the first user a firing went to, through the change stream. */
  const addAbove = (level: string) =>
    createAlert(
      { db: database.db, changes: redisAlertChanges(redis, prefix) },
      channel.delivered[0]!.userId,
      { symbol: SYMBOL, kind: 'above', level, repeat: false },
      '测试',
    );

  const alertMessages = async () =>
    (await database.db.select().from(messages).where(eq(messages.kind, 'priceAlert'))).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL);
    const deps = { db: database.db, changes: redisAlertChanges(redis, prefix) };
    for (let i = 0; i < USERS; i++) {
      const userId = await createUser(database.db);
      for (const alert of ALERTS) await createAlert(deps, userId, { symbol: SYMBOL, ...alert }, '测试');
    }
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  it('two evaluators hearing the same quotes deliver each firing once, claimed with its inbox message', async () => {
    const [a, b] = [await startEvaluator(), await startEvaluator()];
    expect([a.size, b.size]).toEqual([USERS * ALERTS.length, USERS * ALERTS.length]);
    // The same quote three times, as a feed failover may resend it.
    for (let i = 0; i < 3; i++) await publish(T0);
    await vi.waitFor(() => expect(channel.delivered).toHaveLength(USERS * ALERTS.length), {
      timeout: 10_000,
    });
    await stopAll();

    const ids = channel.delivered.map((f) => f.event.alertId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await alertMessages()).toBe(USERS * ALERTS.length);
    const riseBy = channel.delivered.find((f) => f.event.kind === 'riseBy')!;
    expect(riseBy.event).toMatchObject({
      price: '11.00',
      pct: '10.00',
      percent: '3',
      level: null,
      repeat: true,
    });
    expect(riseBy.message.message).toMatchObject({
      kind: 'priceAlert',
      marketAt: new Date(T0).toISOString(),
    });
  });

  it('a restarted evaluator keeps one-shot alerts fired and repeating ones quiet for their cool-down', async () => {
    const fired = channel.delivered.length;
    await startEvaluator();
    await startEvaluator();
    // 9:59 of market time later the repeating alerts are still quiet; the one-shots are off.
    await publish(T0 + 10 * MINUTE - 1);
    await publish(T0 + 10 * MINUTE - 1, { price: '10.99', pct: '9.90' });
    // A user's new alert reaches the running evaluators through the change stream.
    const added = await addAbove('10.9');
    await vi.waitFor(() => expect(running.every((r) => r.evaluator.size === USERS + 1)).toBe(true));
    await publish(T0 + 10 * MINUTE - 1, { price: '10.99', pct: '9.90' });
    await vi.waitFor(() => expect(channel.delivered).toHaveLength(fired + 1));
    expect(channel.delivered.at(-1)!.event.alertId).toBe(added.id);

    // Ten minutes on, each repeating alert fires again, once.
    await publish(T0 + 10 * MINUTE);
    await publish(T0 + 10 * MINUTE);
    await vi.waitFor(() => expect(channel.delivered).toHaveLength(fired + 1 + USERS));
    await stopAll();
    expect(channel.delivered.slice(fired + 1).every((f) => f.event.kind === 'riseBy')).toBe(true);
    expect(await alertMessages()).toBe(fired + 1 + USERS);
  });

  it('hears the feed again after Redis kills its subscriber, as it does one that falls behind', async () => {
    await startEvaluator();
    const added = await addAbove('10.95');
    // The repeating alerts and this one: every one-shot before it has fired.
    await vi.waitFor(() => expect(running[0]!.evaluator.size).toBe(USERS + 1));
    // Only this test's own connection, by its id.
    await redis.client('KILL', 'ID', String(running[0]!.subscriberId));
    // Published until heard: the evaluator reconnects and resubscribes on its own time.
    await vi.waitFor(
      async () => {
        await publish(T0 + 30 * MINUTE, { price: '10.99', pct: '9.90' });
        expect(channel.delivered.map((f) => f.event.alertId)).toContain(added.id);
      },
      { timeout: 15_000, interval: 500 },
    );
    await stopAll();
  });
});
