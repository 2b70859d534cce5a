import { Dec, roundCent } from '../money.ts';
import { type TradeFees, tradeFees } from '../rules/fees.ts';
import type { InstrumentKind } from '../rules/instruments.ts';
import type { Side } from '../rules/orders.ts';

/**
 * The cash of one order, as pure functions of what it has filled so far. The client's ticket
 * estimates with the same functions the server freezes and charges with.
 */
export interface OrderTerms {
  side: Side;
  kind: InstrumentKind;
  tradingDate: string;
  /** The worst price a fill can have: the limit, or the band's edge for a market order. */
  reservePrice: Dec;
}

const ZERO_FEES: TradeFees = {
  commission: new Dec(0),
  stampDuty: new Dec(0),
  transferFee: new Dec(0),
  total: new Dec(0),
};

/** The traded amount of a fill, to the cent. */
export function tradeAmount(price: Dec, quantity: number): Dec {
  return roundCent(price.times(quantity));
}

/**
 * A sale's commission never takes more than the proceeds leave after stamp duty and transfer
 * fee: selling never costs cash (docs/domain-rules.md, "Fees on tiny sales").
 */
function capCommission(fees: TradeFees, proceeds: Dec): TradeFees {
  const excess = fees.total.minus(proceeds);
  if (!excess.gt(0)) return fees;
  const commission = Dec.max(0, fees.commission.minus(excess));
  return { ...fees, commission, total: commission.plus(fees.stampDuty).plus(fees.transferFee) };
}

function feesOn(terms: OrderTerms, amount: Dec): TradeFees {
  if (amount.isZero()) return ZERO_FEES;
  const fees = tradeFees({ ...terms, amount });
  return terms.side === 'sell' ? capCommission(fees, amount) : fees;
}

/**
 * The fees of a fill that takes the order's traded amount from `before` to `after`. Fees are
 * charged on the order's cumulative amount, so the 5 CNY minimum commission is due once per
 * order (as brokers charge it), not once per partial fill, and the fills' fees add up to the
 * fees of one trade of the order's whole amount.
 */
export function fillFees(terms: OrderTerms, before: Dec, after: Dec): TradeFees {
  const [a, b] = [feesOn(terms, before), feesOn(terms, after)];
  const fees = {
    commission: b.commission.minus(a.commission),
    stampDuty: b.stampDuty.minus(a.stampDuty),
    transferFee: b.transferFee.minus(a.transferFee),
    total: b.total.minus(a.total),
  };
  // Rounding can make a sale of a few fen cost a fen more than it brings; its commission gives way.
  return terms.side === 'sell' ? capCommission(fees, after.minus(before)) : fees;
}

/**
 * Cash an open order keeps frozen so that no fill can take the available cash below zero.
 *
 * A buy needs the rest at the reserve price plus the fees that completing it can add.
 * A sell needs nothing: every fill's fees come out of its own proceeds (capCommission).
 */
export function orderReserve(terms: OrderTerms, filledAmount: Dec, remaining: number): Dec {
  if (remaining === 0 || terms.side === 'sell') return new Dec(0);
  const rest = tradeAmount(terms.reservePrice, remaining);
  return rest.plus(fillFees(terms, filledAmount, filledAmount.plus(rest)).total);
}

/** A fill's effect on the user's cash: traded amount, fees, and the change of the order's reserve. */
export interface FillCash {
  amount: Dec;
  fees: TradeFees;
  /** Cash in (sell) or out (buy, negative) of the user's accounts in total. */
  cashFlow: Dec;
  /** The order's frozen cash after the fill. */
  reserveAfter: Dec;
}

export function fillCash(
  terms: OrderTerms,
  order: { filledAmount: Dec; remaining: number },
  fill: { price: Dec; quantity: number },
): FillCash {
  const amount = tradeAmount(fill.price, fill.quantity);
  const after = order.filledAmount.plus(amount);
  const fees = fillFees(terms, order.filledAmount, after);
  const cashFlow = terms.side === 'buy' ? amount.plus(fees.total).negated() : amount.minus(fees.total);
  return {
    amount,
    fees,
    cashFlow,
    reserveAfter: orderReserve(terms, after, order.remaining - fill.quantity),
  };
}
