import type { ErrorKey, ErrorParams } from '../errors.ts';
import type { Dec } from '../money.ts';
import type { Board, Instrument } from './instruments.ts';
import { isOnTickGrid, type PriceLimitArgs, priceLimits, tickSize } from './prices.ts';
import { inForce, type Versioned } from './versioned.ts';

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/** A rule check: ok, or the i18n key (and parameters) of the reason it fails. */
export type RuleCheck = { ok: true } | { ok: false; key: ErrorKey; params?: ErrorParams };

export interface LotRule extends Versioned {
  /** Smallest order. */
  readonly min: number;
  /** Orders above the minimum grow in steps of this many shares. */
  readonly step: number;
  readonly maxLimit: number;
  readonly maxMarket: number;
}

export const LOT_RULES: Record<Board, readonly LotRule[]> = {
  // In force at least since the 2023 rulebook revisions; older history not encoded.
  main: [{ effectiveFrom: '2023-02-17', min: 100, step: 100, maxLimit: 1_000_000, maxMarket: 1_000_000 }],
  chinext: [{ effectiveFrom: '2020-08-24', min: 100, step: 100, maxLimit: 300_000, maxMarket: 150_000 }],
  star: [{ effectiveFrom: '2019-07-22', min: 200, step: 1, maxLimit: 100_000, maxMarket: 50_000 }],
  bse: [{ effectiveFrom: '2021-11-15', min: 100, step: 1, maxLimit: 1_000_000, maxMarket: 1_000_000 }],
};

const OK: RuleCheck = { ok: true };

function fail(key: ErrorKey, params?: ErrorParams): RuleCheck {
  return params ? { ok: false, key, params } : { ok: false, key };
}

function onGrid(quantity: number, lot: LotRule): boolean {
  return quantity >= lot.min && quantity % lot.step === 0;
}

function gridCheck(quantity: number, lot: LotRule): RuleCheck {
  if (quantity < lot.min) return fail('order.belowMinimum', { min: lot.min });
  if (quantity % lot.step !== 0) return fail('order.lotMultiple', { lot: lot.step });
  return OK;
}

/** The lot rule of a board on a trading date: what an order ticket steps and checks by. */
export function lotRuleAt(board: Board, tradingDate: string): LotRule {
  return inForce(LOT_RULES[board], tradingDate, 'lot');
}

/** The part of a holding below one trading unit, which may only be sold in one piece. */
export function oddLot(holding: number, lot: LotRule): number {
  return holding < lot.min ? holding : holding % lot.step;
}

export interface OrderQuantityArgs {
  instrument: Instrument;
  side: Side;
  type: OrderType;
  quantity: number;
  /** Shares the account can sell now; without it an odd lot cannot be recognised and is refused. */
  sellable?: number;
  tradingDate: string;
}

/** Lot size, per-order maximum and the odd-lot rule for sells. */
export function checkOrderQuantity(args: OrderQuantityArgs): RuleCheck {
  const { instrument, side, type, quantity, sellable, tradingDate } = args;
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return fail('order.quantityInvalid');
  const lot = lotRuleAt(instrument.board, tradingDate);
  const max = type === 'limit' ? lot.maxLimit : lot.maxMarket;
  if (quantity > max) return fail('order.aboveMaximum', { max });
  if (side === 'buy' || sellable === undefined) return gridCheck(quantity, lot);
  if (quantity > sellable) return fail('order.exceedsSellable', { sellable });
  const odd = oddLot(sellable, lot);
  if (odd === 0) return gridCheck(quantity, lot);
  // The odd part goes alone or together with whole units.
  const rest = quantity - odd;
  if (onGrid(quantity, lot) || rest === 0 || (rest > 0 && onGrid(rest, lot))) return OK;
  return fail('order.oddLotSellWhole', { odd });
}

/** A limit price: positive, on the tick grid and inside the day's band. */
export function checkOrderPrice(args: PriceLimitArgs & { price: Dec }): RuleCheck {
  const { price, instrument } = args;
  if (!price.isFinite() || price.lte(0)) return fail('order.priceInvalid');
  const tick = tickSize(instrument.kind);
  if (!isOnTickGrid(price, instrument.kind)) return fail('order.priceOffTick', { tick: tick.toString() });
  const limits = priceLimits(args);
  if (!limits) return OK;
  const places = tick.decimalPlaces();
  if (price.gt(limits.up)) return fail('order.priceAboveLimit', { up: limits.up.toFixed(places) });
  if (price.lt(limits.down)) return fail('order.priceBelowLimit', { down: limits.down.toFixed(places) });
  return OK;
}
