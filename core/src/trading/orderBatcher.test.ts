import { describe, expect, it, vi } from 'vitest';
import { OrderBatcher, type Waiting } from './orderBatcher.ts';

interface Request extends Waiting<string> {
  name: string;
}

/** A batcher whose batches answer each request with its batch's number, recording each batch's names. */
function recorder() {
  const batches: string[][] = [];
  const batcher = new OrderBatcher<string, Request>(async (batch) => {
    batches.push(batch.map((r) => r.name));
    for (const r of batch) r.resolve(`batch ${batches.length}`);
  });
  const add = (name: string, userId: string, idempotencyKey: string) =>
    batcher.add((resolve, reject) => ({ name, userId, idempotencyKey, resolve, reject }));
  return { batches, add };
}

describe('OrderBatcher', () => {
  it('puts requests of one turn of the event loop in one batch', async () => {
    const { batches, add } = recorder();
    const answers = await Promise.all([add('a', 'u1', 'k1'), add('b', 'u2', 'k1'), add('c', 'u1', 'k2')]);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(answers).toEqual(['batch 1', 'batch 1', 'batch 1']);
  });

  it('keeps a user’s key twice out of one batch: the later request goes in the next', async () => {
    const { batches, add } = recorder();
    await Promise.all([add('first', 'u1', 'k1'), add('other', 'u1', 'k2'), add('again', 'u1', 'k1')]);
    expect(batches).toEqual([['first', 'other'], ['again']]);
  });

  it('refuses a request at once while the most it may hold are waiting, and takes them again once they go', async () => {
    const batches: string[][] = [];
    const releases: (() => void)[] = [];
    const batcher = new OrderBatcher<string, Request>(async (batch) => {
      batches.push(batch.map((r) => r.name));
      await new Promise<void>((resolve) => releases.push(resolve));
      for (const r of batch) r.resolve('placed');
    }, 2);
    const add = (name: string) =>
      batcher.add((resolve, reject) => ({ name, userId: 'u', idempotencyKey: name, resolve, reject }));
    // Two batches in flight at most: 'a' and 'b' are, 'c' and 'd' wait, 'e' is one too many.
    const inFlight = [add('a')];
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    inFlight.push(add('b'));
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    const waiting = [add('c'), add('d')];
    await expect(add('e')).rejects.toMatchObject({ key: 'common.unavailable' });
    for (const release of releases.splice(0)) release();
    await Promise.all(inFlight);
    await vi.waitFor(() => expect(batches).toHaveLength(3));
    const again = add('f');
    for (const release of releases.splice(0)) release();
    await Promise.all(waiting);
    await vi.waitFor(() => expect(batches).toHaveLength(4));
    for (const release of releases.splice(0)) release();
    await expect(again).resolves.toBe('placed');
    expect(batches).toEqual([['a'], ['b'], ['c', 'd'], ['f']]);
  });

  it('rejects every request of a batch that throws', async () => {
    const batcher = new OrderBatcher<string, Request>(async () => {
      throw new Error('database gone');
    });
    const add = (name: string) =>
      batcher.add((resolve, reject) => ({ name, userId: 'u', idempotencyKey: name, resolve, reject }));
    const results = await Promise.allSettled([add('a'), add('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
