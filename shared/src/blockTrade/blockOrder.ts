import type { ErrorKey, ErrorParams } from '../errors.ts';
import { Dec } from '../money.ts';
import { blockTradeMinimum, blockTradePriceRange } from '../rules/blockTrade.ts';
import { type TradeFees, tradeFees } from '../rules/fees.ts';
import type { Instrument } from '../rules/instruments.ts';
import { lotRuleAt, type RuleCheck, type Side } from '../rules/orders.ts';
import { isOnTickGrid, tickSize } from '../rules/prices.ts';
import type { MarketPhase } from '../rules/sessions.ts';
import { tradeAmount } from '../trading/orderCash.ts';

/**
 * Block trades (大宗交易) as pure rules: what the entry form checks as the user types and the
 * server checks again before it freezes anything. Two kinds: `intraday`, a price agreed inside
 * the day's range during trading hours, and `afterHours`, the fixed-price trade at the close.
 */
export const BLOCK_TRADE_KINDS = ['intraday', 'afterHours'] as const;
export type BlockTradeKind = (typeof BLOCK_TRADE_KINDS)[number];
/** Why the settlement batch refused an order: no counterparty at its terms. */
export const BLOCK_REFUSAL_REASONS = ['noCounterparty', 'priceNotAccepted'] as const;
export type BlockRefusalReason = (typeof BLOCK_REFUSAL_REASONS)[number];

/**
 * Intraday orders are taken from 9:30 to 15:30 outside the lunch break (SSE/SZSE negotiated
 * block trades); after-hours fixed-price orders 15:05–15:30, once the close is known.
 */
const KIND_PHASES: Record<BlockTradeKind, readonly MarketPhase[]> = {
  intraday: ['continuous', 'closingCall', 'postClose', 'afterHoursFixed'],
  afterHours: ['afterHoursFixed'],
};

export function blockTradeOpen(kind: BlockTradeKind, phase: MarketPhase | null): boolean {
  return phase !== null && KIND_PHASES[kind].includes(phase);
}

const OK: RuleCheck = { ok: true };
const fail = (key: ErrorKey, params?: ErrorParams): RuleCheck =>
  params ? { ok: false, key, params } : { ok: false, key };

export interface BlockOrderArgs {
  instrument: Instrument;
  kind: BlockTradeKind;
  side: Side;
  price: Dec;
  quantity: number;
  tradingDate: string;
  phase: MarketPhase | null;
  prevClose: Dec;
  /** The day's close (the last price once trading ended): the only after-hours price. */
  close: Dec;
  /** No band on this day (a registration-based listing's first days): ±30% of the previous close applies. */
  unbanded: boolean;
  /** For sells: the shares the account can sell now. */
  sellable?: number;
}

/** Session, price (tick, range, the close after hours), lots, the board's minimum and, for sells, the holding. */
export function checkBlockOrder(args: BlockOrderArgs): RuleCheck {
  const { instrument, kind, side, price, quantity, tradingDate } = args;
  if (!blockTradeOpen(kind, args.phase)) {
    return fail(kind === 'afterHours' ? 'blockTrade.afterHoursClosed' : 'blockTrade.closed');
  }
  if (!price.isFinite() || price.lte(0)) return fail('order.priceInvalid');
  const tick = tickSize(instrument.kind);
  const places = tick.decimalPlaces();
  if (!isOnTickGrid(price, instrument.kind)) return fail('order.priceOffTick', { tick: tick.toString() });
  if (kind === 'afterHours') {
    if (!price.eq(args.close))
      return fail('blockTrade.afterHoursAtClose', { close: args.close.toFixed(places) });
  } else {
    const range = blockTradePriceRange({
      instrument,
      prevClose: args.prevClose,
      tradingDate,
      tradingDayIndex: args.unbanded ? 1 : undefined,
    });
    if (price.gt(range.up)) return fail('blockTrade.priceAboveRange', { up: range.up.toFixed(places) });
    if (price.lt(range.down)) return fail('blockTrade.priceBelowRange', { down: range.down.toFixed(places) });
  }
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return fail('order.quantityInvalid');
  const lot = lotRuleAt(instrument.board, tradingDate);
  if (side === 'sell' && quantity > (args.sellable ?? 0)) {
    return fail('order.exceedsSellable', { sellable: args.sellable ?? 0 });
  }
  // A sell of the whole holding may end in an odd lot; anything else keeps to the board's lots.
  const wholeHolding = side === 'sell' && quantity === args.sellable;
  if (!wholeHolding && quantity % lot.step !== 0) return fail('order.lotMultiple', { lot: lot.step });
  const minimum = blockTradeMinimum(instrument.exchange, tradingDate);
  const amount = tradeAmount(price, quantity);
  if (quantity < minimum.shares && amount.lt(minimum.amount)) {
    return fail('blockTrade.belowMinimum', {
      shares: minimum.shares,
      amount: minimum.amount.toFixed(0),
    });
  }
  return OK;
}

export interface BlockOrderCash {
  /** price × quantity, to the cent. */
  amount: Dec;
  fees: TradeFees;
  /** What placing the order freezes: a buy's amount and fees; a sell freezes shares, not cash. */
  frozen: Dec;
  /** The cash the trade moves when it settles: out for a buy (negative), in for a sell. */
  cashFlow: Dec;
}

/** The cash of one block trade; the fees are the shared schedule's for one trade of the whole amount. */
export function blockOrderCash(args: {
  side: Side;
  price: Dec;
  quantity: number;
  tradingDate: string;
  kind: Instrument['kind'];
}): BlockOrderCash {
  const amount = tradeAmount(args.price, args.quantity);
  const fees = tradeFees({ side: args.side, amount, tradingDate: args.tradingDate, kind: args.kind });
  const buy = args.side === 'buy';
  return {
    amount,
    fees,
    frozen: buy ? amount.plus(fees.total) : new Dec(0),
    cashFlow: buy ? amount.plus(fees.total).negated() : amount.minus(fees.total),
  };
}
