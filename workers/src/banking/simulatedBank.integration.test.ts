import { randomUUID } from 'node:crypto';
import { type BankTransferRequest, BankUnavailableError } from '@bourse/core/banking';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import type { TransferCallbackJob } from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BANK_OPTIONS, SimulatedBank, type SimulatedBankOptions } from './simulatedBank.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fast bank: answers in 1–3 ms, decides 20–40 ms after receiving, times out after 5 ms. */
const FAST: SimulatedBankOptions = {
  ...DEFAULT_BANK_OPTIONS,
  declineRate: 0,
  timeoutRate: 0,
  duplicateCallbackRate: 0,
  lostCallbackRate: 0,
  latencyMs: [1, 3],
  processingMs: [20, 40],
  timeoutMs: 5,
};

const request = (overrides: Partial<BankTransferRequest> = {}): BankTransferRequest => ({
  reference: randomUUID(),
  direction: 'in',
  amount: '100.00',
  bank: 'ICBC',
  cardNumber: '6222020200112233446',
  holderName: '李雷',
  expiresAt: new Date(Date.now() + 60_000),
  ...overrides,
});

describe('the simulated bank', () => {
  const prefix = `test:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  function bank(options: Partial<SimulatedBankOptions> = {}, keyPrefix = prefix) {
    const delivered: { callback: TransferCallbackJob; delivery: string; delayMs: number }[] = [];
    const gateway = new SimulatedBank(
      redis,
      keyPrefix,
      { ...FAST, ...options },
      async (callback, delivery, delayMs) => {
        delivered.push({ callback, delivery, delayMs });
      },
    );
    return { gateway, delivered };
  }

  it('records a transfer once, answers a repeat with it, and calls back once', async () => {
    const { gateway, delivered } = bank();
    const req = request();
    const first = await gateway.submit(req);
    const again = await gateway.submit(req);
    expect(first).toMatchObject({ state: 'pending' });
    // The same transfer, whether or not the bank has decided it in between (20–40 ms; more on a busy machine).
    expect(again).toEqual({ ...first, state: again.state });
    expect(['pending', 'passed']).toContain(again.state);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.callback).toEqual({
      transferId: req.reference,
      outcome: { status: 'passed' },
      bankReference: first.state === 'pending' ? first.bankReference : '',
    });
    // It decides 20–40 ms after receiving.
    await vi.waitFor(
      async () => expect(await gateway.query(req.reference)).toMatchObject({ state: 'passed' }),
      {
        timeout: 5_000,
        interval: 10,
      },
    );
    expect(await gateway.query(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('declines, calls back twice, or never, at the rates it is given', async () => {
    const declining = bank({ declineRate: 1, duplicateCallbackRate: 1 });
    const req = request();
    await declining.gateway.submit(req);
    expect(declining.delivered.map((d) => [d.delivery, d.callback.outcome])).toEqual([
      ['1', { status: 'refused', reason: 'declined' }],
      ['2', { status: 'refused', reason: 'declined' }],
    ]);
    const silent = bank({ lostCallbackRate: 1 });
    const lost = request();
    await silent.gateway.submit(lost);
    // Decided, which is when it would have called back.
    await vi.waitFor(
      async () => expect(await silent.gateway.query(lost.reference)).toMatchObject({ state: 'passed' }),
      { timeout: 5_000, interval: 10 },
    );
    expect(silent.delivered).toEqual([]);
  });

  it('times out before or after recording, so a caller cannot tell whether it arrived', async () => {
    const flaky = bank({ timeoutRate: 1 });
    const steady = bank();
    const states: string[] = [];
    for (let i = 0; i < 16; i++) {
      const req = request();
      await expect(flaky.gateway.submit(req)).rejects.toBeInstanceOf(BankUnavailableError);
      states.push((await steady.gateway.query(req.reference)).state);
    }
    expect(states).toContain('unknown');
    expect(states).toContain('pending');
  });

  it('refuses a request that arrives after it expired', async () => {
    const { gateway } = bank();
    const req = request({ expiresAt: new Date(Date.now() - 1) });
    await gateway.submit(req);
    await vi.waitFor(
      async () =>
        expect(await gateway.query(req.reference)).toMatchObject({ state: 'refused', reason: 'expired' }),
      { timeout: 5_000, interval: 10 },
    );
  });

  it('decides the same for the same seed and reference', async () => {
    const outcomes = async (keyPrefix: string, seed: string) => {
      const { gateway, delivered } = bank({ declineRate: 0.5, seed }, keyPrefix);
      for (const reference of [
        '0b7e4a2c-1d3f-4e5a-8b6c-7d8e9f0a1b2c',
        '1c8f5b3d-2e4a-4f6b-9c7d-8e9f0a1b2c3d',
      ]) {
        await gateway.submit(request({ reference }));
      }
      return delivered.map((d) => d.callback.outcome.status);
    };
    const a = await outcomes(`${prefix}a:`, 'seed-1');
    expect(await outcomes(`${prefix}b:`, 'seed-1')).toEqual(a);
  });
});
