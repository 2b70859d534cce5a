import {
  type Balance,
  type ClosedPosition,
  Dec,
  type FeedQuote,
  type FillView,
  type OrderView,
  type PositionView,
  toMoneyString,
  valuePosition,
} from '@bourse/shared';
import { type UserCash, withdrawable } from '../ledger/ledger.ts';
import { marketAtText } from '../market/marketClock.ts';
import { type FillRow, type OrderRow, onDay, type PositionRow, sellableQuantity } from './execution.ts';
import type { positionHistory } from './schema.ts';

/** Prices leave as stored: two decimals for stocks, three for funds. */
const priceString = (value: string, kind: OrderRow['kind']) =>
  new Dec(value).toFixed(kind === 'fund' ? 3 : 2);

export function orderView(o: OrderRow): OrderView {
  const filled = new Dec(o.filledAmount);
  return {
    id: o.id,
    symbol: o.symbol,
    name: o.name,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : priceString(o.price, o.kind),
    quantity: o.quantity,
    filledQuantity: o.filledQuantity,
    filledAmount: toMoneyString(filled),
    averagePrice: o.filledQuantity > 0 ? filled.dividedBy(o.filledQuantity).toFixed(3) : null,
    fees: toMoneyString(o.fees),
    frozenCash: toMoneyString(o.frozenCash),
    status: o.status,
    cancelReason: o.cancelReason,
    session: o.session,
    tradingDate: o.tradingDate,
    createdAt: o.createdAt.toISOString(),
    marketAt: marketAtText(o),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function fillView(f: FillRow): FillView {
  return {
    id: f.id,
    orderId: f.orderId,
    symbol: f.symbol,
    side: f.side,
    price: new Dec(f.price).toFixed(3),
    quantity: f.quantity,
    amount: toMoneyString(f.amount),
    commission: toMoneyString(f.commission),
    stampDuty: toMoneyString(f.stampDuty),
    transferFee: toMoneyString(f.transferFee),
    tradingDate: f.tradingDate,
    createdAt: f.createdAt.toISOString(),
    marketAt: marketAtText(f),
  };
}

/** A position valued at the quote's last price; a closed one (quantity 0) values at zero. */
export function positionView(
  row: PositionRow,
  quote: FeedQuote | undefined,
  tradingDate: string,
): PositionView {
  const p = onDay(row, tradingDate);
  const price = quote ? new Dec(quote.price) : null;
  const value = valuePosition(
    {
      quantity: p.quantity,
      cost: new Dec(p.cost),
      dayOpenQuantity: p.dayOpenQuantity,
      dayBuyAmount: new Dec(p.dayBuyAmount),
      daySellAmount: new Dec(p.daySellAmount),
      dayFees: new Dec(p.dayFees),
    },
    price,
    quote ? new Dec(quote.prevClose) : null,
  );
  return {
    symbol: p.symbol,
    name: p.name,
    quantity: p.quantity,
    sellableQuantity: sellableQuantity(p, tradingDate),
    cost: toMoneyString(p.cost),
    averageCost: value.averageCost.toFixed(3),
    price: quote ? quote.price : null,
    marketValue: toMoneyString(value.marketValue),
    floatingPnl: toMoneyString(value.floatingPnl),
    todayPnl: toMoneyString(value.todayPnl),
    realisedPnl: toMoneyString(p.realisedPnl),
    openedAt: p.openedAt.toISOString(),
  };
}

export function closedPositionView(h: typeof positionHistory.$inferSelect): ClosedPosition {
  return {
    id: h.id,
    symbol: h.symbol,
    name: h.name,
    buyQuantity: h.buyQuantity,
    buyAmount: toMoneyString(h.buyAmount),
    sellAmount: toMoneyString(h.sellAmount),
    fees: toMoneyString(h.fees),
    realisedPnl: toMoneyString(h.realisedPnl),
    openedAt: h.openedAt.toISOString(),
    closedAt: h.closedAt.toISOString(),
    closedMarketAt: marketAtText({ marketAt: h.marketAt, createdAt: h.closedAt }),
    closedTradingDate: h.closedTradingDate,
  };
}

export function balanceView(cash: UserCash, tradingDate: string): Balance {
  return {
    available: toMoneyString(cash.available.balance),
    frozen: toMoneyString(cash.frozen.balance),
    withdrawable: toMoneyString(withdrawable(cash, tradingDate)),
  };
}
