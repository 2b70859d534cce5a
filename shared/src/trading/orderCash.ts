import { Dec, roundCent } from '../money.ts';
import { feeScheduleAt, type TradeFees, tradeFees } from '../rules/fees.ts';
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

function feesOn(terms: OrderTerms, amount: Dec): TradeFees {
  return amount.isZero() ? ZERO_FEES : tradeFees({ ...terms, amount });
}

/**
 * The fees of a fill that takes the order's traded amount from `before` to `after`. Fees are
 * charged on the order's cumulative amount, so the 5 CNY minimum commission is due once per
 * order (as brokers charge it), not once per partial fill, and the fills' fees add up to the
 * fees of one trade of the order's whole amount.
 */
export function fillFees(terms: OrderTerms, before: Dec, after: Dec): TradeFees {
  const [a, b] = [feesOn(terms, before), feesOn(terms, after)];
  return {
    commission: b.commission.minus(a.commission),
    stampDuty: b.stampDuty.minus(a.stampDuty),
    transferFee: b.transferFee.minus(a.transferFee),
    total: b.total.minus(a.total),
  };
}

/**
 * Cash an open order keeps frozen so that no fill can take the available cash below zero.
 *
 * A buy needs the rest at the reserve price plus the fees that completing it can add.
 * A sell receives cash, except that a first fill too small to pay the minimum commission
 * costs more than it brings: the reserve covers that worst case (a 1-share fill at the
 * reserve price, fees at their rates plus half a cent of rounding each), less what the
 * order's cumulative net proceeds already cover.
 */
export function orderReserve(terms: OrderTerms, filledAmount: Dec, remaining: number): Dec {
  if (remaining === 0) return new Dec(0);
  if (terms.side === 'buy') {
    const rest = tradeAmount(terms.reservePrice, remaining);
    return rest.plus(fillFees(terms, filledAmount, filledAmount.plus(rest)).total);
  }
  const schedule = feeScheduleAt(terms.tradingDate);
  const rates = terms.kind === 'stock' ? schedule.stampDutyRate.plus(schedule.transferFeeRate) : new Dec(0);
  const worstFirstFill = schedule.commissionMin
    .plus('0.015')
    .minus(terms.reservePrice.times(new Dec(1).minus(rates)));
  const reserve = Dec.max(0, worstFirstFill).toDecimalPlaces(2, Dec.ROUND_UP);
  const deficit = Dec.max(0, feesOn(terms, filledAmount).total.minus(filledAmount));
  return Dec.max(0, reserve.minus(deficit));
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
