import {
  blockOrderCash,
  checkBlockOrder,
  classifySymbol,
  Dec,
  DomainError,
  type FeedQuote,
  type Instrument,
  type MarketStatus,
  type PlaceBlockOrder,
  toMoneyString,
} from '@bourse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { checkPayPassword, requireVerifiedUser } from '../identity/index.ts';
import { lockUserCash, post } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import { lockPosition, newOutbox, sellableQuantity } from '../trading/execution.ts';
import { enforce } from '../trading/orderChecks.ts';
import { positions } from '../trading/schema.ts';
import type { BlockOrderRow } from './blockOrders.ts';
import type { BlockTradeDeps } from './blockTradeDeps.ts';
import { blockOrders } from './schema.ts';

/** What "the same request" means for a key: the payment password is left out, never stored in any form. */
const blockOrderHash = (request: PlaceBlockOrder) =>
  requestHash([
    request.symbol,
    request.side,
    request.kind,
    new Dec(request.price).toFixed(3),
    request.quantity,
  ]);

async function replay(
  deps: BlockTradeDeps,
  userId: string,
  key: string,
  hash: string,
): Promise<BlockOrderRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(blockOrders)
    .where(and(eq(blockOrders.userId, userId), eq(blockOrders.idempotencyKey, key)));
  return sameRequest(row, hash);
}

/** The instrument as the quote describes it (ST names, a new listing's unbanded days). */
function instrumentOf(quote: FeedQuote, symbol: string): Instrument {
  const symbolClass = classifySymbol(symbol);
  if (!symbolClass) throw new DomainError('order.symbolNotTradable', { symbol });
  return { symbol, ...symbolClass, isST: /^\*?ST/.test(quote.name), registrationIpo: quote.limitUp === null };
}

function checkAgainstMarket(
  request: PlaceBlockOrder,
  quote: FeedQuote,
  status: MarketStatus | null,
  sellable?: number,
) {
  const instrument = instrumentOf(quote, request.symbol);
  const tradingDate = status?.tradingDate ?? '';
  enforce(
    checkBlockOrder({
      instrument,
      kind: request.kind,
      side: request.side,
      price: new Dec(request.price),
      quantity: request.quantity,
      tradingDate,
      phase: status?.phase ?? null,
      prevClose: new Dec(quote.prevClose),
      close: new Dec(quote.price),
      unbanded: quote.limitUp === null,
      sellable,
    }),
  );
  return { instrument, tradingDate };
}

/**
 * Places a block order: verified user, the board's rules against the feed's quote and session,
 * for a buy the payment password and its amount and estimated fees frozen, for a sell the
 * shares frozen, all in one transaction; nothing is written when a check fails. The same
 * Idempotency-Key and body answer the first order.
 */
export async function placeBlockOrder(
  deps: BlockTradeDeps,
  userId: string,
  request: PlaceBlockOrder,
  idempotencyKey: string,
): Promise<{ order: BlockOrderRow; replayed: boolean }> {
  const hash = blockOrderHash(request);
  const earlier = await replay(deps, userId, idempotencyKey, hash);
  if (earlier) return { order: earlier, replayed: true };
  await requireVerifiedUser(deps.db, userId);
  const { symbol, side, quantity } = request;
  if (!classifySymbol(symbol)) throw new DomainError('order.symbolNotTradable', { symbol });
  const { quote, status } = await deps.market.forOrder(symbol);
  if (!quote) throw new DomainError('market.unknownSymbol', { symbol });
  // A sell is checked again against the sellable shares under the position's lock below.
  const sellableNow =
    side === 'sell'
      ? sellableQuantity(await readPosition(deps, userId, symbol), status?.tradingDate ?? '')
      : undefined;
  const { instrument, tradingDate } = checkAgainstMarket(request, quote, status, sellableNow);
  if (side === 'buy') await checkPayPassword(deps.payPassword, userId, request.payPassword);
  const price = new Dec(request.price);
  const cost = blockOrderCash({ side, price, quantity, tradingDate, kind: instrument.kind });
  const out = newOutbox(userId, tradingDate);
  const placed = await deps.db.transaction(async (tx) => {
    await stampMarketTime(tx, marketTimeOf(status));
    const [order] = await tx
      .insert(blockOrders)
      .values({
        userId,
        symbol,
        name: quote.name,
        instrumentKind: instrument.kind,
        side,
        kind: request.kind,
        price: price.toFixed(3),
        quantity,
        amount: cost.amount.toFixed(2),
        fees: cost.fees.total.toFixed(2),
        frozenCash: cost.frozen.toFixed(2),
        status: 'pending',
        tradingDate,
        idempotencyKey,
        requestHash: hash,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent request with the same key got there first.
    if (!order) return undefined;
    if (side === 'sell') {
      const sellable = sellableQuantity(await lockPosition(tx, userId, symbol), tradingDate);
      if (quantity > sellable) throw new DomainError('order.exceedsSellable', { sellable });
      const [held] = await tx
        .update(positions)
        .set({ frozenQuantity: sql`${positions.frozenQuantity} + ${quantity}` })
        .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)))
        .returning();
      out.positions.push(held!);
      return order;
    }
    const cash = await lockUserCash(tx, userId);
    if (cost.frozen.gt(cash.available.balance)) {
      throw new DomainError('order.insufficientCash', {
        needed: toMoneyString(cost.frozen),
        available: toMoneyString(cash.available.balance),
      });
    }
    const freezeEntryId = await post(tx, cash, { kind: 'freeze', tradingDate, orderId: order.id, symbol }, [
      { account: 'available', amount: cost.frozen.negated() },
      { account: 'frozen', amount: cost.frozen },
    ]);
    out.cash = cash;
    const [frozen] = await tx
      .update(blockOrders)
      .set({ freezeEntryId })
      .where(eq(blockOrders.id, order.id))
      .returning();
    return frozen;
  });
  if (!placed) {
    const winner = await replay(deps, userId, idempotencyKey, hash);
    if (!winner) throw new Error('idempotency key lost between two reads');
    return { order: winner, replayed: true };
  }
  deps.events.publish(out);
  return { order: placed, replayed: false };
}

async function readPosition(deps: BlockTradeDeps, userId: string, symbol: string) {
  const [row] = await deps.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)));
  return row;
}
