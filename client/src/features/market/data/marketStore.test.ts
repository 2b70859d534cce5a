import { describe, expect, it } from 'vitest';
import { breadthOf, snapshotOf } from '../../../test/fakeMarketSocket.ts';
import { FrameInbox, type FrameScheduler } from './frameInbox.ts';
import { applyBatch, emptyBatch, initialMarketState, type MarketBatch, mergeQuote } from './marketStore.ts';

const update = (symbol: string, seq: number, price: string, ts = 1000 + seq) => {
  const { name: _n, prevClose: _p, limitUp: _u, limitDown: _d, board: _b, ...rest } = snapshotOf(symbol);
  return { ...rest, seq, ts, price };
};

describe('mergeQuote', () => {
  it('starts from a snapshot, never from a bare update', () => {
    expect(mergeQuote(undefined, update('604000', 2, '10.10'))).toBeUndefined();
    expect(mergeQuote(undefined, snapshotOf('604000'))).toMatchObject({ move: 0, moves: 0 });
  });

  it('records the direction of a price change and counts changes for the flash', () => {
    const row = mergeQuote(undefined, snapshotOf('604000'))!;
    const up = mergeQuote(row, update('604000', 2, '10.10'))!;
    expect(up).toMatchObject({ price: '10.10', move: 1, moves: 1, name: 'Name 604000' });
    const same = mergeQuote(up, update('604000', 3, '10.10'))!;
    expect(same).toMatchObject({ move: 1, moves: 1, seq: 3 });
    const down = mergeQuote(same, update('604000', 4, '9.90'))!;
    expect(down).toMatchObject({ move: -1, moves: 2 });
  });

  it('drops a stale update but takes an equal-seq snapshot (a resubscribe)', () => {
    const row = mergeQuote(undefined, snapshotOf('604000', { seq: 5, ts: 1005 }))!;
    expect(mergeQuote(row, update('604000', 4, '1.00', 1004))).toBeUndefined();
    expect(mergeQuote(row, snapshotOf('604000', { seq: 5, ts: 1005, limitUp: '12.00' }))?.limitUp).toBe('12.00');
  });
});

describe('applyBatch', () => {
  it('changes only the slices the batch touches', () => {
    const state = initialMarketState();
    const batch: MarketBatch = emptyBatch();
    batch.quotes.set('604000', snapshotOf('604000'));
    const next = applyBatch(state, batch);
    expect(Object.keys(next)).toEqual(['quotes']);
    expect(next.quotes?.['604000']?.name).toBe('Name 604000');
  });

  it('keeps the newest fifty trade ticks, newest first', () => {
    const batch = emptyBatch();
    batch.trades.set(
      '604000',
      Array.from({ length: 60 }, (_, i) => ({ price: '1.00', volume: 100, side: 'B' as const, time: i, seq: i })),
    );
    const trades = applyBatch(initialMarketState(), batch).trades?.['604000'];
    expect(trades).toHaveLength(50);
    expect(trades?.[0]?.seq).toBe(59);
  });

  it('takes the latest breadth received, even one with an older ts (a reload that lost quotes)', () => {
    const state = { ...initialMarketState(), breadth: breadthOf({ ts: 5_000 }) };
    const batch = emptyBatch();
    batch.breadth = breadthOf({ total: 4_999, flat: 199, ts: 4_000 });
    expect(applyBatch(state, batch)).toEqual({ breadth: breadthOf({ total: 4_999, flat: 199, ts: 4_000 }) });
  });
});

describe('FrameInbox', () => {
  function frames() {
    const due: (() => void)[] = [];
    const scheduler: FrameScheduler = {
      request: (cb) => due.push(cb),
      cancel: () => {},
    };
    return { scheduler, due, run: () => due.splice(0).forEach((cb) => cb()) };
  }

  it('asks for one frame however many messages come, and applies them together', () => {
    const f = frames();
    const applied: MarketBatch[] = [];
    const inbox = new FrameInbox((b) => applied.push(b), f.scheduler);
    inbox.quote(snapshotOf('604000'));
    inbox.quote(update('604000', 2, '10.20'));
    inbox.quote(update('604001', 2, '10.20'));
    inbox.rank({ list: 'limitUp', tradingDate: 'd', rows: [], ts: 1, seq: 1 });
    expect(f.due).toHaveLength(1);
    expect(applied).toHaveLength(0);
    f.run();
    expect(applied).toHaveLength(1);
    // The update merged onto the snapshot still carries the name.
    expect(applied[0]?.quotes.get('604000')).toMatchObject({ name: 'Name 604000', price: '10.20', seq: 2 });
    expect(applied[0]?.ranks.size).toBe(1);
  });

  it('keeps a newer pending update over an older snapshot, with the snapshot names', () => {
    const f = frames();
    const applied: MarketBatch[] = [];
    const inbox = new FrameInbox((b) => applied.push(b), f.scheduler);
    inbox.quote(update('604000', 9, '10.90'));
    inbox.quote(snapshotOf('604000', { seq: 8, ts: 1008, price: '10.80' }));
    f.run();
    expect(applied[0]?.quotes.get('604000')).toMatchObject({ name: 'Name 604000', price: '10.90', seq: 9 });
  });

  it('discards what is buffered when told to', () => {
    const f = frames();
    const applied: MarketBatch[] = [];
    const inbox = new FrameInbox((b) => applied.push(b), f.scheduler);
    inbox.quote(snapshotOf('604000'));
    inbox.discard();
    inbox.flush();
    expect(applied).toEqual([]);
  });
});
