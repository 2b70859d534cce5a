import { randomUUID } from 'node:crypto';
import {
  allotmentProgress,
  allotmentQueue,
  ipos,
  queryRows,
  startAllotmentRun,
  sweepAllotmentRuns,
} from '@bourse/core/ipo';
import { EMBEDDED_AND_POSTGRES, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, loadConfig, logger } from '@bourse/core/platform';
import { subscribe as subscribeDevice } from '@bourse/core/push';
import { allotmentJobIds } from '@bourse/shared';
import type { Queue } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { allotmentService } from './allotmentWorker.ts';
import { allotChunk, DrawnIssues, planAllotment } from './batch.ts';
import { subscribedUnits } from './population.ts';
import { batchCounts, issueAwaitingAllotment, statusOf, subscribe } from './testing/issues.ts';
import { verifyAllotment } from './verify.ts';

describe.each(EMBEDDED_AND_POSTGRES)('the allotment batch on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let queue: Queue;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    logger.level = 'warn';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = allotmentQueue(redis, prefix);
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    const worker = await allotmentService({ redisPrefix: prefix, chunkSize: 250 }).start(context);
    stopWorker = worker.stop;
  });

  afterAll(async () => {
    await stopWorker?.();
    await queue?.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  const finished = (ipoId: number) =>
    vi.waitFor(async () => expect(await statusOf(database.db, ipoId)).toBe('awaiting_payment'), {
      timeout: 30_000,
      interval: 100,
    });

  it('numbers and draws in chunks, allots exactly the offer, and verify agrees', async () => {
    const { db } = database;
    const ipoId = await issueAwaitingAllotment(db, { code: '687101', seed: 'first', unitsOffered: 300 });
    await subscribe(db, ipoId, 3_000, 'a');
    const { run } = await startAllotmentRun(db, queue, ipoId);
    await finished(ipoId);

    const counts = await batchCounts(db, ipoId, '687101');
    expect(counts).toMatchObject({ subscriptions: 3_000, ranges: 3_000, won_units: 300 });
    // one result per winning subscription
    expect(counts.messages).toBe(counts.winners);
    expect(await allotmentProgress(db, ipoId, run)).toMatchObject({
      chunks: 12,
      doneChunks: 12,
      subscriptions: 3_000,
      numbers: await subscribedUnits(db, ipoId),
      winningNumbers: 300,
      drawnWinningNumbers: 300,
    });
    expect(await verifyAllotment(db, '687101')).toMatchObject({ agree: true, winningNumbers: 300 });
    await expect(startAllotmentRun(db, queue, ipoId)).rejects.toMatchObject({
      key: 'ipo.notAwaitingAllotment',
    });
  });

  it('gives every subscriber all their units when the issue is undersubscribed', async () => {
    const { db } = database;
    const ipoId = await issueAwaitingAllotment(db, {
      code: '687102',
      seed: 'second',
      unitsOffered: 1_000_000,
    });
    await subscribe(db, ipoId, 400, 'b');
    await startAllotmentRun(db, queue, ipoId);
    await finished(ipoId);
    const counts = await batchCounts(db, ipoId, '687102');
    expect(counts).toMatchObject({
      subscriptions: 400,
      winners: 400,
      won_units: await subscribedUnits(db, ipoId),
    });
    expect((await verifyAllotment(db, '687102'))?.agree).toBe(true);
  });

  it('finishes a run committed without its job (a crash before the enqueue) once a worker starts', async () => {
    const { db } = database;
    const ipoId = await issueAwaitingAllotment(db, { code: '687104', seed: 'fourth', unitsOffered: 40 });
    await subscribe(db, ipoId, 500, 'd');
    // What startAllotmentRun commits before it enqueues: the process dies in between.
    await db.update(ipos).set({ batchRun: 1 }).where(eq(ipos.id, ipoId));
    expect(await queue.getJob(allotmentJobIds.plan({ ipoId, run: 1 }))).toBeUndefined();

    // The restarted worker sweeps on start: the committed run gets its plan job.
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    const restarted = await allotmentService({ redisPrefix: prefix, chunkSize: 250 }).start(context);
    try {
      await finished(ipoId);
    } finally {
      await restarted.stop();
    }
    expect(await batchCounts(db, ipoId, '687104')).toMatchObject({ subscriptions: 500, won_units: 40 });
    expect((await verifyAllotment(db, '687104'))?.agree).toBe(true);
    // Swept again once finished: nothing to do.
    expect(await sweepAllotmentRuns(db, queue)).toBe(0);
  });

  it('does each step once however often it runs', async () => {
    const { db } = database;
    const ipoId = await issueAwaitingAllotment(db, { code: '687103', seed: 'third', unitsOffered: 50 });
    await subscribe(db, ipoId, 600, 'c');
    await db.update(ipos).set({ batchRun: 1 }).where(eq(ipos.id, ipoId));
    const job = { ipoId, run: 1 };
    const plan = await planAllotment(db, job, 100);
    expect(plan).toEqual({ kind: 'planned', pendingChunks: [0, 1, 2, 3, 4, 5] });
    expect(await planAllotment(db, job, 100)).toEqual(plan);
    expect(await planAllotment(db, { ipoId, run: 2 }, 100)).toEqual({
      kind: 'skipped',
      reason: 'run 2 superseded',
    });

    // One subscriber of the first chunk has a push device: their numbers are noticed, to be pushed.
    const [pushed] = await queryRows<{ user_id: string }>(
      db,
      sql`select user_id from ipo_subscriptions where ipo_id = ${ipoId} order by id limit 1`,
    );
    const device = {
      endpoint: `https://push.example/${randomUUID()}`,
      keys: { p256dh: 'key', auth: 'auth' },
    };
    await subscribeDevice(db, pushed!.user_id, device, undefined, ['push.example']);
    const issues = new DrawnIssues();
    const first = await allotChunk(db, { ...job, chunk: 0 }, issues);
    const numbersSent = first.sent.filter((s) => s.message.kind === 'ipoNumbers');
    expect(numbersSent).toEqual([
      {
        userId: pushed!.user_id,
        message: expect.objectContaining({ params: expect.objectContaining({ firstNumber: '100000001' }) }),
      },
    ]);
    expect((await batchCounts(db, ipoId, '687103')).number_notices).toBe(1);
    const before = await batchCounts(db, ipoId, '687103');
    const again = await allotChunk(db, { ...job, chunk: 0 }, issues);
    expect(again).toEqual({ remaining: 5, sent: [] });
    expect(first.remaining).toBe(5);
    expect(await batchCounts(db, ipoId, '687103')).toEqual(before);
    expect(before.ranges).toBe(100);
  });
});
