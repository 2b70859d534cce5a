import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { allotmentProgress, allotmentQueue, startAllotmentRun } from '@bourse/core/ipo';
import { logger } from '@bourse/core/platform';
import { auditLedger, scratchPostgres } from '@bourse/core/trading/testing';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { until } from '../testing/until.ts';
import { copySubscriptions } from './population.ts';
import { batchCounts, issueAwaitingAllotment, outcomeOf, statusOf, subscribe } from './testing/issues.ts';
import { verifyAllotment } from './verify.ts';

const SUBSCRIBERS = 40_000;
const CHUNK_SIZE = 500;
const CHUNKS = SUBSCRIBERS / CHUNK_SIZE;
const KILLS = 5;
const SEED = 'crash-test-seed';

function spawnWorker(env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
  const child = fork(fileURLToPath(new URL('./workerProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m.type === 'ready' && resolve());
    child.once('exit', (code, signal) => reject(new Error(`worker exited with ${code ?? signal}`)));
  });
  ready.catch(() => undefined);
  return { child, ready };
}

describe('the allotment batch with its workers killed -9 mid-run (postgres)', () => {
  const prefix = `test:${randomUUID()}:`;
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let redis: Redis;
  let queue: Queue;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    logger.level = 'warn';
    scratch = await scratchPostgres();
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = allotmentQueue(redis, prefix);
    env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      ALLOTMENT_CHUNK_SIZE: String(CHUNK_SIZE),
      ALLOTMENT_CONCURRENCY: '4',
      // A killed worker's jobs go back to the queue after a second.
      ALLOTMENT_LOCK_MS: '1000',
    };
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await scratch?.close();
  });

  it('finishes with exactly the winners of an uninterrupted run, nothing doubled or missing', async () => {
    const { db } = scratch.database;
    // Two issues with one seed and one subscription list: one runs clean, one gets killed.
    const clean = await issueAwaitingAllotment(db, { code: '687201', seed: SEED, unitsOffered: 2_000 });
    const killed = await issueAwaitingAllotment(db, { code: '687202', seed: SEED, unitsOffered: 2_000 });
    await subscribe(db, clean, SUBSCRIBERS, 'k');
    await copySubscriptions(db, clean, killed);

    const reference = spawnWorker(env);
    children.push(reference.child);
    await reference.ready;
    await startAllotmentRun(db, queue, clean);
    await until(async () => (await statusOf(db, clean)) === 'awaiting_payment', 60_000);
    reference.child.kill('SIGKILL');

    const { run } = await startAllotmentRun(db, queue, killed);
    const doneChunks = async () => (await allotmentProgress(db, killed, run)).doneChunks;
    const killedAt: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const worker = spawnWorker(env);
      children.push(worker.child);
      await worker.ready;
      // Let it get some chunks done (at random: 1 to 4 more), then kill it with others in flight.
      const target = (await doneChunks()) + 1 + Math.floor(Math.random() * 4);
      await until(async () => (await doneChunks()) >= target, 60_000);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      worker.child.kill('SIGKILL');
      killedAt.push(await doneChunks());
    }
    expect(Math.max(...killedAt)).toBeLessThan(CHUNKS);
    expect(await statusOf(db, killed)).toBe('awaiting_allotment');

    const last = spawnWorker(env);
    children.push(last.child);
    await last.ready;
    await until(async () => (await statusOf(db, killed)) === 'awaiting_payment', 90_000);

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
    expect(await auditLedger(db)).toEqual({ total: '0.00', driftedAccounts: [], unbalancedEntries: [] });
  }, 240_000);
});
