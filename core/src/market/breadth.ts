import type { FeedQuote, MarketBreadth } from '@bourse/shared';

type Trend = 'up' | 'flat' | 'down';
type Limit = 'limitUp' | 'limitDown';

/** What one stock adds to the counts. */
interface Standing {
  trend: Trend;
  limit: Limit | null;
}

type Counts = Record<Trend | Limit, number>;

/** The sign of a plain decimal string, exactly ("-0.00" is 0). */
function signOf(decimal: string): number {
  if (!/[1-9]/.test(decimal)) return 0;
  return decimal.startsWith('-') ? -1 : 1;
}

/**
 * Where a stock stands on the day. Without a trade today (suspended, or not yet traded) it is
 * flat whatever its change says; sealed at a limit means traded and priced at the limit, the
 * rule of the limitUp and limitDown lists.
 */
export function standingOf(q: Pick<FeedQuote, 'pct' | 'open' | 'price' | 'limitUp' | 'limitDown'>): Standing {
  if (q.open === null) return { trend: 'flat', limit: null };
  const sign = signOf(q.pct);
  return {
    trend: sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat',
    limit: q.price === q.limitUp ? 'limitUp' : q.price === q.limitDown ? 'limitDown' : null,
  };
}

const noCounts = (): Counts => ({ up: 0, flat: 0, down: 0, limitUp: 0, limitDown: 0 });

/**
 * The market breadth kept as quotes arrive instead of recounted from 5,000 quotes each publish.
 * Each stock's standing is kept, so a new quote takes back exactly what its previous one added
 * and the counts cannot drift; a reload starts again from what it loaded.
 */
export class BreadthCounter {
  private readonly standings = new Map<string, Standing>();
  private counts = noCounts();
  private newestTs = 0;

  /**
   * Counts the quotes in order, each replacing its symbol's previous one; true when a count
   * differs afterwards (a stock that moves and moves back within the batch changes nothing).
   */
  update(quotes: Iterable<FeedQuote>): boolean {
    const before = { ...this.counts };
    for (const quote of quotes) {
      this.newestTs = Math.max(this.newestTs, quote.ts);
      const next = standingOf(quote);
      const previous = this.standings.get(quote.symbol);
      if (previous?.trend === next.trend && previous.limit === next.limit) continue;
      if (previous) this.add(previous, -1);
      this.add(next, 1);
      this.standings.set(quote.symbol, next);
    }
    return this.differsFrom(before);
  }

  /** Counts these quotes and nothing else (a reload replaced them all); true when a count changed. */
  reset(quotes: Iterable<FeedQuote>): boolean {
    const before = this.counts;
    this.standings.clear();
    this.counts = noCounts();
    this.newestTs = 0;
    this.update(quotes);
    return this.differsFrom(before);
  }

  get breadth(): MarketBreadth {
    return { ...this.counts, total: this.standings.size, ts: this.newestTs };
  }

  private differsFrom(counts: Counts): boolean {
    return (Object.keys(counts) as (keyof Counts)[]).some((key) => counts[key] !== this.counts[key]);
  }

  private add(standing: Standing, delta: number): void {
    this.counts[standing.trend] += delta;
    if (standing.limit) this.counts[standing.limit] += delta;
  }
}
