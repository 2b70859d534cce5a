/**
 * Starting and watching allotment batch runs: what the back office's API and CLI and the
 * workers' calendar share. The batch itself runs in the workers (workers/src/allotment).
 */
import {
  ALLOTMENT_JOBS,
  type AllotmentPlanJob,
  type AllotmentProgressView,
  allotmentJobIds,
  DomainError,
  IPO_QUEUES,
} from '@bourse/shared';
import { type JobsOptions, Queue } from 'bullmq';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows } from '../db/rows.ts';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { bullPrefix } from '../platform/queues.ts';
import { issueByCode } from './queries.ts';
import { ipos } from './schema.ts';

/**
 * Every allotment job retries on errors and survives its worker dying mid-job: BullMQ hands a
 * job whose lock lapsed to another worker. Finished jobs are kept a while for the dashboard.
 */
export const ALLOTMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 5000 },
  removeOnFail: { count: 5000 },
};

export function allotmentQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(IPO_QUEUES.allotment, { connection: redis, prefix: bullPrefix(redisPrefix) });
  // Without a listener BullMQ prints every connection error; the Redis client warns already.
  queue.on('error', (err) => logger.warn({ err: err.message }, 'ipo-allotment queue error'));
  return queue;
}

async function enqueuePlan(queue: Queue, job: AllotmentPlanJob): Promise<void> {
  await queue.add(ALLOTMENT_JOBS.plan, job, { ...ALLOTMENT_JOB_OPTIONS, jobId: allotmentJobIds.plan(job) });
}

/**
 * The plan job of every run started on an issue still awaiting its allotment, added again: a
 * run is committed before its job is queued, so a crash in between leaves a run without a job.
 * The job's id makes this a no-op for a run whose plan is queued or done; a plan run again
 * skips what is done. Answers how many runs were swept.
 */
export async function sweepAllotmentRuns(db: Db, queue: Queue): Promise<number> {
  const runs = await db
    .select({ ipoId: ipos.id, run: ipos.batchRun })
    .from(ipos)
    .where(and(eq(ipos.status, 'awaiting_allotment'), gt(ipos.batchRun, 0)))
    .orderBy(asc(ipos.id));
  for (const run of runs) await enqueuePlan(queue, run);
  return runs.length;
}

/**
 * Starts a run of the batch (the first, or a re-run after a failure): the run number goes up so
 * the run's jobs get fresh ids, and chunks already done stay done. Only an issue awaiting its
 * allotment can run. Should the process die between the commit and the enqueue, the workers'
 * sweep (sweepAllotmentRuns) queues the run.
 */
export async function startAllotmentRun(db: Db, queue: Queue, ipoId: number): Promise<AllotmentPlanJob> {
  // Without firstOnly a run always starts.
  const job = (await nextRun(db, ipoId, false))!;
  await enqueuePlan(queue, job);
  return job;
}

/** The calendar's start on T+1: run 1 unless a run was started already (null then). */
export async function startFirstAllotmentRun(
  db: Db,
  queue: Queue,
  ipoId: number,
): Promise<AllotmentPlanJob | null> {
  const job = await nextRun(db, ipoId, true);
  if (job) await enqueuePlan(queue, job);
  return job;
}

async function nextRun(db: Db, ipoId: number, firstOnly: boolean): Promise<AllotmentPlanJob | null> {
  return db.transaction(async (tx) => {
    const [ipo] = await tx
      .select({ status: ipos.status, batchRun: ipos.batchRun })
      .from(ipos)
      .where(eq(ipos.id, ipoId))
      .for('update');
    if (!ipo) throw new DomainError('ipo.notFound');
    if (ipo.status !== 'awaiting_allotment') throw new DomainError('ipo.notAwaitingAllotment');
    if (firstOnly && ipo.batchRun > 0) return null;
    const run = ipo.batchRun + 1;
    await tx.update(ipos).set({ batchRun: run }).where(eq(ipos.id, ipoId));
    return { ipoId, run };
  });
}

export interface AllotmentProgress {
  run: number;
  /** Chunks planned (0 before the plan) and done. */
  chunks: number;
  doneChunks: number;
  subscriptions: number;
  numbers: number;
  /** Winning numbers found so far, and drawn in total (null before the draw). */
  winningNumbers: number;
  drawnWinningNumbers: number | null;
}

export async function allotmentProgress(db: Db, ipoId: number, run: number): Promise<AllotmentProgress> {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
      select count(*) as chunks, count(done_at) as done_chunks,
             coalesce(sum(subscriptions), 0) as subscriptions, coalesce(sum(numbers), 0) as numbers,
             coalesce(sum(winning_numbers), 0) as winning_numbers,
             (select winning_numbers from ipo_draws where ipo_id = ${ipoId}) as drawn
      from ipo_allotment_chunks where ipo_id = ${ipoId}`,
  );
  const num = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    run,
    chunks: num(row?.chunks),
    doneChunks: num(row?.done_chunks),
    subscriptions: num(row?.subscriptions),
    numbers: num(row?.numbers),
    winningNumbers: num(row?.winning_numbers),
    drawnWinningNumbers: row?.drawn === null || row?.drawn === undefined ? null : num(row.drawn),
  };
}

/** An issue's batch as the back office sees it: its status, its latest run and that run's progress. */
export async function batchProgress(db: Db, code: string): Promise<AllotmentProgressView> {
  const { ipo } = await issueByCode(db, code);
  return { code, status: ipo.status, ...(await allotmentProgress(db, ipo.id, ipo.batchRun)) };
}
