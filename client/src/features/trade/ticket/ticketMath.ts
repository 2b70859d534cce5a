import {
  acceptsOrders,
  type CageQuote,
  checkOrderPrice,
  checkOrderQuantity,
  checkPriceCage,
  classifySymbol,
  Dec,
  type ErrorKey,
  type ErrorParams,
  feeScheduleAt,
  fillFees,
  hasAfterHoursFixedPrice,
  type Instrument,
  type InstrumentKind,
  isDecimalString,
  type LotRule,
  lotRuleAt,
  type MarketPhase,
  type OrderType,
  oddLot,
  orderReserve,
  type Side,
  type TradeFees,
  tickSize,
  toMoneyString,
  tradeAmount,
} from '@bourse/shared';

/**
 * The order ticket's arithmetic, pure: the same shared rules and fee calculators the server
 * checks and freezes with, so the user sees a refusal before sending. The server stays the
 * authority; these only say what it would say.
 */

/** The quote fields the ticket reads. */
export interface TicketQuote {
  symbol: string;
  name: string;
  price: string;
  limitUp: string | null;
  limitDown: string | null;
  prevClose: string;
}

export type PriceLimits = { up: Dec; down: Dec } | null;

/**
 * The instrument as its quote describes it, read the way the server reads it: risk-warned
 * names start ST or *ST, and a quote without limits is a new listing's unbanded first days.
 */
export function instrumentOf(quote: TicketQuote): Instrument | undefined {
  const symbolClass = classifySymbol(quote.symbol);
  if (!symbolClass) return undefined;
  return {
    symbol: quote.symbol,
    ...symbolClass,
    isST: /^\*?ST/.test(quote.name),
    registrationIpo: quote.limitUp === null,
  };
}

export function limitsOf(quote: TicketQuote): PriceLimits {
  return quote.limitUp === null || quote.limitDown === null
    ? null
    : { up: new Dec(quote.limitUp), down: new Dec(quote.limitDown) };
}

/** A typed price as a decimal, or null while it is not a plain positive number. */
export function parsePrice(text: string): Dec | null {
  const trimmed = text.trim();
  if (!isDecimalString(trimmed)) return null;
  const price = new Dec(trimmed);
  return price.gt(0) ? price : null;
}

/** A price as the ticket shows it: two decimals for stocks, three for funds. */
export const priceText = (price: Dec, kind: InstrumentKind): string =>
  price.toFixed(tickSize(kind).decimalPlaces());

/**
 * One tick up or down from `price`; a price off the grid moves to the next grid point in that
 * direction. The result stays inside the day's limits (or above zero where there are none).
 */
export function stepPrice(price: Dec, direction: 1 | -1, kind: InstrumentKind, limits: PriceLimits): Dec {
  const tick = tickSize(kind);
  const ticks = price.dividedBy(tick);
  const next = ticks.isInteger() ? ticks.plus(direction) : direction > 0 ? ticks.ceil() : ticks.floor();
  const stepped = next.times(tick);
  const low = limits?.down ?? tick;
  if (stepped.lt(low)) return low;
  if (limits && stepped.gt(limits.up)) return limits.up;
  return stepped;
}

/** The quantities an order may have: the lot grid up to `max`, and for sells the odd lot with it. */
/** The worst price an order can fill at, which its frozen cash is counted at: the limit, or the band's edge. */
export function reservePriceOf(
  type: OrderType,
  side: Side,
  limit: Dec | null,
  limits: PriceLimits,
): Dec | null {
  if (type === 'limit') return limit;
  return limits && (side === 'buy' ? limits.up : limits.down);
}

export interface QuantityRange {
  lot: LotRule;
  max: number;
  /** Shares below one trading unit that a sell may only include whole (0: none). */
  odd: number;
}

export function quantityRange(args: {
  instrument: Instrument;
  tradingDate: string;
  side: Side;
  type: OrderType;
  sellable: number;
}): QuantityRange {
  const lot = lotRuleAt(args.instrument.board, args.tradingDate);
  const orderMax = args.type === 'limit' ? lot.maxLimit : lot.maxMarket;
  if (args.side === 'buy') return { lot, max: orderMax, odd: 0 };
  return { lot, max: Math.min(orderMax, args.sellable), odd: oddLot(args.sellable, lot) };
}

/** The smallest lot-grid quantity above `x`. */
function gridAbove(x: number, lot: LotRule): number {
  return x < lot.min ? lot.min : lot.min + (Math.floor((x - lot.min) / lot.step) + 1) * lot.step;
}

/** The largest lot-grid quantity at most `x`, or 0. */
function gridAtMost(x: number, lot: LotRule): number {
  return x < lot.min ? 0 : lot.min + Math.floor((x - lot.min) / lot.step) * lot.step;
}

/** The largest quantity of the range at most `x`, or 0 when there is none. */
export function validAtMost(x: number, range: QuantityRange): number {
  const cap = Math.min(Math.floor(x), range.max);
  const onGrid = gridAtMost(cap, range.lot);
  // The odd lot alone, or with whole units.
  const withOdd = range.odd > 0 && cap >= range.odd ? range.odd + gridAtMost(cap - range.odd, range.lot) : 0;
  return Math.max(onGrid, withOdd);
}

/** The next quantity of the range up or down from `quantity`; `quantity` itself when there is none. */
export function stepQuantity(quantity: number, direction: 1 | -1, range: QuantityRange): number {
  if (direction < 0) return validAtMost(quantity - 1, range) || quantity;
  const candidates = [gridAbove(quantity, range.lot)];
  if (range.odd > 0)
    candidates.push(
      quantity < range.odd ? range.odd : range.odd + gridAbove(quantity - range.odd, range.lot),
    );
  const next = Math.min(...candidates);
  return next <= range.max ? next : quantity;
}

/** The shortcuts under the quantity: all, 1/2, 1/3 and 1/4 of what can be bought or sold. */
export const SHORTCUTS = [
  { id: 'all', divisor: 1 },
  { id: 'half', divisor: 2 },
  { id: 'third', divisor: 3 },
  { id: 'quarter', divisor: 4 },
] as const;
export type ShortcutId = (typeof SHORTCUTS)[number]['id'];

/** A shortcut's quantity: the part of `capacity`, down to a quantity the rules accept (0: none). */
export function shortcutQuantity(capacity: number, divisor: number, range: QuantityRange): number {
  return validAtMost(Math.floor(capacity / divisor), range);
}

/**
 * The most shares `available` cash buys at `reservePrice` (the limit, or the limit-up price a
 * market buy is frozen at), fees included: the quantity whose frozen cash still fits.
 */
export function maxBuyable(args: {
  available: Dec;
  reservePrice: Dec;
  kind: InstrumentKind;
  tradingDate: string;
  range: QuantityRange;
}): number {
  const { available, reservePrice, kind, tradingDate, range } = args;
  if (!reservePrice.gt(0) || !available.gt(0)) return 0;
  const schedule = feeScheduleAt(tradingDate);
  const perShare = reservePrice.times(
    new Dec(1).plus(schedule.commissionRate).plus(schedule.transferFeeRate),
  );
  const terms = { side: 'buy', kind, tradingDate, reservePrice } as const;
  let quantity = validAtMost(available.dividedBy(perShare).floor().toNumber(), range);
  // The minimum commission can take a few shares more than the rates say.
  while (quantity > 0 && orderReserve(terms, new Dec(0), quantity).gt(available))
    quantity = validAtMost(quantity - 1, range);
  return quantity;
}

export interface Estimate {
  amount: Dec;
  fees: TradeFees;
  /** Cash a buy costs (amount plus fees) or a sell brings (amount less fees). */
  net: Dec;
}

/** The amount and fees of the order if it trades whole at `price`. */
export function estimate(args: {
  side: Side;
  kind: InstrumentKind;
  tradingDate: string;
  price: Dec;
  quantity: number;
}): Estimate {
  const amount = tradeAmount(args.price, args.quantity);
  // The fees the server charges: a sale's commission never exceeds what it brings.
  const fees = fillFees({ ...args, reservePrice: args.price }, new Dec(0), amount);
  return { amount, fees, net: args.side === 'buy' ? amount.plus(fees.total) : amount.minus(fees.total) };
}

export interface TicketProblem {
  key: ErrorKey;
  params?: ErrorParams;
}

export interface TicketInput {
  side: Side;
  type: OrderType;
  /** The price and quantity as typed. */
  price: string;
  quantity: string;
  quote: TicketQuote;
  instrument: Instrument;
  tradingDate: string;
  /** The market phase; null while unknown. */
  phase: MarketPhase | null;
  available: Dec;
  sellable: number;
  /** Marked for after-hours fixed-price trading at the close. */
  afterHours?: boolean;
  /** The five-level book, for the price cage of continuous trading; null until it arrives. */
  book?: Pick<CageQuote, 'bids' | 'asks'> | null;
}

/**
 * Whether the ticket offers after-hours fixed-price trading: where the board has it on the
 * date, before 15:30. From 15:05 every order is an after-hours one.
 */
export function afterHoursOffered(
  instrument: Instrument,
  tradingDate: string,
  phase: MarketPhase | null,
): boolean {
  return phase !== null && acceptsOrders(phase) && hasAfterHoursFixedPrice(instrument, tradingDate);
}

const problem = (key: ErrorKey, params?: ErrorParams): TicketProblem => (params ? { key, params } : { key });

/** The reason the server would refuse the order, checked in the order a user can fix them; null if none. */
export function ticketProblem(input: TicketInput): TicketProblem | null {
  const { side, type, quote, instrument, tradingDate, phase } = input;
  const limits = limitsOf(quote);
  const price = parsePrice(input.price);
  if (type === 'limit') {
    if (input.price.trim() === '') return problem('order.priceRequired');
    if (!price) return problem('order.priceInvalid');
    const check = checkOrderPrice({
      instrument,
      prevClose: new Dec(quote.prevClose),
      tradingDate,
      tradingDayIndex: instrument.registrationIpo ? 1 : undefined,
      price,
    });
    if (!check.ok) return problem(check.key, check.params);
    const afterHours = input.afterHours === true || phase === 'afterHoursFixed';
    if (phase === 'continuous' && !afterHours && input.book) {
      const cage = checkPriceCage({
        instrument,
        tradingDate,
        side,
        price,
        quote: { ...input.book, price: quote.price },
      });
      if (!cage.ok) return problem(cage.key, cage.params);
    }
  } else if (!limits) return problem('order.marketOrderNeedsBand');
  const reservePrice = reservePriceOf(type, side, price, limits);
  const quantity = /^\d{1,9}$/.test(input.quantity.trim()) ? Number(input.quantity.trim()) : Number.NaN;
  const quantityCheck = checkOrderQuantity({
    instrument,
    side,
    type,
    quantity,
    tradingDate,
    sellable: side === 'sell' ? input.sellable : undefined,
  });
  if (!quantityCheck.ok) return problem(quantityCheck.key, quantityCheck.params);
  if (side === 'buy' && reservePrice) {
    const needed = orderReserve(
      { side, kind: instrument.kind, tradingDate, reservePrice },
      new Dec(0),
      quantity,
    );
    if (needed.gt(input.available))
      return problem('order.insufficientCash', {
        needed: toMoneyString(needed),
        available: toMoneyString(input.available),
      });
  }
  if (phase === null || !acceptsOrders(phase)) return problem('order.marketClosed');
  const afterHours = input.afterHours === true || phase === 'afterHoursFixed';
  if (afterHours && !hasAfterHoursFixedPrice(instrument, tradingDate))
    return problem('order.afterHoursNotOffered');
  if (type === 'market' && (phase !== 'continuous' || afterHours))
    return problem('order.marketOrderContinuousOnly');
  return null;
}
