import { EventEmitter } from 'node:events';
import { Dec, FEED_KEYS, type FeedQuote, feedShard, type MarketBreadth } from '@bourse/shared';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { standingOf } from './breadth.ts';
import { encodeWireQuotes } from './feedWire.ts';
import { MarketState } from './marketState.ts';
import { feedQuote } from './testing/feedDouble.ts';

const PREFIX = 'test:';

/**
 * Just enough of ioredis for a MarketState: a subscriber that hears what the test publishes and a
 * pipeline that reads the snapshot hashes. `duringReload` runs while a reload waits for Redis,
 * as live messages do.
 */
class FakeRedis {
  readonly hashes = new Map<string, Map<string, string>>();
  readonly subscriber = Object.assign(new EventEmitter(), {
    connect: async () => {
      queueMicrotask(() => this.subscriber.emit('ready'));
    },
    subscribe: async () => undefined,
    disconnect: () => undefined,
  });
  duringReload: () => void = () => undefined;

  duplicate() {
    return this.subscriber;
  }

  pipeline() {
    const replies: [null, unknown][] = [];
    const pipeline = {
      hgetall: (key: string) => {
        replies.push([null, Object.fromEntries(this.hashes.get(key) ?? [])]);
        return pipeline;
      },
      get: () => {
        replies.push([null, null]);
        return pipeline;
      },
      exec: async () => {
        this.duringReload();
        return replies;
      },
    };
    return pipeline;
  }

  /** As the feed does: per shard, the snapshot, then one message (which may repeat a symbol). */
  publish(quotes: readonly FeedQuote[]): void {
    const byShard = new Map<number, FeedQuote[]>();
    for (const quote of quotes) {
      const shard = feedShard(quote.symbol);
      byShard.set(shard, [...(byShard.get(shard) ?? []), quote]);
    }
    for (const [shard, batch] of byShard) {
      for (const quote of batch) this.snapshot(quote.symbol).set(quote.symbol, JSON.stringify(quote));
      const channel = `${PREFIX}${FEED_KEYS.quotesChannel(shard)}`;
      this.subscriber.emit('message', channel, encodeWireQuotes(batch));
    }
  }

  snapshot(symbol: string): Map<string, string> {
    const key = `${PREFIX}${FEED_KEYS.snapshotHash(feedShard(symbol))}`;
    const hash = this.hashes.get(key) ?? new Map<string, string>();
    this.hashes.set(key, hash);
    return hash;
  }
}

/** The brute force: every quote the state holds, counted on decimal.js. */
function recount(quotes: Iterable<FeedQuote>): Omit<MarketBreadth, 'ts'> {
  const counts = { up: 0, flat: 0, down: 0, total: 0, limitUp: 0, limitDown: 0 };
  for (const q of quotes) {
    counts.total++;
    const pct = new Dec(q.pct);
    const traded = q.open !== null;
    if (traded && pct.gt(0)) counts.up++;
    else if (traded && pct.lt(0)) counts.down++;
    else counts.flat++;
    if (traded && q.price === q.limitUp) counts.limitUp++;
    if (traded && q.price === q.limitDown) counts.limitDown++;
  }
  return counts;
}

const withoutTs = ({ ts: _ts, ...counts }: MarketBreadth) => counts;

const SYMBOLS = ['604000', '604001', '004001', '303750', '687001'];
const quoteArb = fc
  .record({
    symbol: fc.constantFrom(...SYMBOLS),
    price: fc.constantFrom('9.00', '9.99', '10.00', '10.01', '11.00'),
    pct: fc.constantFrom('-10.00', '-0.01', '-0.00', '0.00', '0.01', '10.00'),
    open: fc.constantFrom(null, '10.00'),
    limits: fc.boolean(),
    seq: fc.integer({ min: 1, max: 6 }),
    ts: fc.integer({ min: 1, max: 1_000 }),
  })
  .map(({ symbol, limits, ...fields }) =>
    feedQuote(symbol, limits ? fields : { ...fields, limitUp: null, limitDown: null }),
  );
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('publish' as const), quotes: fc.array(quoteArb, { maxLength: 6 }) }),
  // Redis lost some snapshots (a restart), then the subscriber reconnects and reloads; live
  // quotes may arrive while the reload reads.
  fc.record({
    kind: fc.constant('reload' as const),
    lost: fc.subarray(SYMBOLS),
    live: fc.array(quoteArb, { maxLength: 3 }),
  }),
);

describe('the market breadth', () => {
  it.each([
    ['a rise', { pct: '0.01' }, { trend: 'up', limit: null }],
    ['a fall', { pct: '-0.01' }, { trend: 'down', limit: null }],
    ['no change, either sign', { pct: '-0.00' }, { trend: 'flat', limit: null }],
    [
      'no trade yet, whatever the auction shows',
      { open: null, pct: '5.00', price: '11.00' },
      { trend: 'flat', limit: null },
    ],
    ['sealed at the limit up', { pct: '10.00', price: '11.00' }, { trend: 'up', limit: 'limitUp' }],
    ['sealed at the limit down', { pct: '-10.00', price: '9.00' }, { trend: 'down', limit: 'limitDown' }],
    [
      'no limits (first days of an IPO)',
      { pct: '30.00', price: '13.00', limitUp: null },
      { trend: 'up', limit: null },
    ],
  ] as const)('places %s', (_, fields, standing) => {
    expect(standingOf(feedQuote('604000', fields))).toEqual(standing);
  });

  it('keeps counts equal to a recount of every quote, across publishes and reloads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const redis = new FakeRedis();
        const state = new MarketState(redis as unknown as Redis, PREFIX);
        // What listeners were last told, and how often they were told of no change.
        let heard = JSON.stringify(withoutTs(state.breadth()));
        let idleCalls = 0;
        state.listen({
          quotes: () => undefined,
          indices: () => undefined,
          breadth() {
            const now = JSON.stringify(withoutTs(state.breadth()));
            if (now === heard) idleCalls++;
            heard = now;
          },
          trades: () => undefined,
          rank: () => undefined,
          status: () => undefined,
          stream: () => undefined,
        });
        await state.start(1_000);
        try {
          for (const step of steps) {
            if (step.kind === 'publish') {
              redis.publish(step.quotes);
            } else {
              for (const symbol of step.lost) redis.snapshot(symbol).delete(symbol);
              redis.duringReload = () => redis.publish(step.live);
              redis.subscriber.emit('ready');
              // The fake answers at once: the reload is done when the microtasks are.
              await new Promise((resolve) => setImmediate(resolve));
              redis.duringReload = () => undefined;
            }
            const counts = withoutTs(state.breadth());
            expect(counts).toEqual(recount(state.quotes()));
            // Listeners hear of every change, and of nothing else.
            expect(JSON.parse(heard)).toEqual(counts);
            expect(idleCalls).toBe(0);
          }
        } finally {
          state.close();
        }
      }),
    );
  });
});
