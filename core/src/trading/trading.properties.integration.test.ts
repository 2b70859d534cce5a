import { randomUUID } from 'node:crypto';
import { Dec, DomainError, exchangeCalendar, type FeedQuote, feedShard } from '@bourse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../ledger/audit.ts';
import { deposit, readUserCash } from '../ledger/ledger.ts';
import type { Database } from '../platform/database.ts';
import { createRedis } from '../platform/redis.ts';
import { deleteKeys } from '../testing/redis.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { cancelOrder } from './cancelOrder.ts';
import { sellableQuantity } from './execution.ts';
import { expireOrders, type Fence, matchTrades, takeShard } from './restingOrders.ts';
import { fills, orders, positions } from './schema.ts';
import { MarketDouble, marketTime, quote, TODAY } from './testing/marketDouble.ts';
import { createUser, serviceDeps } from './testing/serviceDeps.ts';

const SYMBOLS = ['604000', '687001'] as const;
const USERS = 2;

type Step =
  | { kind: 'deposit'; user: number; cents: number }
  | {
      kind: 'order';
      user: number;
      symbol: number;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      ticks: number;
      quantity: number;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'book'; symbol: number; bidTicks: number; spread: number; volume: number }
  | { kind: 'trade'; symbol: number; ticks: number; volume: number }
  | { kind: 'nextDay' };

/** Prices are 9.00 … 11.00 in ticks of 0.01 around a 10.00 close: 0 … 200 ticks above 9.00. */
const price = (ticks: number) => new Dec(900 + ticks).dividedBy(100);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit'),
    user: fc.nat(USERS - 1),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order'),
      user: fc.nat(USERS - 1),
      symbol: fc.nat(SYMBOLS.length - 1),
      side: fc.constantFrom('buy', 'sell'),
      type: fc.constantFrom('limit', 'market'),
      // Mostly near the 10.00 close, where the book and the trades are; sometimes outside the band.
      ticks: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 90, max: 110 }) },
        fc.integer({ min: -5, max: 205 }),
      ),
      // 0: everything sellable (a sell that may carry an odd lot)
      quantity: fc.oneof(
        fc.constant(0),
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }).map((lots) => lots * 100) },
        fc.integer({ min: 1, max: 1_500 }),
      ),
    }),
  },
  fc.record({ kind: fc.constant('cancel'), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('book'),
    symbol: fc.nat(SYMBOLS.length - 1),
    bidTicks: fc.integer({ min: 0, max: 195 }),
    spread: fc.integer({ min: 1, max: 5 }),
    volume: fc.integer({ min: 0, max: 20 }).map((lots) => lots * 100),
  }),
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('trade'),
      symbol: fc.nat(SYMBOLS.length - 1),
      ticks: fc.integer({ min: 80, max: 120 }),
      volume: fc.integer({ min: 1, max: 10 }).map((lots) => lots * 100),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'nextDay' as const }) },
);

/** Half-up to whole cents of amount × numerator / denominator, in integers: independent of decimal.js and tradeFees. */
function cents(amountCents: bigint, numerator: bigint, denominator: bigint): bigint {
  return (amountCents * numerator * 2n + denominator) / (denominator * 2n);
}

/** The fees of an order's whole traded amount, by the 2023-08-28 schedule: 0.025% min 5, 0.05% on sells, 0.001%. */
function expectedFees(amount: string, side: 'buy' | 'sell') {
  const a = BigInt(new Dec(amount).times(100).toFixed(0));
  const commission = a === 0n ? 0n : [cents(a, 25n, 100_000n), 500n].reduce((x, y) => (x > y ? x : y));
  return {
    commission,
    stampDuty: side === 'sell' ? cents(a, 5n, 10_000n) : 0n,
    transferFee: cents(a, 1n, 100_000n),
  };
}

const toCents = (value: string) => BigInt(new Dec(value).times(100).toFixed(0));

describe.each(DB_KINDS)('trading properties on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  /** Runs the steps for fresh users; refusals are part of the game, any other error fails. */
  async function run(steps: Step[]) {
    const { db } = database;
    const runPrefix = `${prefix}${randomUUID()}:`;
    const deps = serviceDeps(db, redis, runPrefix);
    const market = new MarketDouble(redis, runPrefix);
    let tradingDate = TODAY;
    let tickSeq = 0;
    await market.status({ tradingDate });
    const books = new Map<string, FeedQuote>(SYMBOLS.map((s) => [s, quote(s)]));
    await market.quotes(...books.values());
    const users = await Promise.all(Array.from({ length: USERS }, () => createUser(db)));
    const deposits = new Map(users.map((u) => [u, 0n]));
    const fences = new Map<number, Fence>();
    const fenceOf = async (shard: number) => {
      if (!fences.has(shard)) fences.set(shard, await takeShard(db, shard));
      return fences.get(shard)!;
    };
    const placed: { id: string; userId: string; shard: number }[] = [];
    const refusedOnly = async (action: () => Promise<unknown>) => {
      try {
        await action();
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
      }
    };

    for (const s of steps) {
      if (s.kind === 'deposit') {
        const userId = users[s.user]!;
        await db.transaction((tx) => deposit(tx, userId, new Dec(s.cents).dividedBy(100), tradingDate));
        deposits.set(userId, deposits.get(userId)! + BigInt(s.cents));
      } else if (s.kind === 'order') {
        const userId = users[s.user]!;
        const symbol = SYMBOLS[s.symbol]!;
        const [held] = await db
          .select()
          .from(positions)
          .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)));
        const request = {
          symbol,
          side: s.side,
          type: s.type,
          price: s.type === 'limit' ? price(s.ticks).toFixed(2) : undefined,
          quantity: s.quantity || Math.max(100, sellableQuantity(held, tradingDate)),
        };
        await refusedOnly(async () => {
          const { order } = await deps.orders.place(userId, request, randomUUID());
          placed.push({ id: order.id, userId, shard: order.shard });
        });
      } else if (s.kind === 'cancel' && placed.length > 0) {
        const target = placed[s.pick % placed.length]!;
        await refusedOnly(() => cancelOrder(deps, target.userId, target.id));
      } else if (s.kind === 'book') {
        const symbol = SYMBOLS[s.symbol]!;
        const bid = price(s.bidTicks);
        const ask = Dec.min(price(200), bid.plus(new Dec(s.spread).dividedBy(100)));
        const book = quote(symbol, {
          price: bid.toFixed(2),
          bids: s.volume > 0 ? [{ price: bid.toFixed(2), volume: s.volume }] : [],
          asks:
            s.volume > 0
              ? [
                  { price: ask.toFixed(2), volume: s.volume },
                  { price: price(200).toFixed(2), volume: s.volume },
                ]
              : [],
          seq: books.get(symbol)!.seq + 1,
        });
        books.set(symbol, book);
        await market.quotes(book);
      } else if (s.kind === 'trade') {
        const symbol = SYMBOLS[s.symbol]!;
        tickSeq++;
        const tick = {
          price: price(s.ticks).toFixed(2),
          volume: s.volume,
          side: 'B' as const,
          time: marketTime(tradingDate, tickSeq),
          seq: tickSeq,
        };
        await matchTrades(deps, await fenceOf(feedShard(symbol)), [{ symbol, trades: [tick] }]);
      } else if (s.kind === 'nextDay') {
        tradingDate = exchangeCalendar.nextTradingDay(tradingDate);
        await market.status({ tradingDate });
        for (const shard of new Set(placed.map((p) => p.shard)))
          await expireOrders(deps, await fenceOf(shard), tradingDate, 'preOpen');
      }
    }
    return { users, deposits };
  }

  async function checkInvariants(users: string[], deposits: Map<string, bigint>) {
    const { db } = database;
    expect(await auditLedger(db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
    const theirOrders = await db.select().from(orders).where(inArray(orders.userId, users));
    const theirFills = await db.select().from(fills).where(inArray(fills.userId, users));
    const theirPositions = await db.select().from(positions).where(inArray(positions.userId, users));
    for (const userId of users) {
      const cash = await readUserCash(db, userId);
      expect(cash.available.balance.isNegative()).toBe(false);
      expect(cash.frozen.balance.isNegative()).toBe(false);
      // Cash is what came in, plus sale proceeds, less purchases, all less fees: from the fills, not the ledger.
      let expected = deposits.get(userId)!;
      for (const f of theirFills.filter((x) => x.userId === userId)) {
        const fees = toCents(f.commission) + toCents(f.stampDuty) + toCents(f.transferFee);
        expected += f.side === 'sell' ? toCents(f.amount) - fees : -toCents(f.amount) - fees;
      }
      expect(toCents(cash.available.balance.plus(cash.frozen.balance).toFixed(2))).toBe(expected);
      const mine = theirOrders.filter((o) => o.userId === userId);
      const open = mine.filter((o) => o.status === 'pending' || o.status === 'partially_filled');
      const frozen = open.reduce((sum, o) => sum + toCents(o.frozenCash), 0n);
      expect(toCents(cash.frozen.balance.toFixed(2))).toBe(frozen);
      for (const o of mine.filter((x) => !open.includes(x))) expect(o.frozenCash).toBe('0.00');
      for (const symbol of SYMBOLS) {
        const traded = theirFills.filter((f) => f.userId === userId && f.symbol === symbol);
        const held = traded.reduce((q, f) => q + (f.side === 'buy' ? f.quantity : -f.quantity), 0);
        const position = theirPositions.find((p) => p.userId === userId && p.symbol === symbol);
        expect(position?.quantity ?? 0).toBe(held);
        const selling = open.filter((o) => o.symbol === symbol && o.side === 'sell');
        expect(position?.frozenQuantity ?? 0).toBe(
          selling.reduce((q, o) => q + o.quantity - o.filledQuantity, 0),
        );
      }
    }
    for (const o of theirOrders) {
      const own = theirFills.filter((f) => f.orderId === o.id);
      expect(own.reduce((q, f) => q + f.quantity, 0)).toBe(o.filledQuantity);
      const amount = own.reduce((sum, f) => sum + toCents(f.amount), 0n);
      expect(amount).toBe(toCents(o.filledAmount));
      const fees = expectedFees(o.filledAmount, o.side);
      expect({
        commission: own.reduce((sum, f) => sum + toCents(f.commission), 0n),
        stampDuty: own.reduce((sum, f) => sum + toCents(f.stampDuty), 0n),
        transferFee: own.reduce((sum, f) => sum + toCents(f.transferFee), 0n),
      }).toEqual(fees);
    }
  }

  it('keeps every cent: cash, frozen cash, positions and fees agree with the fills and the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const funded: Step[] = Array.from({ length: USERS }, (_, user) => ({
          kind: 'deposit',
          user,
          cents: 50_000_000,
        }));
        const { users, deposits } = await run([...funded, ...steps]);
        await checkInvariants(users, deposits);
      }),
      { numRuns: 30 },
    );
    // The runs must have reached fills, not only refusals.
    expect((await database.db.select().from(fills)).length).toBeGreaterThan(10);
  }, 300_000);
});
