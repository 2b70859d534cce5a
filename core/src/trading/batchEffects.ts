import { randomUUID } from 'node:crypto';
import {
  checkOrderQuantity,
  Dec,
  DomainError,
  type FeedQuote,
  feedShard,
  type NewMessage,
  orderReserve,
  toMoneyString,
} from '@bourse/shared';
import {
  addProceeds,
  type EntryHeader,
  type Line,
  type PreparedEntry,
  prepareEntry,
  type UserCash,
} from '../ledger/ledger.ts';
import {
  addFill,
  bookFills,
  closeEffects,
  fillEffects,
  fillNotice,
  historyOf,
  newOutbox,
  type OrderRow,
  type Outbox,
  type PositionRow,
  positionAfterFill,
  sellableQuantity,
} from './execution.ts';
import { type CheckedOrder, enforce } from './orderChecks.ts';
import type { fills, positionHistory } from './schema.ts';

/** An order of a batch that passed the checks that need no account, with what placing it stores. */
export interface BatchOrder {
  userId: string;
  idempotencyKey: string;
  /** Stored with the order, so a replay can tell the same request from another (platform/idempotency.ts). */
  hash: string;
  checked: CheckedOrder;
  quote: FeedQuote | undefined;
  /** Market time the batch was checked at: what its orders, fills and entries are stamped with. */
  marketAt: Date;
}

/** The rows a batch locked before working out its effects. */
export interface LockedRows {
  /** Every user of the batch's cash (ledger.lockUsersCash). */
  cash: ReadonlyMap<string, UserCash>;
  /** Every (user, symbol) pair of the batch by positionKey: the position held, or undefined for none. */
  positions: ReadonlyMap<string, PositionRow | undefined>;
}

/** Where ids and times come from: random and the wall clock in production, fixed in tests. */
export interface EffectStamps {
  newId(): string;
  now(): Date;
}

export const LIVE_STAMPS: EffectStamps = { newId: randomUUID, now: () => new Date() };

/** A placed order's changes, told to its user after commit. */
export interface PlacedOrder<T extends BatchOrder> {
  item: T;
  order: OrderRow;
  out: Outbox;
  /** Its fills' indexes in the batch's fills and messages. */
  fillIndexes: number[];
}

/** Everything a batch writes, with one statement per table. */
export interface BatchEffects<T extends BatchOrder> {
  placed: PlacedOrder<T>[];
  refused: { item: T; err: DomainError }[];
  entries: PreparedEntry[];
  fills: (typeof fills.$inferInsert)[];
  /** One fill notice per fill, in the fills' order. */
  messages: NewMessage[];
  history: (typeof positionHistory.$inferInsert)[];
  /** Positions the batch sold out (to delete) and changed (to upsert, as they end up), by positionKey. */
  closed: Set<string>;
  changed: Set<string>;
  /** Every locked position as the batch leaves it (undefined: none held). */
  positions: Map<string, PositionRow | undefined>;
}

export const positionKey = (userId: string, symbol: string) => `${userId}\u0000${symbol}`;

/** The (user, symbol) of a positionKey. */
export const positionOf = (key: string) => key.split('\u0000') as [string, string];

/**
 * The batch's effects, worked out in memory from the rows it locked, each order after those
 * before it: refused (a DomainError) before it changes anything, or placed with its frozen cash
 * or held shares and, in continuous trading, its fills against the book; a market order's
 * unfilled rest is cancelled at once. Pure: the locked rows given are not changed.
 */
export function batchEffects<T extends BatchOrder>(
  locked: LockedRows,
  items: readonly T[],
  stamps: EffectStamps = LIVE_STAMPS,
): BatchEffects<T> {
  const batch = new EffectsBuilder<T>(locked, stamps);
  for (const item of items) {
    try {
      batch.place(item);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      batch.effects.refused.push({ item, err });
    }
  }
  return batch.effects;
}

/** Copies of the locked cash: prepareEntry moves the balances of the object it is given. */
function copyCash(cash: UserCash): UserCash {
  return { userId: cash.userId, available: { ...cash.available }, frozen: { ...cash.frozen } };
}

class EffectsBuilder<T extends BatchOrder> {
  readonly effects: BatchEffects<T>;
  private readonly cash: Map<string, UserCash>;

  constructor(
    locked: LockedRows,
    private readonly stamps: EffectStamps,
  ) {
    this.cash = new Map([...locked.cash].map(([userId, cash]) => [userId, copyCash(cash)]));
    this.effects = {
      placed: [],
      refused: [],
      entries: [],
      fills: [],
      messages: [],
      history: [],
      closed: new Set(),
      changed: new Set(),
      positions: new Map(locked.positions),
    };
  }

  private setPosition(key: string, next: PositionRow, tradingDate: string): void {
    const { effects } = this;
    if (next.quantity > 0) {
      effects.positions.set(key, next);
      effects.changed.add(key);
      return;
    }
    // Sold out: the round trip goes to history and the holding is gone.
    effects.history.push(historyOf(next, tradingDate));
    effects.positions.set(key, undefined);
    effects.changed.delete(key);
    effects.closed.add(key);
  }

  private post(cash: UserCash, header: EntryHeader, lines: Line[], out: Outbox): void {
    this.effects.entries.push(prepareEntry(cash, header, lines));
    out.cash = cash;
  }

  place(item: T): void {
    const { checked, userId } = item;
    const { symbol, side, tradingDate, quantity } = checked;
    const { positions } = this.effects;
    const cash = this.cash.get(userId);
    if (!cash) throw new Error(`cash of ${userId} not locked`);
    const key = positionKey(userId, symbol);
    const reserve = orderReserve(checked, new Dec(0), quantity);
    if (side === 'sell') {
      const sellable = sellableQuantity(positions.get(key), tradingDate);
      enforce(
        checkOrderQuantity({
          instrument: checked.instrument,
          side,
          type: checked.type,
          quantity,
          tradingDate,
          sellable,
        }),
      );
    }
    if (reserve.gt(cash.available.balance)) {
      throw new DomainError('order.insufficientCash', {
        needed: toMoneyString(reserve),
        available: toMoneyString(cash.available.balance),
      });
    }
    const now = this.stamps.now();
    const order: OrderRow = {
      id: this.stamps.newId(),
      userId,
      symbol,
      name: checked.name,
      kind: checked.kind,
      shard: feedShard(symbol),
      side,
      type: checked.type,
      price: checked.price?.toFixed(3) ?? null,
      reservePrice: checked.reservePrice.toFixed(3),
      quantity,
      filledQuantity: 0,
      filledAmount: '0.00',
      fees: '0.00',
      frozenCash: reserve.toFixed(2),
      status: 'pending',
      cancelReason: null,
      session: checked.session,
      tradingDate,
      idempotencyKey: item.idempotencyKey,
      requestHash: item.hash,
      createdAt: now,
      marketAt: item.marketAt,
      updatedAt: now,
    };
    const out = newOutbox(userId, tradingDate);
    const fillIndexes: number[] = [];
    if (side === 'sell') {
      // checkOrderQuantity refused a sell of shares the user does not hold.
      const held = positions.get(key)!;
      const holding = { ...held, frozenQuantity: held.frozenQuantity + quantity };
      this.setPosition(key, holding, tradingDate);
      out.positions.push(holding);
    }
    const orderId = order.id;
    if (reserve.gt(0)) {
      this.post(
        cash,
        { kind: 'freeze', tradingDate, orderId, symbol },
        [
          { account: 'available', amount: reserve.negated() },
          { account: 'frozen', amount: reserve },
        ],
        out,
      );
    }
    if (checked.matchNow && item.quote) {
      for (const request of bookFills(order, item.quote)) {
        const effects = fillEffects(order, request);
        const fillId = this.stamps.newId();
        if (side === 'sell') addProceeds(cash, tradingDate, effects.proceeds);
        this.post(cash, { kind: side, tradingDate, orderId, fillId, symbol }, effects.lines, out);
        const position = positionAfterFill(
          positions.get(key),
          order,
          effects.values,
          effects.fees,
          tradingDate,
        );
        this.setPosition(key, position, tradingDate);
        out.positions.push(position);
        addFill(order, effects);
        fillIndexes.push(this.effects.fills.length);
        this.effects.fills.push({ ...effects.values, id: fillId, createdAt: now });
        this.effects.messages.push(fillNotice(effects.values, order.name));
      }
    }
    if (checked.type === 'market' && order.filledQuantity < quantity) {
      const { release, unfilled } = closeEffects(order, 'marketRemainder', tradingDate);
      if (release) this.post(cash, release.header, release.lines, out);
      const held = positions.get(key);
      if (side === 'sell' && held) {
        const next = { ...held, frozenQuantity: held.frozenQuantity - unfilled };
        this.setPosition(key, next, tradingDate);
        out.positions.push(next);
      }
    }
    this.effects.placed.push({ item, order, out, fillIndexes });
  }
}
