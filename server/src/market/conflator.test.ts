import { describe, expect, it } from 'vitest';
import { Conflator } from './conflator.ts';
import { SubscriptionIndex } from './subscriptionIndex.ts';

/** A stand-in for the market state: the latest value per symbol, as the flush reads it. */
function setup() {
  const index = new SubscriptionIndex<string>();
  const conflator = new Conflator(index);
  const latest = new Map<string, { seq: number; price: string }>();
  const tick = (symbol: string, seq: number, price: string) => {
    latest.set(symbol, { seq, price });
    conflator.touch(symbol);
  };
  const healthy = () => false;
  /** What each socket receives from one flush, as batch mode sends it. */
  const flush = (isBackedUp: (s: string) => boolean = healthy) =>
    Object.fromEntries(
      [...conflator.drainBatches(isBackedUp)].map(([s, keys]) => [
        s,
        keys.map((k) => ({ symbol: k, ...latest.get(k) })),
      ]),
    );
  return { index, conflator, tick, flush };
}

describe('Conflator, per-socket batches', () => {
  it('sends one update per symbol per window with the latest values and their seq', () => {
    const { index, tick, flush } = setup();
    index.add('a', ['604000', '004001']);
    tick('604000', 1, '10.00');
    tick('604000', 2, '10.01');
    tick('004001', 7, '12.00');
    tick('604000', 3, '10.02');
    expect(flush()).toEqual({
      a: [
        { symbol: '604000', seq: 3, price: '10.02' },
        { symbol: '004001', seq: 7, price: '12.00' },
      ],
    });
    // Nothing changed since: the next window sends nothing.
    expect(flush()).toEqual({});
  });

  it('gives each socket only the symbols it watches', () => {
    const { index, tick, flush } = setup();
    index.add('a', ['604000']);
    index.add('b', ['604000', '004001']);
    index.add('c', ['303750']);
    tick('604000', 1, '10.00');
    tick('004001', 1, '12.00');
    expect(flush()).toEqual({
      a: [{ symbol: '604000', seq: 1, price: '10.00' }],
      b: [
        { symbol: '604000', seq: 1, price: '10.00' },
        { symbol: '004001', seq: 1, price: '12.00' },
      ],
    });
  });

  it('does not mark symbols nobody watches', () => {
    const { index, tick, flush } = setup();
    tick('604000', 1, '10.00');
    index.add('a', ['604000']);
    // The subscribe ack carried the snapshot; the earlier tick is not replayed.
    expect(flush()).toEqual({});
  });

  it('skips a backed-up socket and later sends it the latest values, not a queue', () => {
    const { index, tick, flush } = setup();
    index.add('slow', ['604000', '004001']);
    index.add('fast', ['604000']);
    const slow = (s: string) => s === 'slow';
    tick('604000', 1, '10.00');
    tick('004001', 1, '12.00');
    expect(flush(slow)).toEqual({ fast: [{ symbol: '604000', seq: 1, price: '10.00' }] });
    tick('604000', 2, '10.01');
    expect(flush(slow)).toEqual({ fast: [{ symbol: '604000', seq: 2, price: '10.01' }] });
    tick('604000', 3, '10.02');
    // Drained: both owed symbols once each, at their latest seq.
    expect(flush()).toEqual({
      slow: [
        { symbol: '604000', seq: 3, price: '10.02' },
        { symbol: '004001', seq: 1, price: '12.00' },
      ],
      fast: [{ symbol: '604000', seq: 3, price: '10.02' }],
    });
    expect(flush()).toEqual({});
  });

  it('does not send a skipped socket what it unsubscribed from meanwhile', () => {
    const { index, conflator, tick, flush } = setup();
    index.add('slow', ['604000', '004001']);
    tick('604000', 1, '10.00');
    tick('004001', 1, '12.00');
    flush(() => true);
    index.remove('slow', ['004001']);
    expect(flush()).toEqual({ slow: [{ symbol: '604000', seq: 1, price: '10.00' }] });
    tick('604000', 2, '10.01');
    flush(() => true);
    conflator.forget('slow');
    expect(flush()).toEqual({});
  });
});

describe('Conflator, per-symbol rooms', () => {
  it('lists each dirty symbol once and leaves backed-up sockets out', () => {
    const { index, conflator, tick } = setup();
    index.add('a', ['604000']);
    index.add('slow', ['604000', '004001']);
    tick('604000', 1, '10.00');
    tick('604000', 2, '10.01');
    tick('004001', 1, '12.00');
    const first = conflator.drainRooms((s) => s === 'slow');
    expect(first).toEqual({ keys: ['604000', '004001'], skipped: ['slow'], catchUp: new Map() });

    tick('004001', 2, '12.01');
    const second = conflator.drainRooms(() => false);
    // 004001 goes to its room this window; 604000 is owed to the slow socket alone.
    expect(second).toEqual({ keys: ['004001'], skipped: [], catchUp: new Map([['slow', ['604000']]]) });
    expect(conflator.drainRooms(() => false)).toEqual({ keys: [], skipped: [], catchUp: new Map() });
  });
});
