import { Dec } from '../money.ts';
import { exchangeCalendar, type TradingCalendar } from './calendar.ts';
import { addDays, addMonths } from './dates.ts';
import type { Exchange } from './instruments.ts';
import { inForce, type Versioned } from './versioned.ts';

/** Online IPO subscription on SSE and SZSE (quota by market value of holdings; BSE works differently). */
export interface IpoRule extends Versioned {
  /** Average holdings needed to take part, CNY, counted separately per exchange. */
  readonly minHoldingValue: Dec;
  /** Each full step of this much holding value earns one unit. */
  readonly valuePerUnit: Dec;
  readonly unitShares: number;
  /** An order may not exceed this share of the online tranche. */
  readonly trancheCap: Dec;
  /** One lottery number per this many shares subscribed. */
  readonly sharesPerNumber: number;
  /** Trading days over which holdings are averaged, ending on T-2. */
  readonly holdingDays: number;
  /** Abandoning this many allotments within `abandonWindowMonths` bars subscription for `barDays` calendar days. */
  readonly abandonLimit: number;
  readonly abandonWindowMonths: number;
  readonly barDays: number;
}

export const IPO_RULES: readonly IpoRule[] = [
  // SSE and SZSE online issuance rules as revised for full registration (SSE main board moved from 1,000 shares per 10,000 CNY)
  {
    effectiveFrom: '2023-02-17',
    minHoldingValue: new Dec(10_000),
    valuePerUnit: new Dec(5_000),
    unitShares: 500,
    trancheCap: new Dec('0.001'),
    sharesPerNumber: 500,
    holdingDays: 20,
    abandonLimit: 3,
    abandonWindowMonths: 12,
    barDays: 180,
  },
];

export function ipoRulesAt(tradingDate: string): IpoRule {
  return inForce(IPO_RULES, tradingDate, 'IPO');
}

function quotaRule(exchange: Exchange, tradingDate: string): IpoRule {
  if (exchange === 'BSE')
    throw new RangeError('BSE IPOs are subscribed with cash, not by holding-value quota');
  return ipoRulesAt(tradingDate);
}

/** Subscription units an investor may order on one exchange: 0 below 10,000 CNY, then one per 5,000 CNY. */
export function ipoQuotaUnits(args: {
  averageHoldingValue: Dec;
  exchange: Exchange;
  tradingDate: string;
}): number {
  const rule = quotaRule(args.exchange, args.tradingDate);
  if (args.averageHoldingValue.lt(rule.minHoldingValue)) return 0;
  return args.averageHoldingValue.div(rule.valuePerUnit).floor().toNumber();
}

/** The most shares any one investor may subscribe: 1/1000 of the online tranche, in whole units. */
export function ipoTrancheCapShares(args: {
  exchange: Exchange;
  tradingDate: string;
  onlineTrancheShares: number;
}): number {
  const rule = quotaRule(args.exchange, args.tradingDate);
  return (
    rule.trancheCap.times(args.onlineTrancheShares).div(rule.unitShares).floor().toNumber() * rule.unitShares
  );
}

/** The most shares one investor may subscribe: the holding quota, capped at 1/1000 of the online tranche. */
export function ipoMaxShares(args: {
  averageHoldingValue: Dec;
  exchange: Exchange;
  tradingDate: string;
  onlineTrancheShares: number;
}): number {
  const rule = quotaRule(args.exchange, args.tradingDate);
  return Math.min(ipoQuotaUnits(args) * rule.unitShares, ipoTrancheCapShares(args));
}

/** The trading days (inclusive) whose holdings are averaged for a subscription on `subscriptionDate` (T). */
export function ipoHoldingWindow(
  subscriptionDate: string,
  calendar: TradingCalendar = exchangeCalendar,
): { from: string; to: string } {
  const to = calendar.addTradingDays(subscriptionDate, -2);
  return { from: calendar.addTradingDays(to, 1 - ipoRulesAt(subscriptionDate).holdingDays), to };
}

/** T: subscribe (nothing frozen, first order counts); T+1: numbers and lottery; T+2: results, pay by 16:00. */
export function ipoSchedule(
  subscriptionDate: string,
  calendar: TradingCalendar = exchangeCalendar,
): { subscription: string; lottery: string; payment: string } {
  return {
    subscription: subscriptionDate,
    lottery: calendar.addTradingDays(subscriptionDate, 1),
    payment: calendar.addTradingDays(subscriptionDate, 2),
  };
}

/** Clock time (Asia/Shanghai) by which an allotment must be paid on the payment day. */
export const IPO_PAYMENT_CUTOFF = '16:00';

/**
 * The last day of the latest subscription bar earned by the given abandon dates, or undefined.
 * The bar runs from the day after the abandon that completes the count, for `barDays` calendar days.
 */
export function ipoBarredThrough(abandonDates: readonly string[], tradingDate: string): string | undefined {
  const rule = ipoRulesAt(tradingDate);
  const sorted = [...abandonDates].sort();
  let through: string | undefined;
  for (let i = rule.abandonLimit - 1; i < sorted.length; i++) {
    const first = sorted[i + 1 - rule.abandonLimit]!;
    const last = sorted[i]!;
    if (last < addMonths(first, rule.abandonWindowMonths)) through = addDays(last, rule.barDays);
  }
  return through;
}
