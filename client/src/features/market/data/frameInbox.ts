import type {
  Book,
  IndexQuoteUpdate,
  MarketBreadth,
  QuoteSnapshot,
  QuoteUpdate,
  RankEvent,
  TradeTick,
} from '@bourse/shared';
import { emptyBatch, type MarketBatch } from './marketStore.ts';
import { isStale } from './sequence.ts';

/** When to flush: the next animation frame in the browser, a manual step in tests. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

const isSnapshot = (q: QuoteSnapshot | QuoteUpdate): q is QuoteSnapshot => 'name' in q;

/**
 * Buffers socket messages and hands them to `apply` at most once per animation frame, as one
 * batch: a symbol that ticks five times in a frame costs one merge and one render. Quotes are
 * conflated per symbol (the latest wins, a snapshot's names and limits are kept); trade ticks
 * accumulate.
 */
export class FrameInbox {
  private batch: MarketBatch = emptyBatch();
  private handle: number | null = null;

  constructor(
    private readonly apply: (batch: MarketBatch) => void,
    private readonly scheduler: FrameScheduler = animationFrames,
  ) {}

  quote(incoming: QuoteSnapshot | QuoteUpdate): void {
    const pending = this.batch.quotes.get(incoming.symbol);
    let next: QuoteSnapshot | QuoteUpdate = incoming;
    if (pending) {
      if (isStale(incoming, pending)) {
        // An older snapshot still brings the name and limits the pending update lacks.
        if (!isSnapshot(incoming) || isSnapshot(pending)) return;
        next = { ...incoming, ...pending };
      } else if (isSnapshot(pending) && !isSnapshot(incoming)) {
        next = { ...pending, ...incoming };
      }
    }
    this.batch.quotes.set(incoming.symbol, next);
    this.schedule();
  }

  book(book: Book): void {
    const pending = this.batch.books.get(book.symbol);
    if (pending && isStale(book, pending)) return;
    this.batch.books.set(book.symbol, book);
    this.schedule();
  }

  trades(symbol: string, ticks: readonly TradeTick[]): void {
    if (ticks.length === 0) return;
    const pending = this.batch.trades.get(symbol);
    if (pending) pending.push(...ticks);
    else this.batch.trades.set(symbol, [...ticks]);
    this.schedule();
  }

  rank(event: RankEvent): void {
    const pending = this.batch.ranks.get(event.list);
    if (pending && isStale(event, pending)) return;
    this.batch.ranks.set(event.list, event);
    this.schedule();
  }

  index(quote: IndexQuoteUpdate): void {
    const pending = this.batch.indices.get(quote.symbol);
    if (pending && isStale(quote, pending)) return;
    this.batch.indices.set(quote.symbol, quote);
    this.schedule();
  }

  breadth(breadth: MarketBreadth): void {
    this.batch.breadth = breadth;
    this.schedule();
  }

  /** Applies what is buffered now (tests, and before a teardown). */
  flush(): void {
    if (this.handle !== null) this.scheduler.cancel(this.handle);
    this.handle = null;
    const batch = this.batch;
    this.batch = emptyBatch();
    const size =
      batch.quotes.size + batch.books.size + batch.trades.size + batch.ranks.size + batch.indices.size;
    if (size > 0 || batch.breadth) this.apply(batch);
  }

  /** Forgets what is buffered: used when a resubscribe will bring fresh snapshots anyway. */
  discard(): void {
    if (this.handle !== null) this.scheduler.cancel(this.handle);
    this.handle = null;
    this.batch = emptyBatch();
  }

  private schedule(): void {
    if (this.handle !== null) return;
    this.handle = this.scheduler.request(() => {
      this.handle = null;
      this.flush();
    });
  }
}
