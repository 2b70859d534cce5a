import { allotmentProgress, allotmentQueue, startAllotmentRun } from '@bourse/core/ipo';
import { logger } from '@bourse/core/platform';
import {
  CRASH_TEST_TIMEOUT_MS,
  type CrashChild,
  type CrashHarness,
  crashHarness,
} from '@bourse/core/testing/crashHarness.ts';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import { auditLedger } from '@bourse/core/trading/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  let server: PrivateRedis;
  let harness: CrashHarness;
  let queue: Queue;
  let worker: CrashChild;

  beforeAll(async () => {
    logger.level = 'warn';
    server = await PrivateRedis.start({ persistent });
    harness = await crashHarness({ redisUrl: server.url, redisOptions: { maxRetriesPerRequest: null } });
    // The outage reaches the test's own connection too; it reconnects like the worker's.
    harness.redis.on('error', (err: Error) =>
      logger.info({ err: err.message }, 'test connection: redis down'),
    );
    queue = allotmentQueue(harness.redis, harness.prefix);
    worker = harness.fork(new URL('./workerProcess.ts', import.meta.url), {
      ALLOTMENT_CHUNK_SIZE: String(CHUNK_SIZE),
      ALLOTMENT_CONCURRENCY: '4',
      // Jobs active when Redis died go back to the queue a second after it returns.
      ALLOTMENT_LOCK_MS: '1000',
    });
    await worker.sent('ready');
  }, 60_000);

  afterAll(async () => {
    await queue?.close();
    await harness?.cleanup();
    await server?.stop();
  });

  it(
    'finishes with exactly the winners of an undisturbed run',
    async () => {
      const { db } = harness.scratch.database;
      const clean = await issueAwaitingAllotment(db, { code: '687211', seed: SEED, unitsOffered: 2_000 });
      const disturbed = await issueAwaitingAllotment(db, { code: '687212', seed: SEED, unitsOffered: 2_000 });
      await subscribe(db, clean, SUBSCRIBERS, 'r');
      await copySubscriptions(db, clean, disturbed);
      await startAllotmentRun(db, queue, clean);
      await vi.waitFor(async () => expect(await statusOf(db, clean)).toBe('awaiting_payment'), {
        timeout: 45_000,
        interval: 50,
      });

      const { run } = await startAllotmentRun(db, queue, disturbed);
      const doneChunks = async () => (await allotmentProgress(db, disturbed, run)).doneChunks;
      await vi.waitFor(async () => expect(await doneChunks()).toBeGreaterThanOrEqual(5), {
        timeout: 30_000,
        interval: 50,
      });
      await server.kill9();
      const killedAt = await doneChunks();
      // Down until the worker's chunks in flight have committed and failed to report back: without
      // Redis it takes no new ones, so the count holds still between two reads.
      let previous = -1;
      await vi.waitFor(
        async () => {
          const now = await doneChunks();
          const settled = now === previous;
          previous = now;
          expect(settled).toBe(true);
        },
        { timeout: 5_000, interval: 500 },
      );
      await server.restart();
      expect(killedAt).toBeLessThan(CHUNKS);

      if (!persistent) {
        // Nothing in Redis remembers the run: its jobs are gone and the batch stands still
        // until back office starts the next run (POST /api/admin/ipo/batch, pnpm admin:ipo run).
        await vi.waitFor(async () => expect(await harness.redis.ping()).toBe('PONG'), {
          timeout: 10_000,
          interval: 50,
        });
        const pending = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        expect(Object.values(pending).every((n) => n === 0)).toBe(true);
        expect(await statusOf(db, disturbed)).toBe('awaiting_allotment');
        expect(await doneChunks()).toBeLessThan(CHUNKS);
        await startAllotmentRun(db, queue, disturbed);
      }
      await vi.waitFor(async () => expect(await statusOf(db, disturbed)).toBe('awaiting_payment'), {
        timeout: 60_000,
        interval: 50,
      });
      // The worker that lived through the outage did the rest: none was restarted.
      expect(worker.child.exitCode).toBeNull();

      const expected = await outcomeOf(db, clean);
      const actual = await outcomeOf(db, disturbed);
      expect(actual.tails).toEqual(expected.tails);
      expect(actual.bySubscriber.size).toBe(SUBSCRIBERS);
      expect(actual.bySubscriber).toEqual(expected.bySubscriber);
      const counts = await batchCounts(db, disturbed, '687212');
      expect(counts).toMatchObject({ subscriptions: SUBSCRIBERS, ranges: SUBSCRIBERS, won_units: 2_000 });
      expect(counts.messages).toBe(counts.winners);
      expect(await verifyAllotment(db, '687212')).toMatchObject({ agree: true });
      expect(await auditLedger(db)).toEqual({
        total: '0.00',
        driftedAccounts: [],
        unbalancedEntries: [],
        negativeAccounts: [],
        escrowGap: '0.00',
        ordersOff: [],
      });
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
