import {
  Dec,
  DomainError,
  type FeedQuote,
  feedStatusMessageSchema,
  MARKET_PROTOCOL_VERSION,
  type PlaceOrder,
} from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import type { UserCash } from '../ledger/ledger.ts';
import { feedQuote } from '../market/testing/feedDouble.ts';
import { type BatchOrder, batchEffects, type LockedRows, positionKey } from './batchEffects.ts';
import type { PositionRow } from './execution.ts';
import { checkOrder } from './orderChecks.ts';

/**
 * Figures worked by hand on the fee schedule of 2026 (commission 0.025%, at least 5.00 an
 * order; transfer fee 0.001%; stamp duty 0.05% on sells; each rounded to the fen), on a 10.00
 * stock quoted 9.99 (100 shares) / 10.01 (200 shares), band 9.00–11.00.
 *
 * Buy 100 @ 9.90, resting: 990.00 + commission 5.00 + transfer 0.01 = 995.01 frozen.
 * Buy 100 @ 10.01, filled at once: 1,001.00 + 5.00 + 0.01 = 1,006.01 paid, nothing left frozen.
 * Sell 100 @ 9.99, filled at once: 999.00 − 5.00 − stamp 0.50 − transfer 0.01 = 993.49 received.
 * Market buy 300: reserved at the limit up, 3,300.00 + 5.00 + 0.03 = 3,305.03; 200 fill at 10.01
 *   (2,002.00 + 5.00 + 0.02 = 2,007.02 paid), the other 100 are cancelled and their reserve released.
 */
const TODAY = '2026-07-07';
const SYMBOL = '600000';
const OTHER = '600001';
const STATUS = feedStatusMessageSchema.parse({
  protocol: MARKET_PROTOCOL_VERSION,
  phase: 'continuous',
  tradingDate: TODAY,
  simulated: true,
  time: Date.parse(`${TODAY}T02:00:00Z`),
});
const QUOTES = new Map<string, FeedQuote>([SYMBOL, OTHER].map((s) => [s, feedQuote(s)]));

const buy = (price: string, quantity = 100, symbol = SYMBOL): PlaceOrder => ({
  symbol,
  side: 'buy',
  type: 'limit',
  price,
  quantity,
});
const sell = (price: string, quantity = 100, symbol = SYMBOL): PlaceOrder => ({
  symbol,
  side: 'sell',
  type: 'limit',
  price,
  quantity,
});
const marketBuy = (quantity: number): PlaceOrder => ({
  symbol: SYMBOL,
  side: 'buy',
  type: 'market',
  quantity,
});

let keys = 0;
function item(userId: string, request: PlaceOrder): BatchOrder {
  const quote = QUOTES.get(request.symbol);
  return {
    userId,
    idempotencyKey: `key-${++keys}`,
    hash: 'hash',
    checked: checkOrder(request, quote, STATUS),
    quote,
    marketAt: new Date(STATUS.time),
  };
}

function cash(userId: string, available: string, frozen = '0'): UserCash {
  return {
    userId,
    available: {
      id: `${userId}-available`,
      balance: new Dec(available),
      proceeds: new Dec(0),
      proceedsDate: null,
    },
    frozen: { id: `${userId}-frozen`, balance: new Dec(frozen) },
  };
}

/** Shares bought before today: all sellable. */
function held(userId: string, quantity: number, symbol = SYMBOL): PositionRow {
  return {
    userId,
    symbol,
    name: `测试${symbol}`,
    quantity,
    frozenQuantity: 0,
    cost: new Dec(quantity).times(10).toFixed(2),
    realisedPnl: '0',
    buyQuantity: quantity,
    buyAmount: new Dec(quantity).times(10).toFixed(2),
    sellAmount: '0',
    fees: '0',
    dayDate: '2026-07-06',
    dayOpenQuantity: quantity,
    dayBuyQuantity: 0,
    dayBuyAmount: '0',
    daySellAmount: '0',
    dayFees: '0',
    openedAt: new Date('2026-07-06T02:00:00Z'),
  };
}

function locked(cashes: UserCash[], positions: PositionRow[], items: BatchOrder[]): LockedRows {
  const byKey = new Map<string, PositionRow | undefined>(
    items.map((i) => [positionKey(i.userId, i.checked.symbol), undefined]),
  );
  for (const p of positions) byKey.set(positionKey(p.userId, p.symbol), p);
  return { cash: new Map(cashes.map((c) => [c.userId, c])), positions: byKey };
}

/** Each user's cash after the batch: the last balances its entries leave. */
function cashAfter(effects: ReturnType<typeof batchEffects>, userId: string) {
  const last = effects.entries.filter((e) => e.cash?.userId === userId).at(-1);
  return last?.cash && [last.cash.available.balance.toFixed(2), last.cash.frozen.balance.toFixed(2)];
}

const refusals = (effects: ReturnType<typeof batchEffects>) =>
  effects.refused.map(({ item, err }) => [item.idempotencyKey, err.key, err.params]);

interface Case {
  name: string;
  cash: UserCash[];
  positions?: PositionRow[];
  orders: [string, PlaceOrder][];
  /** Per order, in order: its status and filled quantity, or the key of its refusal. */
  outcomes: (readonly [string, number] | string)[];
  /** Per user: [available, frozen] after the batch (undefined: no entry). */
  after: Record<string, [string, string] | undefined>;
  /** Per user and symbol: the quantity held and held for sells after the batch (null: none). */
  holdings?: Record<string, [number, number] | null>;
}

const CASES: Case[] = [
  {
    name: 'a resting buy freezes its amount and fees',
    cash: [cash('a', '10000.00')],
    orders: [['a', buy('9.90')]],
    outcomes: [['pending', 0]],
    after: { a: ['9004.99', '995.01'] },
    holdings: { [`a ${SYMBOL}`]: null },
  },
  {
    name: 'a marketable buy fills at the ask and leaves nothing frozen',
    cash: [cash('a', '10000.00')],
    orders: [['a', buy('10.01')]],
    outcomes: [['filled', 100]],
    after: { a: ['8993.99', '0.00'] },
    holdings: { [`a ${SYMBOL}`]: [100, 0] },
  },
  {
    name: 'a buy beyond the available cash is refused and writes nothing',
    cash: [cash('a', '995.00')],
    orders: [['a', buy('9.90')]],
    outcomes: ['order.insufficientCash'],
    after: { a: undefined },
  },
  {
    name: 'a buy for exactly the available cash is placed',
    cash: [cash('a', '995.01')],
    orders: [['a', buy('9.90')]],
    outcomes: [['pending', 0]],
    after: { a: ['0.00', '995.01'] },
  },
  {
    name: 'a sell without shares is refused',
    cash: [cash('a', '10000.00')],
    orders: [['a', sell('9.99')]],
    outcomes: ['order.exceedsSellable'],
    after: { a: undefined },
  },
  {
    name: 'a marketable sell fills at the bid, its proceeds to available',
    cash: [cash('a', '0.00')],
    positions: [held('a', 300)],
    orders: [['a', sell('9.99')]],
    outcomes: [['filled', 100]],
    after: { a: ['993.49', '0.00'] },
    holdings: { [`a ${SYMBOL}`]: [200, 0] },
  },
  {
    name: 'a resting sell holds its shares and moves no cash',
    cash: [cash('a', '0.00')],
    positions: [held('a', 300)],
    orders: [['a', sell('10.50')]],
    outcomes: [['pending', 0]],
    after: { a: undefined },
    holdings: { [`a ${SYMBOL}`]: [300, 100] },
  },
  {
    name: 'selling the whole holding closes the position',
    cash: [cash('a', '0.00')],
    positions: [held('a', 100)],
    orders: [['a', sell('9.99')]],
    outcomes: [['filled', 100]],
    after: { a: ['993.49', '0.00'] },
    holdings: { [`a ${SYMBOL}`]: null },
  },
  {
    name: 'shares bought today are not sellable in the same batch (T+1)',
    cash: [cash('a', '10000.00')],
    orders: [
      ['a', buy('10.01')],
      ['a', sell('9.99')],
    ],
    outcomes: [['filled', 100], 'order.exceedsSellable'],
    after: { a: ['8993.99', '0.00'] },
    holdings: { [`a ${SYMBOL}`]: [100, 0] },
  },
  {
    name: 'a later buy of the same user sees the cash the earlier one froze',
    cash: [cash('a', '1500.00')],
    orders: [
      ['a', buy('9.90')],
      ['a', buy('9.90')],
    ],
    outcomes: [['pending', 0], 'order.insufficientCash'],
    after: { a: ['504.99', '995.01'] },
  },
  {
    name: 'the same order twice in a batch (two keys) is placed twice',
    cash: [cash('a', '2000.00')],
    orders: [
      ['a', buy('9.90')],
      ['a', buy('9.90')],
    ],
    outcomes: [
      ['pending', 0],
      ['pending', 0],
    ],
    after: { a: ['9.98', '1990.02'] },
  },
  {
    name: 'two sells of the same shares: the second finds them held',
    cash: [cash('a', '0.00')],
    positions: [held('a', 100)],
    orders: [
      ['a', sell('10.50')],
      ['a', sell('10.50')],
    ],
    outcomes: [['pending', 0], 'order.exceedsSellable'],
    after: { a: undefined },
    holdings: { [`a ${SYMBOL}`]: [100, 100] },
  },
  {
    name: "one user's refusal costs another nothing (mixed accounts)",
    cash: [cash('a', '100.00'), cash('b', '10000.00'), cash('c', '0.00')],
    positions: [held('c', 100, OTHER)],
    orders: [
      ['a', buy('9.90')],
      ['b', buy('9.90')],
      ['c', sell('9.99', 100, OTHER)],
    ],
    outcomes: ['order.insufficientCash', ['pending', 0], ['filled', 100]],
    after: { a: undefined, b: ['9004.99', '995.01'], c: ['993.49', '0.00'] },
    holdings: { [`c ${OTHER}`]: null },
  },
  {
    name: "a market buy's unfilled rest is cancelled and its reserve released",
    cash: [cash('a', '10000.00')],
    orders: [['a', marketBuy(300)]],
    outcomes: [['cancelled', 200]],
    after: { a: ['7992.98', '0.00'] },
    holdings: { [`a ${SYMBOL}`]: [200, 0] },
  },
  {
    name: 'a market buy is refused on its reserve at the limit up, not on what it would fill',
    cash: [cash('a', '3305.02')],
    orders: [['a', marketBuy(300)]],
    outcomes: ['order.insufficientCash'],
    after: { a: undefined },
  },
];

describe('batchEffects', () => {
  it.each(CASES)('$name', (c) => {
    const items = c.orders.map(([userId, request]) => item(userId, request));
    const rows = locked(c.cash, c.positions ?? [], items);
    const effects = batchEffects(rows, items);
    expect(
      items.map((i) => {
        const placed = effects.placed.find((p) => p.item === i);
        if (placed) return [placed.order.status, placed.order.filledQuantity];
        return effects.refused.find((r) => r.item === i)?.err.key;
      }),
    ).toEqual(c.outcomes);
    for (const [userId, expected] of Object.entries(c.after))
      expect(cashAfter(effects, userId)).toEqual(expected);
    for (const [who, expected] of Object.entries(c.holdings ?? {})) {
      const [userId, symbol] = who.split(' ') as [string, string];
      const position = effects.positions.get(positionKey(userId, symbol));
      expect(position ? [position.quantity, position.frozenQuantity] : null).toEqual(expected);
    }
  });

  it('says why a buy is refused: the cash needed and the cash available', () => {
    const effects = batchEffects(locked([cash('a', '995.00')], [], []), [item('a', buy('9.90'))]);
    expect(refusals(effects)).toEqual([
      [expect.any(String), 'order.insufficientCash', { needed: '995.01', available: '995.00' }],
    ]);
    expect(effects.refused[0]!.err).toBeInstanceOf(DomainError);
  });

  it('leaves the locked rows as they were', () => {
    const before = cash('a', '10000.00');
    const position = held('a', 300);
    const items = [item('a', buy('10.01')), item('a', sell('9.99'))];
    const rows = locked([before], [position], items);
    batchEffects(rows, items);
    expect(before.available.balance.toFixed(2)).toBe('10000.00');
    expect(before.frozen.balance.toFixed(2)).toBe('0.00');
    expect(rows.positions.get(positionKey('a', SYMBOL))).toBe(position);
    expect(position.quantity).toBe(300);
  });

  it('writes one fill, one notice and one ledger entry per fill, each tied to its order', () => {
    let id = 0;
    const now = new Date('2026-07-07T02:00:01Z');
    const items = [item('a', marketBuy(300))];
    const effects = batchEffects(locked([cash('a', '10000.00')], [], items), items, {
      newId: () => `id-${++id}`,
      now: () => now,
    });
    const [placed] = effects.placed;
    // The order is id-1; its one fill (200 at 10.01, the whole ask) id-2.
    expect(placed?.order).toMatchObject({ id: 'id-1', createdAt: now, frozenCash: '0', status: 'cancelled' });
    expect(effects.fills).toEqual([
      expect.objectContaining({
        id: 'id-2',
        orderId: 'id-1',
        price: '10.010',
        quantity: 200,
        amount: '2002.00',
      }),
    ]);
    expect(placed?.fillIndexes).toEqual([0]);
    expect(effects.messages).toHaveLength(1);
    // Freeze 3,305.03; the fill; then the release of the 1,100.01 still reserved for the 100 unfilled
    // (1,100.00 at the limit up + transfer 0.01; the 5.00 minimum commission was met by the fill).
    expect(effects.entries.map((e) => e.header.kind)).toEqual(['freeze', 'buy', 'release']);
    expect(effects.changed).toEqual(new Set([positionKey('a', SYMBOL)]));
  });

  it('sends a sold-out position to history and deletes it rather than upserting it', () => {
    const items = [item('a', sell('9.99'))];
    const effects = batchEffects(locked([cash('a', '0.00')], [held('a', 100)], items), items);
    expect(effects.closed).toEqual(new Set([positionKey('a', SYMBOL)]));
    expect(effects.changed.size).toBe(0);
    expect(effects.history).toEqual([expect.objectContaining({ userId: 'a', symbol: SYMBOL })]);
  });
});
