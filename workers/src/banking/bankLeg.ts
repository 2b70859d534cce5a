/**
 * A BullMQ worker of requests to the bank, whatever they pay: bank transfers, storefront
 * withdrawals' payouts. Each kind is a `BankLeg` (how to ask the bank about one request, how
 * to settle one callback, which requests wait); this runs its advance, callback and sweep jobs
 * against the simulated bank, on the leg's own queue.
 */

import {
  type BankGateway,
  bankQueue,
  enqueueAdvance,
  enqueueCallback,
  transferBackoff,
} from '@bourse/core/banking';
import { type Db, logger } from '@bourse/core/platform';
import {
  type BANK_QUEUES,
  TRANSFER_JOBS,
  type TransferCallbackJob,
  transferAdvanceJobSchema,
  transferCallbackJobSchema,
} from '@bourse/shared';
import { DelayedError, type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { simulatedBankOptionsFromEnv } from './bankOptions.ts';
import { SimulatedBank, type SimulatedBankOptions } from './simulatedBank.ts';

export interface BankLeg {
  /**
   * Asks the bank about one request by its id and settles it if the bank answered (telling the
   * user after commit); `waiting` while the bank works on it. Throws when the bank is silent.
   */
  advance(id: string): Promise<'finished' | 'waiting' | 'settled'>;
  /** Settles one delivery of the bank's answer; `finished` if it was settled already. */
  settle(callback: TransferCallbackJob): Promise<'finished' | 'settled'>;
  /** Every request still waiting for the bank, oldest first: what the sweep re-enqueues. */
  pending(): Promise<string[]>;
}

export interface BankLegOptions {
  redisPrefix?: string;
  /** The simulated bank's settings (default: BANK_SIM_* from the environment). */
  bank?: SimulatedBankOptions;
  /** How long an advance job waits before asking the bank again while it processes a request. */
  recheckMs?: number;
  /** How often the sweep looks for waiting requests without a job. */
  sweepEveryMs?: number;
  /** The longest wait before asking a silent bank again. */
  maxRetryDelayMs?: number;
  concurrency?: number;
  /** How long a job's lock lives without renewal: a dead worker's job moves on after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** Enqueues an advance job for every waiting request; each request's job id makes this harmless to repeat. */
export async function sweepBankLeg(leg: BankLeg, queue: Queue): Promise<number> {
  const ids = await leg.pending();
  for (const id of ids) await enqueueAdvance(queue, id);
  return ids.length;
}

/** The job processor, apart from the worker so tests can drive it. */
export function bankLegProcessor(leg: BankLeg, queue: Queue, recheckMs: number) {
  return async (job: Job, token?: string) => {
    switch (job.name) {
      case TRANSFER_JOBS.advance: {
        const { transferId } = parseJobData(transferAdvanceJobSchema, job);
        const step = await leg.advance(transferId);
        if (step === 'waiting') {
          // The bank has it: look again later (a callback usually settles it first).
          await job.moveToDelayed(Date.now() + recheckMs, token);
          throw new DelayedError();
        }
        return step;
      }
      case TRANSFER_JOBS.callback:
        return leg.settle(parseJobData(transferCallbackJobSchema, job));
      case TRANSFER_JOBS.sweep:
        return { enqueued: await sweepBankLeg(leg, queue) };
      default:
        throw new UnrecoverableError(`unknown ${queue.name} job ${job.name}`);
    }
  };
}

/** What a leg is built from: the database, the gateway (its callbacks come back on the leg's queue), the process's Redis. */
export interface BankLegContext {
  db: Db;
  gateway: BankGateway;
  queue: Queue;
  redis: Redis;
  redisPrefix: string;
}

/**
 * Runs one kind of bank request against the simulated bank. On start it sweeps: every request
 * still waiting in PostgreSQL gets its advance job again, so requests survive a Redis that lost
 * its queues.
 */
export function bankLegService(
  kind: {
    /** The service's name, in logs. */
    name: string;
    queue: (typeof BANK_QUEUES)[keyof typeof BANK_QUEUES];
    /** The job scheduler that runs the sweep. */
    sweepScheduler: string;
  },
  makeLeg: (context: BankLegContext) => BankLeg,
  options: BankLegOptions = {},
): BackgroundService {
  return {
    name: kind.name,
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix } = bull;
      const queue = bankQueue(kind.queue, redis, redisPrefix);
      const gateway = new SimulatedBank(
        redis,
        redisPrefix,
        options.bank ?? simulatedBankOptionsFromEnv(process.env),
        (callback, delivery, delayMs) => enqueueCallback(queue, callback, delivery, delayMs),
      );
      const leg = makeLeg({ db: context.database.db, gateway, queue, redis, redisPrefix });
      const worker = new Worker(kind.queue, bankLegProcessor(leg, queue, options.recheckMs ?? 15_000), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 8,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        // A job whose worker died is run again: every step is safe to repeat.
        maxStalledCount: 1_000,
        settings: { backoffStrategy: transferBackoff(options.maxRetryDelayMs ?? 30_000) },
      });
      logWorkerProblems(worker, kind.name);
      const swept = await sweepBankLeg(leg, queue);
      if (swept > 0)
        logger.info({ requests: swept, queue: kind.queue }, 'bank: waiting requests re-enqueued');
      await queue.upsertJobScheduler(
        kind.sweepScheduler,
        { every: options.sweepEveryMs ?? 60_000 },
        { name: TRANSFER_JOBS.sweep, data: {} },
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
