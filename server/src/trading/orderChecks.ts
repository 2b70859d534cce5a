import {
  acceptsOrders,
  checkOrderPrice,
  checkOrderQuantity,
  classifySymbol,
  Dec,
  DomainError,
  type FeedQuote,
  type Instrument,
  type MarketStatus,
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
  /** Continuous trading: a marketable order fills at once against the book. In a call auction it waits. */
  matchNow: boolean;
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
 * trading a marketable order fills at once; in a call auction (9:15–9:25, 14:57–15:00) and
 * 9:25–9:30 it rests, and fills when the auction's print trades through it. Market orders
 * exist in continuous trading only, as on the exchanges. After-hours fixed-price trading is
 * not offered.
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
  if (phase === 'afterHoursFixed') throw new DomainError('order.afterHoursNotOffered');
  const { tradingDate } = status;
  let price: Dec | null = null;
  let reservePrice: Dec;
  if (type === 'market') {
    if (phase !== 'continuous') throw new DomainError('order.marketOrderContinuousOnly');
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
    matchNow: phase === 'continuous',
  };
}
