import { classifySymbol, Dec } from '@bourse/shared';
import { formatMarketTime, formatMoney, formatPrice, trendOf } from './format.ts';

/**
 * How account figures read: amounts with the reader's separators, P&L with its sign, prices to
 * the exchange's tick. Values arrive as decimal strings and stay decimal until shown.
 */
export const money = (value: string): string => formatMoney(value);

/** An amount with its sign: "+1,234.50", "-5.01", "0.00". */
export function signedMoney(value: string): string {
  const trend = trendOf(value);
  const sign = trend === 'up' ? '+' : trend === 'down' ? '-' : '';
  return `${sign}${formatMoney(new Dec(value).abs())}`;
}

/** A fill or limit price as quoted: two decimals for stocks, three for funds, the reader's separator. */
export function tradePrice(value: string, symbol: string): string {
  return formatPrice(new Dec(value).toFixed(classifySymbol(symbol)?.kind === 'fund' ? 3 : 2));
}

/** P&L as a percent of cost with two decimals ("1.23" is 1.23%); null without a cost. */
export function pnlPercent(pnl: string, cost: string): string | null {
  const base = new Dec(cost);
  return base.isZero() ? null : new Dec(pnl).dividedBy(base).times(100).toFixed(2);
}

/** An ISO instant's time of day on the exchange's clock. */
export const timeOf = (iso: string): string => formatMarketTime(Date.parse(iso));

/** Shares with thousands separators. */
export const shares = (quantity: number): string => formatMoney(quantity, 0);
