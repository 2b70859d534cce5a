/**
 * The default bank gateway: a simulated bank with the failures a real one has. It answers
 * calls after some latency; declines some transfers; lets some calls time out (half of them
 * after it has recorded the transfer, so the caller cannot tell whether it arrived); calls back
 * some answers twice and loses others. Every choice is drawn from a seeded generator keyed by
 * the transfer's reference, so a seed replays the same bank.
 *
 * The bank's own records live in Redis (it is the bank's database, not ours): a transfer's
 * record is created once with SET NX, so a repeated submit answers the first one, and its
 * callbacks are delayed jobs on the transfers queue, which survive a worker being killed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BankGateway,
  type BankState,
  type BankTransferRequest,
  BankUnavailableError,
} from '@bourse/core/banking';
import type { BankOutcome, TransferCallbackJob } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { Rng } from '../feed/rng.ts';

export interface SimulatedBankOptions {
  seed: string;
  /** Share of transfers the bank declines. */
  declineRate: number;
  /** Share of calls that time out: half before the bank records anything, half after. */
  timeoutRate: number;
  /** Share of answers the bank calls back twice. */
  duplicateCallbackRate: number;
  /** Share of answers never called back (the caller finds them by asking). */
  lostCallbackRate: number;
  /** How long a call takes to answer, ms (uniform between the two). */
  latencyMs: readonly [number, number];
  /** How long the bank takes to decide after receiving a transfer, ms. */
  processingMs: readonly [number, number];
  /** How long a call waits for an answer that never comes. */
  timeoutMs: number;
}

export const DEFAULT_BANK_OPTIONS: SimulatedBankOptions = {
  seed: 'bank',
  declineRate: 0.05,
  timeoutRate: 0.05,
  duplicateCallbackRate: 0.1,
  lostCallbackRate: 0.05,
  latencyMs: [50, 400],
  processingMs: [1_000, 5_000],
  timeoutMs: 3_000,
};

/** Where the bank's callbacks go: one job per delivery, `delayMs` from now. */
export type CallbackDelivery = (
  callback: TransferCallbackJob,
  delivery: string,
  delayMs: number,
) => Promise<void>;

interface BankRecord {
  bankReference: string;
  outcome: BankOutcome;
  /** When the answer is made (ms since the epoch): pending before. */
  decidedAt: number;
}

/** The bank keeps its records a month: long after any transfer's request has expired. */
const RECORD_TTL_MS = 30 * 24 * 3_600_000;

const between = (rng: Rng, [lo, hi]: readonly [number, number]) => Math.round(rng.between(lo, hi));

export class SimulatedBank implements BankGateway {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: SimulatedBankOptions,
    private readonly deliver: CallbackDelivery,
    private readonly now: () => number = Date.now,
  ) {}

  private recordKey(reference: string): string {
    return `${this.prefix}bank-sim:transfer:${reference}`;
  }

  /** The generator of one call: the n-th call about a reference draws the same numbers for a seed. */
  private async callRng(reference: string): Promise<Rng> {
    const key = `${this.prefix}bank-sim:calls:${reference}`;
    const n = await this.redis.incr(key);
    await this.redis.pexpire(key, RECORD_TTL_MS);
    return new Rng(`${this.options.seed}/${reference}/call/${n}`);
  }

  /** Waits out a call's latency; answers whether the call will time out, and when in it. */
  private async call(
    reference: string,
  ): Promise<{ rng: Rng; timeout: 'none' | 'beforeRecord' | 'afterRecord' }> {
    const rng = await this.callRng(reference);
    await sleep(between(rng, this.options.latencyMs));
    if (!rng.chance(this.options.timeoutRate)) return { rng, timeout: 'none' };
    return { rng, timeout: rng.chance(0.5) ? 'beforeRecord' : 'afterRecord' };
  }

  private async timedOut(what: string): Promise<never> {
    await sleep(this.options.timeoutMs);
    throw new BankUnavailableError(`simulated bank: ${what} timed out`);
  }

  private async read(reference: string): Promise<BankRecord | null> {
    const text = await this.redis.get(this.recordKey(reference));
    return text ? (JSON.parse(text) as BankRecord) : null;
  }

  private stateOf(record: BankRecord | null): BankState {
    if (!record) return { state: 'unknown' };
    const { bankReference, outcome } = record;
    if (this.now() < record.decidedAt) return { state: 'pending', bankReference };
    return outcome.status === 'passed'
      ? { state: 'passed', bankReference }
      : { state: 'refused', bankReference, reason: outcome.reason };
  }

  /** The bank's decision about a transfer: fixed by the seed and the reference, whatever the calls. */
  private decide(request: BankTransferRequest): BankRecord {
    const rng = new Rng(`${this.options.seed}/${request.reference}/decision`);
    const received = this.now();
    const outcome: BankOutcome =
      received > request.expiresAt.getTime()
        ? { status: 'refused', reason: 'expired' }
        : rng.chance(this.options.declineRate)
          ? { status: 'refused', reason: 'declined' }
          : { status: 'passed' };
    return {
      bankReference: `SIM${rng.nextU32().toString(36).toUpperCase()}${received.toString(36).toUpperCase()}`,
      outcome,
      decidedAt: received + between(rng, this.options.processingMs),
    };
  }

  /** Schedules the callbacks of a newly recorded transfer: none, one, or two. */
  private async scheduleCallbacks(reference: string, record: BankRecord): Promise<void> {
    const rng = new Rng(`${this.options.seed}/${reference}/callbacks`);
    if (rng.chance(this.options.lostCallbackRate)) return;
    const callback = { transferId: reference, outcome: record.outcome, bankReference: record.bankReference };
    const delay = Math.max(0, record.decidedAt - this.now());
    await this.deliver(callback, '1', delay);
    if (rng.chance(this.options.duplicateCallbackRate)) {
      await this.deliver(callback, '2', delay + between(rng, this.options.latencyMs));
    }
  }

  async submit(request: BankTransferRequest): Promise<BankState> {
    const { timeout } = await this.call(request.reference);
    if (timeout === 'beforeRecord') return this.timedOut('submit');
    const fresh = this.decide(request);
    const key = this.recordKey(request.reference);
    const created = await this.redis.set(key, JSON.stringify(fresh), 'PX', RECORD_TTL_MS, 'NX');
    if (created) await this.scheduleCallbacks(request.reference, fresh);
    if (timeout === 'afterRecord') return this.timedOut('submit');
    return this.stateOf(created ? fresh : await this.read(request.reference));
  }

  async query(reference: string): Promise<BankState> {
    const { timeout } = await this.call(reference);
    if (timeout !== 'none') return this.timedOut('query');
    return this.stateOf(await this.read(reference));
  }
}
