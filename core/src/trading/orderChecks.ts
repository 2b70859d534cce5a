import {
  acceptsOrders,
  checkOrderPrice,
  checkOrderQuantity,
  checkPriceCage,
  classifySymbol,
  Dec,
  DomainError,
  type FeedQuote,
  hasAfterHoursFixedPrice,
  type Instrument,
  type MarketPhase,
  type MarketStatus,
  type OrderSession,
  type OrderTerms,
  type PlaceOrder,
  type RuleCheck,
} from '@bourse/shared';

/** An order that passed every check that does not need the account. */
export interface CheckedOrder extends OrderTerms {
  symbol: string;
  name: string;
  instrument: Instrument;
  type: PlaceOrder['type'];
  price: Dec | null;
  quantity: number;
  session: OrderSession;
  /** Continuous trading: a marketable order fills at once against the book. In a call auction it waits. */
  matchNow: boolean;
}

/** Where a day order entered in `phase` waits: the opening auction, held for 9:30, or the book. */
function daySession(phase: MarketPhase): OrderSession {
  if (phase === 'openingCall' || phase === 'openingCallLocked') return 'openingCall';
  return phase === 'preContinuous' ? 'held' : 'day';
}

export function enforce(check: RuleCheck): void {
  if (!check.ok) throw new DomainError(check.key, check.params);
}

/**
 * The instrument as the quote describes it. The feed names risk-warned stocks ST / *ST, and a
 * quote without limits is a new listing's unbanded first days, so the shared rules compute the
 * same band as the feed published.
 */
function instrumentOf(quote: FeedQuote, symbol: string): Instrument {
  const symbolClass = classifySymbol(symbol);
  if (!symbolClass) throw new DomainError('order.symbolNotTradable', { symbol });
  return { symbol, ...symbolClass, isST: /^\*?ST/.test(quote.name), registrationIpo: quote.limitUp === null };
}

/**
 * Symbol, session, order type, price and lot checks against the feed's snapshot and status.
 * Sells are checked against the sellable quantity later, under the position's lock.
 *
 * Sessions: orders are taken in every phase that accepts them (acceptsOrders). In continuous
 * trading a marketable order fills at once, inside the price cage. Orders of the opening call
 * (9:15–9:25) wait for its uncrossing; those of 9:25–9:30 are held and meet the book at 9:30;
 * the closing call (14:57–15:00) uncrosses every day order left. Market orders exist in
 * continuous trading only, as on the exchanges. After-hours fixed-price orders (marked so
 * during the day, or any order 15:05–15:30) fill at the close from 15:05 where the board
 * offers them on the date.
 */
export function checkOrder(
  order: PlaceOrder,
  quote: FeedQuote | undefined,
  status: MarketStatus | null,
): CheckedOrder {
  const { symbol, side, type, quantity } = order;
  if (!classifySymbol(symbol)) throw new DomainError('order.symbolNotTradable', { symbol });
  if (!quote) throw new DomainError('market.unknownSymbol', { symbol });
  const instrument = instrumentOf(quote, symbol);
  const phase = status?.phase ?? 'closed';
  if (!status || !acceptsOrders(phase)) throw new DomainError('order.marketClosed');
  const { tradingDate } = status;
  const afterHours = order.afterHours === true || phase === 'afterHoursFixed';
  if (afterHours && !hasAfterHoursFixedPrice(instrument, tradingDate))
    throw new DomainError('order.afterHoursNotOffered');
  let price: Dec | null = null;
  let reservePrice: Dec;
  if (type === 'market') {
    if (phase !== 'continuous' || afterHours) throw new DomainError('order.marketOrderContinuousOnly');
    if (quote.limitUp === null || quote.limitDown === null)
      throw new DomainError('order.marketOrderNeedsBand');
    reservePrice = new Dec(side === 'buy' ? quote.limitUp : quote.limitDown);
  } else {
    if (order.price === undefined) throw new DomainError('order.priceRequired');
    price = new Dec(order.price);
    enforce(
      checkOrderPrice({
        instrument,
        prevClose: new Dec(quote.prevClose),
        tradingDate,
        tradingDayIndex: instrument.registrationIpo ? 1 : undefined,
        price,
      }),
    );
    if (phase === 'continuous' && !afterHours)
      enforce(checkPriceCage({ instrument, tradingDate, side, price, quote }));
    reservePrice = price;
  }
  if (side === 'buy') enforce(checkOrderQuantity({ instrument, side, type, quantity, tradingDate }));
  return {
    symbol,
    name: quote.name,
    instrument,
    side,
    type,
    kind: instrument.kind,
    price,
    reservePrice,
    quantity,
    tradingDate,
    session: afterHours ? 'afterHours' : daySession(phase),
    matchNow: phase === 'continuous' && !afterHours,
  };
}
