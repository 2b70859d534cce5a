import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { allotmentProgress, allotmentQueue, startAllotmentRun } from '@bourse/core/ipo';
import { logger } from '@bourse/core/platform';
import { auditLedger, scratchPostgres } from '@bourse/core/trading/testing';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkReady } from '../testing/forkReady.ts';
import { PrivateRedis } from '../testing/privateRedis.ts';
import { until } from '../testing/until.ts';
import { copySubscriptions } from './population.ts';
import { batchCounts, issueAwaitingAllotment, outcomeOf, statusOf, subscribe } from './testing/issues.ts';
import { verifyAllotment } from './verify.ts';

const SUBSCRIBERS = 40_000;
const CHUNK_SIZE = 500;
const CHUNKS = SUBSCRIBERS / CHUNK_SIZE;
const SEED = 'redis-restart-seed';

/**
 * The batch keeps its results in PostgreSQL (each step one transaction that does nothing when
 * done) and its pending work in Redis: BullMQ's jobs. So a Redis restart that keeps its data
 * (AOF, as production's compose runs it) only pauses the batch, and the same workers finish it;
 * a restart that loses it (a memory-only Redis) loses the jobs, and the batch waits for a
 * re-run, which finishes it from PostgreSQL's state. Either way: the winners of an undisturbed
 * run, nothing doubled or missing.
 */
describe.each([
  ['with its append-only file', true],
  ['memory-only, then re-run by back office', false],
])('the allotment batch with Redis killed -9 and restarted mid-run, %s (postgres)', (_, persistent) => {
  const prefix = `test:${randomUUID()}:`;
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let server: PrivateRedis;
  let redis: Redis;
  let queue: Queue;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    logger.level = 'warn';
    scratch = await scratchPostgres();
    server = await PrivateRedis.start(persistent);
    redis = new Redis(server.url, { maxRetriesPerRequest: null });
    // The outage reaches the test's own connection too; it reconnects like the worker's.
    redis.on('error', (err: Error) => logger.info({ err: err.message }, 'test connection: redis down'));
    queue = allotmentQueue(redis, prefix);
    const started = forkReady(new URL('./workerProcess.ts', import.meta.url), 'ready', {
      DATABASE_URL: scratch.url,
      REDIS_URL: server.url,
      REDIS_PREFIX: prefix,
      ALLOTMENT_CHUNK_SIZE: String(CHUNK_SIZE),
      ALLOTMENT_CONCURRENCY: '4',
      // Jobs active when Redis died go back to the queue a second after it returns.
      ALLOTMENT_LOCK_MS: '1000',
    });
    worker = started.child;
    await started.ready;
  }, 60_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await queue?.close();
    redis?.disconnect();
    await server?.stop();
    await scratch?.close();
  });

  it('finishes with exactly the winners of an undisturbed run', async () => {
    const { db } = scratch.database;
    const clean = await issueAwaitingAllotment(db, { code: '687211', seed: SEED, unitsOffered: 2_000 });
    const disturbed = await issueAwaitingAllotment(db, { code: '687212', seed: SEED, unitsOffered: 2_000 });
    await subscribe(db, clean, SUBSCRIBERS, 'r');
    await copySubscriptions(db, clean, disturbed);
    await startAllotmentRun(db, queue, clean);
    await until(async () => (await statusOf(db, clean)) === 'awaiting_payment', 90_000);

    const { run } = await startAllotmentRun(db, queue, disturbed);
    const doneChunks = async () => (await allotmentProgress(db, disturbed, run)).doneChunks;
    await until(async () => (await doneChunks()) >= 5, 60_000);
    await server.kill9();
    const killedAt = await doneChunks();
    // Down long enough for the worker's chunks in flight to commit and fail to report back.
    await until(async () => (await doneChunks()) === killedAt, 5_000, 500).catch(() => undefined);
    await server.restart();
    expect(killedAt).toBeLessThan(CHUNKS);

    if (!persistent) {
      // Nothing in Redis remembers the run: its jobs are gone and the batch stands still
      // until back office starts the next run (POST /api/admin/ipo/batch, pnpm admin:ipo run).
      await until(async () => (await redis.ping()) === 'PONG', 10_000);
      const pending = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      expect(Object.values(pending).every((n) => n === 0)).toBe(true);
      expect(await statusOf(db, disturbed)).toBe('awaiting_allotment');
      expect(await doneChunks()).toBeLessThan(CHUNKS);
      await startAllotmentRun(db, queue, disturbed);
    }
    await until(async () => (await statusOf(db, disturbed)) === 'awaiting_payment', 120_000);
    // The worker that lived through the outage did the rest: none was restarted.
    expect(worker?.exitCode).toBeNull();

    const expected = await outcomeOf(db, clean);
    const actual = await outcomeOf(db, disturbed);
    expect(actual.tails).toEqual(expected.tails);
    expect(actual.bySubscriber.size).toBe(SUBSCRIBERS);
    expect(actual.bySubscriber).toEqual(expected.bySubscriber);
    const counts = await batchCounts(db, disturbed, '687212');
    expect(counts).toMatchObject({ subscriptions: SUBSCRIBERS, ranges: SUBSCRIBERS, won_units: 2_000 });
    expect(counts.messages).toBe(counts.winners);
    expect(await verifyAllotment(db, '687212')).toMatchObject({ agree: true });
    expect(await auditLedger(db)).toEqual({ total: '0.00', driftedAccounts: [], unbalancedEntries: [] });
  }, 300_000);
});
