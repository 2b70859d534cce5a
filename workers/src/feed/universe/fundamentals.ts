/**
 * The simulated fundamentals a stock page shows beside the price: earnings per share over the
 * last twelve months, from which the client derives the P/E (price / EPS). Drawn from a stream
 * of the symbol's own, so adding them left every other draw of the universe as it was, and a
 * listing gets the same EPS in every process and on every day.
 */
import { Rng } from '../rng.ts';
import type { Listing } from './universe.ts';

/** Median trailing P/E by kind of company, near the 2025 market's. */
const MEDIAN_PE = { bank: 6, main: 22, growth: 45 } as const;

/** A share of the market reports a loss over the last year; ST names mostly do. */
const LOSS_CHANCE = { st: 0.7, other: 0.12 } as const;

/** Trailing EPS in CNY, four decimals, negative for a loss-making company; '0.0000' never comes out. */
export function simulatedEps(
  listing: Pick<Listing, 'symbol' | 'board' | 'sector' | 'isST' | 'prevCloseCents'>,
): string {
  const rng = new Rng(`fundamentals/${listing.symbol}`);
  const price = listing.prevCloseCents / 100;
  const loss = rng.chance(listing.isST ? LOSS_CHANCE.st : LOSS_CHANCE.other);
  const median =
    listing.sector === 'bank'
      ? MEDIAN_PE.bank
      : listing.board === 'chinext' || listing.board === 'star'
        ? MEDIAN_PE.growth
        : MEDIAN_PE.main;
  // A loss is a fraction of the price; a profit a price over a log-normal P/E (4 to 400).
  const eps = loss
    ? -price * rng.between(0.01, 0.15)
    : price / Math.min(400, Math.max(4, median * Math.exp(0.6 * rng.normal())));
  const rounded = Math.round(eps * 10_000) / 10_000;
  const nonZero = rounded === 0 ? (loss ? -0.0001 : 0.0001) : rounded;
  return nonZero.toFixed(4);
}
