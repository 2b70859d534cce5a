/** The BullMQ worker of the allotment batch: plan → chunks (in parallel, any worker) → finish. */

import {
  ALLOTMENT_JOB_OPTIONS,
  allotmentQueue,
  redisMessagePublisher,
  sweepAllotmentRuns,
} from '@bourse/core/ipo';
import { marketTimeOf } from '@bourse/core/market/clock';
import { type Db, logger } from '@bourse/core/platform';
import { redisMarketView } from '@bourse/core/trading';
import {
  ALLOTMENT_JOBS,
  allotmentChunkJobSchema,
  allotmentFinishJobSchema,
  allotmentJobIds,
  allotmentPlanJobSchema,
  IPO_QUEUES,
} from '@bourse/shared';
import { type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { allotChunk, DrawnIssues, finishAllotment, planAllotment } from './batch.ts';

export interface AllotmentOptions {
  redisPrefix?: string;
  /** Subscriptions per chunk job. */
  chunkSize?: number;
  /** Jobs one worker runs at once: the work is mostly PostgreSQL's, so a few overlap well. */
  concurrency?: number;
  /** How long a job's lock lives without renewal: a dead worker's job moves on after it. */
  lockDurationMs?: number;
  /** How often the worker looks for jobs whose lock lapsed. */
  stalledIntervalMs?: number;
  /** How often the sweep looks for started runs without a job. */
  sweepEveryMs?: number;
}

const SWEEP_SCHEDULER = 'ipo-allotment-sweep';

export const DEFAULT_CHUNK_SIZE = 10_000;

async function enqueueFinish(queue: Queue, ipoId: number, run: number): Promise<void> {
  const job = { ipoId, run };
  await queue.add(ALLOTMENT_JOBS.finish, job, {
    ...ALLOTMENT_JOB_OPTIONS,
    jobId: allotmentJobIds.finish(job),
  });
}

/** The job processor, apart from the worker so tests can drive it. */
export function allotmentProcessor(deps: {
  db: Db;
  queue: Queue;
  publish: ReturnType<typeof redisMessagePublisher>;
  chunkSize: number;
  /** Market time now: the winners' messages are stamped with it. */
  marketTime(): Promise<number>;
}) {
  const issues = new DrawnIssues();
  return async (job: Job) => {
    switch (job.name) {
      case ALLOTMENT_JOBS.plan: {
        const plan = parseJobData(allotmentPlanJobSchema, job);
        const outcome = await planAllotment(deps.db, plan, deps.chunkSize);
        if (outcome.kind === 'skipped') return outcome;
        if (outcome.pendingChunks.length === 0) await enqueueFinish(deps.queue, plan.ipoId, plan.run);
        // Ids are per run and chunk: a plan repeated after a crash adds nothing twice.
        await deps.queue.addBulk(
          outcome.pendingChunks.map((chunk) => {
            const data = { ...plan, chunk };
            return {
              name: ALLOTMENT_JOBS.chunk,
              data,
              opts: { ...ALLOTMENT_JOB_OPTIONS, jobId: allotmentJobIds.chunk(data) },
            };
          }),
        );
        return outcome;
      }
      case ALLOTMENT_JOBS.chunk: {
        const chunk = parseJobData(allotmentChunkJobSchema, job);
        const { remaining, sent } = await allotChunk(deps.db, chunk, issues, await deps.marketTime());
        deps.publish.publish(sent);
        // Whichever chunk sees none left asks for the finish; its id makes that happen once.
        if (remaining === 0) await enqueueFinish(deps.queue, chunk.ipoId, chunk.run);
        return { remaining, messages: sent.length };
      }
      case ALLOTMENT_JOBS.finish: {
        const finish = parseJobData(allotmentFinishJobSchema, job);
        const finished = await finishAllotment(deps.db, finish.ipoId);
        logger.info({ ...finish, finished }, 'allotment: batch finished');
        return { finished };
      }
      case ALLOTMENT_JOBS.sweep:
        return { swept: await sweepAllotmentRuns(deps.db, deps.queue) };
      default:
        throw new UnrecoverableError(`unknown allotment job ${job.name}`);
    }
  };
}

export function allotmentService(options: AllotmentOptions = {}): BackgroundService {
  return {
    name: 'ipo-allotment',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = allotmentQueue(bull.redis, bull.redisPrefix);
      const market = redisMarketView(bull.redis, bull.redisPrefix);
      const processor = allotmentProcessor({
        db: context.database.db,
        queue,
        publish: redisMessagePublisher(bull.redis, bull.redisPrefix),
        marketTime: async () => marketTimeOf(await market.status()),
        chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
      });
      const worker = new Worker(IPO_QUEUES.allotment, processor, {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 4,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        // A worker killed mid-chunk only delays the chunk: its rerun is harmless, so never give up on it.
        maxStalledCount: 1_000,
      });
      logWorkerProblems(worker, 'allotment');
      // A run committed by a process that died before queueing it resumes here, not by hand.
      const swept = await sweepAllotmentRuns(context.database.db, queue);
      if (swept > 0) logger.info({ runs: swept }, 'allotment: started runs swept');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 60_000 },
        { name: ALLOTMENT_JOBS.sweep, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
      return {
        async stop() {
          await worker.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
