import { randomUUID } from 'node:crypto';
import {
  checkOrderQuantity,
  Dec,
  DomainError,
  type FeedQuote,
  feedShard,
  type NewMessage,
  orderReserve,
  type PlaceOrder,
  toMoneyString,
} from '@bourse/shared';
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  addProceeds,
  type EntryHeader,
  type Line,
  lockUsersCash,
  type PreparedEntry,
  prepareEntry,
  type UserCash,
  writeEntries,
} from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import { notifyAll } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import {
  addFill,
  bookFills,
  closeEffects,
  type FillRow,
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
import { type CheckedOrder, checkOrder, enforce } from './orderChecks.ts';
import { fills, orders, positionHistory, positions } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';

export interface Placed {
  order: OrderRow;
  replayed: boolean;
}

/** One request waiting for its answer. */
interface Pending {
  userId: string;
  request: PlaceOrder;
  idempotencyKey: string;
  hash: string;
  resolve(placed: Placed): void;
  reject(err: unknown): void;
}

/** A request that passed the checks that need no account. */
interface Ready extends Pending {
  checked: CheckedOrder;
  quote: FeedQuote | undefined;
  /** Market time the batch was checked at: what its orders, fills and entries are stamped with. */
  marketAt: Date;
}

/** Orders taken in one transaction at most; more wait for the next batch. */
const MAX_BATCH = 200;
/**
 * Batches in flight at once per process: while one commits, the next reads the market and
 * waits for the locks, so the database is never idle between them.
 */
const MAX_IN_FLIGHT = 2;

const orderHash = (order: PlaceOrder) =>
  requestHash([
    order.symbol,
    order.side,
    order.type,
    order.price ?? null,
    order.quantity,
    // Only when set, so the hashes of orders stored before the flag existed still match.
    ...(order.afterHours ? [true] : []),
  ]);

/** The order a key already made: the same request gets it back, another request is a conflict. */
async function replay(
  deps: TradingDeps,
  userId: string,
  key: string,
  hash: string,
): Promise<OrderRow | undefined> {
  const [existing] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return sameRequest(existing, hash);
}

/** Answers a request whose key made an order before: that order, or a 409 for another body. */
async function answerReplay(deps: TradingDeps, item: Pending): Promise<void> {
  const earlier = await replay(deps, item.userId, item.idempotencyKey, item.hash);
  if (!earlier) throw new Error('idempotency key lost between two reads');
  item.resolve({ order: earlier, replayed: true });
}

/** A refused request: a key seen before answers its first result, though the market has moved on since (or is unreadable). */
async function refuse(deps: TradingDeps, item: Pending, err: unknown): Promise<void> {
  const earlier = await replay(deps, item.userId, item.idempotencyKey, item.hash);
  if (earlier) item.resolve({ order: earlier, replayed: true });
  else item.reject(err);
}

const positionKey = (userId: string, symbol: string) => `${userId}\u0000${symbol}`;

/** Some of the batch's idempotency keys made orders in earlier transactions: those requests are replays. */
class KeysTaken extends Error {
  constructor(readonly items: ReadonlySet<Ready>) {
    super('idempotency keys already used');
  }
}

/** A placed order's changes, told to its user after commit. */
interface PlacedOrder {
  item: Ready;
  order: OrderRow;
  out: Outbox;
  /** Its fills' indexes in the batch's fills and messages. */
  fillIndexes: number[];
}

/**
 * Everything a batch writes, worked out in memory under the locks of its users' cash and
 * positions, then written with one statement per table.
 */
class BatchWrites {
  readonly placed: PlacedOrder[] = [];
  readonly refused: { item: Ready; err: DomainError }[] = [];
  readonly entries: PreparedEntry[] = [];
  readonly fills: (typeof fills.$inferInsert)[] = [];
  readonly messages: NewMessage[] = [];
  readonly history: (typeof positionHistory.$inferInsert)[] = [];
  /** Positions the batch sold out (deleted) and changed (upserted, as they end up). */
  readonly closed = new Set<string>();
  readonly changed = new Set<string>();

  constructor(
    readonly cash: Map<string, UserCash>,
    readonly positions: Map<string, PositionRow | undefined>,
  ) {}

  private setPosition(key: string, next: PositionRow, tradingDate: string): void {
    if (next.quantity > 0) {
      this.positions.set(key, next);
      this.changed.add(key);
      return;
    }
    // Sold out: the round trip goes to history and the holding is gone.
    this.history.push(historyOf(next, tradingDate));
    this.positions.set(key, undefined);
    this.changed.delete(key);
    this.closed.add(key);
  }

  private post(cash: UserCash, header: EntryHeader, lines: Line[], out: Outbox): void {
    this.entries.push(prepareEntry(cash, header, lines));
    out.cash = cash;
  }

  /**
   * One order, after those before it in the batch: refused (DomainError) before it changes
   * anything, or placed with its frozen cash or held shares and, in continuous trading, its
   * fills against the book; a market order's unfilled rest is cancelled at once.
   */
  place(item: Ready): void {
    const { checked, userId } = item;
    const { symbol, side, tradingDate, quantity } = checked;
    const cash = this.cash.get(userId)!;
    const key = positionKey(userId, symbol);
    const reserve = orderReserve(checked, new Dec(0), quantity);
    if (side === 'sell') {
      const sellable = sellableQuantity(this.positions.get(key), tradingDate);
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
    const now = new Date();
    const order: OrderRow = {
      id: randomUUID(),
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
      const held = this.positions.get(key)!;
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
        const fillId = randomUUID();
        if (side === 'sell') addProceeds(cash, tradingDate, effects.proceeds);
        this.post(cash, { kind: side, tradingDate, orderId, fillId, symbol }, effects.lines, out);
        const position = positionAfterFill(
          this.positions.get(key),
          order,
          effects.values,
          effects.fees,
          tradingDate,
        );
        this.setPosition(key, position, tradingDate);
        out.positions.push(position);
        addFill(order, effects);
        fillIndexes.push(this.fills.length);
        this.fills.push({ ...effects.values, id: fillId, createdAt: now });
        this.messages.push(fillNotice(effects.values, order.name));
      }
    }
    if (checked.type === 'market' && order.filledQuantity < quantity) {
      const { release, unfilled } = closeEffects(order, 'marketRemainder', tradingDate);
      if (release) this.post(cash, release.header, release.lines, out);
      const held = this.positions.get(key);
      if (side === 'sell' && held) {
        const next = { ...held, frozenQuantity: held.frozenQuantity - unfilled };
        this.setPosition(key, next, tradingDate);
        out.positions.push(next);
      }
    }
    this.placed.push({ item, order, out, fillIndexes });
  }
}

/** The batch's positions, locked in one stable order (user, symbol) like their cash. */
async function lockPositions(tx: Db, items: readonly Ready[]): Promise<Map<string, PositionRow | undefined>> {
  const pairs = new Map(items.map((i) => [positionKey(i.userId, i.checked.symbol), i] as const));
  const held = new Map<string, PositionRow | undefined>([...pairs.keys()].map((key) => [key, undefined]));
  const rows = await tx
    .select()
    .from(positions)
    .where(
      or(
        ...[...pairs.values()].map((i) =>
          and(eq(positions.userId, i.userId), eq(positions.symbol, i.checked.symbol)),
        ),
      ),
    )
    .orderBy(positions.userId, positions.symbol)
    .for('update');
  for (const row of rows) held.set(positionKey(row.userId, row.symbol), row);
  return held;
}

/** `set` of an upsert: every column but the key takes the proposed row's value. */
function fromExcluded(columns: Record<string, PgColumn>, key: readonly PgColumn[]) {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([, column]) => !key.includes(column))
      .map(([field, column]) => [field, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** The batch's transaction: locks, checks and effects in memory, then one write per table. */
async function writeBatch(
  tx: Db,
  items: readonly Ready[],
): Promise<{
  writes: BatchWrites;
  orderRows: Map<string, OrderRow>;
  fillRows: FillRow[];
  sent: Awaited<ReturnType<typeof notifyAll>>;
}> {
  const writes = new BatchWrites(
    await lockUsersCash(
      tx,
      items.map((i) => i.userId),
    ),
    await lockPositions(tx, items),
  );
  for (const item of items) {
    try {
      writes.place(item);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      writes.refused.push({ item, err });
    }
  }
  const orderRows = new Map<string, OrderRow>();
  if (writes.placed.length > 0) {
    const inserted = await tx
      .insert(orders)
      .values(writes.placed.map((p) => p.order))
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) orderRows.set(row.id, row);
    if (orderRows.size < writes.placed.length) {
      throw new KeysTaken(
        new Set(writes.placed.filter((p) => !orderRows.has(p.order.id)).map((p) => p.item)),
      );
    }
  }
  const fillRows = writes.fills.length > 0 ? await tx.insert(fills).values(writes.fills).returning() : [];
  await writeEntries(tx, writes.entries);
  if (writes.history.length > 0) await tx.insert(positionHistory).values(writes.history);
  const closed = [...writes.closed].map((key) => key.split('\u0000') as [string, string]);
  if (closed.length > 0) {
    await tx
      .delete(positions)
      .where(
        or(
          ...closed.map(([userId, symbol]) =>
            and(eq(positions.userId, userId), eq(positions.symbol, symbol)),
          ),
        ),
      );
  }
  const upserts = [...writes.changed].map((key) => writes.positions.get(key)!);
  if (upserts.length > 0) {
    const key = [positions.userId, positions.symbol];
    await tx
      .insert(positions)
      .values(upserts)
      .onConflictDoUpdate({ target: key, set: fromExcluded(getTableColumns(positions), key) });
  }
  const sent = await notifyAll(tx, writes.messages);
  return { writes, orderRows, fillRows, sent };
}

/**
 * Places checked orders in one transaction and answers each. An order refused by the account
 * checks is answered with its error and the others go ahead; a key that made an order before
 * answers that order. If the transaction fails, each order is tried again alone, so one bad
 * order costs the others nothing but time.
 */
async function commit(deps: TradingDeps, items: readonly Ready[]): Promise<void> {
  if (items.length === 0) return;
  let result: Awaited<ReturnType<typeof writeBatch>>;
  try {
    result = await deps.db.transaction(async (tx) => {
      await stampMarketTime(tx, items[0]!.marketAt.getTime());
      return writeBatch(tx, items);
    });
  } catch (err) {
    if (err instanceof KeysTaken) {
      // Rolled back: the requests that met an existing key replay it, the others go again.
      await Promise.all([
        ...[...err.items].map((item) => answerReplay(deps, item).catch(item.reject)),
        commit(
          deps,
          items.filter((item) => !err.items.has(item)),
        ),
      ]);
      return;
    }
    if (items.length === 1) {
      items[0]!.reject(err);
      return;
    }
    await Promise.all(items.map((item) => commit(deps, [item])));
    return;
  }
  const { writes, orderRows, fillRows, sent } = result;
  for (const { item, err } of writes.refused) item.reject(err);
  const fillsById = new Map(fillRows.map((row) => [row.id, row]));
  for (const { item, order, out, fillIndexes } of writes.placed) {
    const row = orderRows.get(order.id)!;
    out.orders.push(row);
    for (const i of fillIndexes) {
      out.fills.push(fillsById.get(writes.fills[i]!.id!)!);
      out.messages.push(sent[i]!);
    }
    deps.events.publish(out);
    item.resolve({ order: row, replayed: false });
  }
}

/** Reads the market once for the batch, checks each order against it, and commits those that pass. */
async function placeBatch(deps: TradingDeps, batch: readonly Pending[]): Promise<void> {
  let market: Awaited<ReturnType<TradingDeps['market']['forOrders']>> | undefined;
  let unreadable: unknown;
  try {
    market = await deps.market.forOrders(batch.map((item) => item.request.symbol));
  } catch (err) {
    unreadable = err;
  }
  const ready: Ready[] = [];
  const refusals: Promise<void>[] = [];
  const marketAt = new Date(marketTimeOf(market?.status ?? null));
  for (const item of batch) {
    try {
      if (!market) throw unreadable;
      const quote = market.quotes.get(item.request.symbol);
      ready.push({ ...item, checked: checkOrder(item.request, quote, market.status), quote, marketAt });
    } catch (err) {
      refusals.push(refuse(deps, item, err).catch(item.reject));
    }
  }
  await Promise.all([...refusals, commit(deps, ready)]);
}

/**
 * Group commit: the orders that reach this process while earlier batches are in flight wait
 * and are placed together, in one transaction and with one statement per table, each still
 * checked and answered on its own. A lone order goes on the next turn of the event loop.
 */
class OrderBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly deps: TradingDeps) {}

  place(userId: string, request: PlaceOrder, idempotencyKey: string): Promise<Placed> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, request, idempotencyKey, hash: orderHash(request), resolve, reject });
      // Requests read in the same turn of the event loop go together.
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      // A key twice in one batch: the later request waits for the next batch, where it meets the first's order.
      const batch: Pending[] = [];
      const later: Pending[] = [];
      const keys = new Set<string>();
      for (const item of this.queue) {
        const key = `${item.userId}\u0000${item.idempotencyKey}`;
        if (batch.length >= MAX_BATCH || keys.has(key)) later.push(item);
        else {
          keys.add(key);
          batch.push(item);
        }
      }
      this.queue = later;
      this.inFlight++;
      placeBatch(this.deps, batch)
        .catch((err: unknown) => {
          for (const item of batch) item.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          this.flush();
        });
    }
  }
}

const batchers = new WeakMap<TradingDeps, OrderBatcher>();

/**
 * Places an order: the order row (its idempotency key unique per user), the cash frozen for it
 * (or the shares, for a sell), and in continuous trading its fills against the book from the
 * touch. A market order's unfilled rest is cancelled at once (best five levels, immediate or
 * cancel, as SSE and SZSE offer it). Nothing is written when a check fails; the user hears of
 * the changes after commit. Orders arriving together share a transaction (OrderBatcher).
 */
export function placeOrder(
  deps: TradingDeps,
  userId: string,
  request: PlaceOrder,
  idempotencyKey: string,
): Promise<Placed> {
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new OrderBatcher(deps);
    batchers.set(deps, batcher);
  }
  return batcher.place(userId, request, idempotencyKey);
}
