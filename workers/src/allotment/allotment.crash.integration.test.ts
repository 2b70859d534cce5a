import { allotmentProgress, allotmentQueue, startAllotmentRun } from '@bourse/core/ipo';
import { logger } from '@bourse/core/platform';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { auditLedger } from '@bourse/core/trading/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copySubscriptions } from './population.ts';
import { batchCounts, issueAwaitingAllotment, outcomeOf, statusOf, subscribe } from './testing/issues.ts';
import { verifyAllotment } from './verify.ts';

const SUBSCRIBERS = 40_000;
const CHUNK_SIZE = 500;
const CHUNKS = SUBSCRIBERS / CHUNK_SIZE;
const KILLS = 5;
const SEED = 'crash-test-seed';

const WORKER = new URL('./workerProcess.ts', import.meta.url);
const WORKER_ENV = {
  ALLOTMENT_CHUNK_SIZE: String(CHUNK_SIZE),
  ALLOTMENT_CONCURRENCY: '4',
  // A killed worker's jobs go back to the queue after a second.
  ALLOTMENT_LOCK_MS: '1000',
};

describe('the allotment batch with its workers killed -9 mid-run (postgres)', () => {
  let harness: CrashHarness;
  let queue: Queue;

  beforeAll(async () => {
    logger.level = 'warn';
    harness = await crashHarness({ redisOptions: { maxRetriesPerRequest: null } });
    queue = allotmentQueue(harness.redis, harness.prefix);
  }, 60_000);

  afterAll(async () => {
    await queue?.close();
    await harness?.cleanup();
  });

  it(
    'finishes with exactly the winners of an uninterrupted run, nothing doubled or missing',
    async () => {
      const { db } = harness.scratch.database;
      // Two issues with one seed and one subscription list: one runs clean, one gets killed.
      const clean = await issueAwaitingAllotment(db, { code: '687201', seed: SEED, unitsOffered: 2_000 });
      const killed = await issueAwaitingAllotment(db, { code: '687202', seed: SEED, unitsOffered: 2_000 });
      await subscribe(db, clean, SUBSCRIBERS, 'k');
      await copySubscriptions(db, clean, killed);

      const reference = harness.fork(WORKER, WORKER_ENV);
      await reference.sent('ready');
      await startAllotmentRun(db, queue, clean);
      await vi.waitFor(async () => expect(await statusOf(db, clean)).toBe('awaiting_payment'), {
        timeout: 45_000,
        interval: 50,
      });
      await reference.kill9();

      const { run } = await startAllotmentRun(db, queue, killed);
      const doneChunks = async () => (await allotmentProgress(db, killed, run)).doneChunks;
      const killedAt: number[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        const worker = harness.fork(WORKER, WORKER_ENV);
        await worker.sent('ready');
        // Let it get some chunks done (at random: 1 to 4 more), then kill it with others in flight.
        const target = (await doneChunks()) + 1 + Math.floor(Math.random() * 4);
        await vi.waitFor(async () => expect(await doneChunks()).toBeGreaterThanOrEqual(target), {
          timeout: 15_000,
          interval: 50,
        });
        // A random moment within the next chunk's work, not a wait for anything.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
        await worker.kill9();
        killedAt.push(await doneChunks());
      }
      expect(Math.max(...killedAt)).toBeLessThan(CHUNKS);
      expect(await statusOf(db, killed)).toBe('awaiting_allotment');

      await harness.fork(WORKER, WORKER_ENV).sent('ready');
      await vi.waitFor(async () => expect(await statusOf(db, killed)).toBe('awaiting_payment'), {
        timeout: 45_000,
        interval: 50,
      });

      const expected = await outcomeOf(db, clean);
      const actual = await outcomeOf(db, killed);
      expect(actual.tails).toEqual(expected.tails);
      expect(actual.bySubscriber.size).toBe(SUBSCRIBERS);
      expect(actual.bySubscriber).toEqual(expected.bySubscriber);
      const counts = await batchCounts(db, killed, '687202');
      expect(counts).toMatchObject({ subscriptions: SUBSCRIBERS, ranges: SUBSCRIBERS, won_units: 2_000 });
      expect(counts.messages).toBe(counts.winners);
      expect(await verifyAllotment(db, '687202')).toMatchObject({ agree: true });
      // The kills caught jobs mid-run: BullMQ took them back from the dead workers and reran them.
      const rerun = (await queue.getJobs(['completed'])).filter(
        (job) => job.data.ipoId === killed && job.stalledCounter > 0,
      );
      expect(rerun.length).toBeGreaterThan(0);
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
