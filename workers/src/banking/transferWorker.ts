/** The BullMQ worker of bank transfers: advance jobs (ask the bank), the bank's callbacks, and the sweep. */

import {
  advanceTransfer,
  auditingTransferIds,
  type BankGateway,
  enqueueAdvance,
  enqueueCallback,
  publishSettlement,
  settleAnswer,
  transferBackoff,
  transferQueue,
} from '@bourse/core/banking';
import { redisMessagePublisher } from '@bourse/core/messages';
import { type Db, logger } from '@bourse/core/platform';
import { redisMarketView, redisUserEvents } from '@bourse/core/trading';
import {
  BANK_QUEUES,
  TRANSFER_JOBS,
  transferAdvanceJobSchema,
  transferCallbackJobSchema,
} from '@bourse/shared';
import { DelayedError, type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { simulatedBankOptionsFromEnv } from './bankOptions.ts';
import { SimulatedBank, type SimulatedBankOptions } from './simulatedBank.ts';

export interface TransferWorkerOptions {
  redisPrefix?: string;
  /** The simulated bank's settings (default: BANK_SIM_* from the environment). */
  bank?: SimulatedBankOptions;
  /** How long an advance job waits before asking the bank again while it processes a transfer. */
  recheckMs?: number;
  /** How often the sweep looks for auditing transfers without a job. */
  sweepEveryMs?: number;
  /** The longest wait before asking a silent bank again. */
  maxRetryDelayMs?: number;
  concurrency?: number;
  /** How long a job's lock lives without renewal: a dead worker's job moves on after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

const SWEEP_SCHEDULER = 'bank-transfer-sweep';

export interface TransferProcessorDeps {
  db: Db;
  gateway: BankGateway;
  market: ReturnType<typeof redisMarketView>;
  queue: Queue;
  messages: ReturnType<typeof redisMessagePublisher>;
  events: ReturnType<typeof redisUserEvents>;
  recheckMs: number;
}

/** Enqueues an advance job for every auditing transfer; each transfer's job id makes this harmless to repeat. */
export async function sweepTransfers(db: Db, queue: Queue): Promise<number> {
  const ids = await auditingTransferIds(db);
  for (const id of ids) await enqueueAdvance(queue, id);
  return ids.length;
}

/** The job processor, apart from the worker so tests can drive it. */
export function transferProcessor(deps: TransferProcessorDeps) {
  return async (job: Job, token?: string) => {
    switch (job.name) {
      case TRANSFER_JOBS.advance: {
        const { transferId } = parseJobData(transferAdvanceJobSchema, job);
        const advanced = await advanceTransfer(deps, transferId);
        if (advanced.kind === 'settled') publishSettlement(advanced.settlement, advanced.tradingDate, deps);
        if (advanced.kind === 'waiting') {
          // The bank has it: look again later (a callback usually settles it first).
          await job.moveToDelayed(Date.now() + deps.recheckMs, token);
          throw new DelayedError();
        }
        return advanced.kind;
      }
      case TRANSFER_JOBS.callback: {
        const { transferId, outcome, bankReference } = parseJobData(transferCallbackJobSchema, job);
        const settled = await settleAnswer(deps, transferId, outcome, bankReference);
        if (settled.kind === 'settled') publishSettlement(settled.settlement, settled.tradingDate, deps);
        return settled.kind;
      }
      case TRANSFER_JOBS.sweep:
        return { enqueued: await sweepTransfers(deps.db, deps.queue) };
      default:
        throw new UnrecoverableError(`unknown bank-transfer job ${job.name}`);
    }
  };
}

/**
 * Runs transfers against the simulated bank. On start it sweeps: every transfer still auditing
 * in PostgreSQL gets its advance job again, so transfers survive a Redis that lost its queues.
 */
export function bankTransferService(options: TransferWorkerOptions = {}): BackgroundService {
  return {
    name: 'bank-transfers',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix: prefix } = bull;
      const queue = transferQueue(redis, prefix);
      const market = redisMarketView(redis, prefix);
      const gateway = new SimulatedBank(
        redis,
        prefix,
        options.bank ?? simulatedBankOptionsFromEnv(process.env),
        (callback, delivery, delayMs) => enqueueCallback(queue, callback, delivery, delayMs),
      );
      const { db } = context.database;
      const processor = transferProcessor({
        db,
        gateway,
        market,
        queue,
        messages: redisMessagePublisher(redis, prefix),
        events: redisUserEvents(redis, prefix, market),
        recheckMs: options.recheckMs ?? 15_000,
      });
      const worker = new Worker(BANK_QUEUES.transfers, processor, {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 8,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        // A job whose worker died is run again: every step is safe to repeat.
        maxStalledCount: 1_000,
        settings: { backoffStrategy: transferBackoff(options.maxRetryDelayMs ?? 30_000) },
      });
      logWorkerProblems(worker, 'bank-transfer');
      const swept = await sweepTransfers(db, queue);
      if (swept > 0) logger.info({ transfers: swept }, 'bank transfers: auditing transfers re-enqueued');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
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
