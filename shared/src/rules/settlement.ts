import { exchangeCalendar, type TradingCalendar } from './calendar.ts';
import { inForce, type Versioned } from './versioned.ts';

export interface SettlementRule extends Versioned {
  /** Trading days after the buy before shares can be sold. */
  readonly sharesSellableAfter: number;
  /** Trading days after a sale before its cash can be withdrawn (it can buy at once). */
  readonly cashWithdrawableAfter: number;
}

/** A-share T+1 since 1995-01-01. */
export const SETTLEMENT_RULES: readonly SettlementRule[] = [
  { effectiveFrom: '1995-01-01', sharesSellableAfter: 1, cashWithdrawableAfter: 1 },
];

/** The first trading day on which shares bought on `buyDate` can be sold. */
export function sellableFrom(buyDate: string, calendar: TradingCalendar = exchangeCalendar): string {
  return calendar.addTradingDays(
    buyDate,
    inForce(SETTLEMENT_RULES, buyDate, 'settlement').sharesSellableAfter,
  );
}

/** The first trading day on which cash from a sale on `saleDate` can leave the account. */
export function cashWithdrawableFrom(saleDate: string, calendar: TradingCalendar = exchangeCalendar): string {
  return calendar.addTradingDays(
    saleDate,
    inForce(SETTLEMENT_RULES, saleDate, 'settlement').cashWithdrawableAfter,
  );
}
