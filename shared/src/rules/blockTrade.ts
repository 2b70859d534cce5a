import { Dec } from '../money.ts';
import type { Exchange } from './instruments.ts';
import { bandAround, type PriceLimitArgs, priceLimits } from './prices.ts';
import { inForce, type Versioned } from './versioned.ts';

export interface BlockTradeRule extends Versioned {
  /** A block trade needs at least this many shares… */
  readonly shares: number;
  /** …or at least this amount, CNY. */
  readonly amount: Dec;
  /** Price range around the previous close for a stock with no band that day. */
  readonly noBandRange: Dec;
}

// A-share minimums, in force at least since the 2023 rulebook revisions (SSE/SZSE) and since BSE opened.
export const BLOCK_TRADE_RULES: Record<Exchange, readonly BlockTradeRule[]> = {
  SSE: [
    { effectiveFrom: '2023-02-17', shares: 300_000, amount: new Dec(2_000_000), noBandRange: new Dec('0.3') },
  ],
  SZSE: [
    { effectiveFrom: '2023-02-17', shares: 300_000, amount: new Dec(2_000_000), noBandRange: new Dec('0.3') },
  ],
  BSE: [
    { effectiveFrom: '2021-11-15', shares: 100_000, amount: new Dec(1_000_000), noBandRange: new Dec('0.3') },
  ],
};

export function blockTradeMinimum(exchange: Exchange, tradingDate: string): { shares: number; amount: Dec } {
  const { shares, amount } = inForce(BLOCK_TRADE_RULES[exchange], tradingDate, 'block trade');
  return { shares, amount };
}

/** Either threshold is enough. */
export function meetsBlockTradeMinimum(args: {
  exchange: Exchange;
  tradingDate: string;
  quantity: number;
  amount: Dec;
}): boolean {
  const minimum = blockTradeMinimum(args.exchange, args.tradingDate);
  return args.quantity >= minimum.shares || args.amount.gte(minimum.amount);
}

/** The prices a block trade may be agreed at: the day's band, or ±30% of the previous close where there is none. */
export function blockTradePriceRange(args: PriceLimitArgs): { up: Dec; down: Dec } {
  const { instrument, prevClose, tradingDate } = args;
  const { noBandRange } = inForce(BLOCK_TRADE_RULES[instrument.exchange], tradingDate, 'block trade');
  return priceLimits(args) ?? bandAround(prevClose, noBandRange, instrument.kind);
}
