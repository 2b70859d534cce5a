import { DomainError } from '@bourse/shared';

/** Orders taken in one transaction at most; more wait for the next batch. */
const MAX_BATCH = 200;
/**
 * Batches in flight at once per process: while one commits, the next reads the market and
 * waits for the locks, so the database is never idle between them.
 */
const MAX_IN_FLIGHT = 2;
/**
 * Requests waiting for a batch at most; past it one is refused at once (503). The order route
 * waits here, outside the server's request limit (ADR 0044), so this is its bound: at the few
 * hundred orders a second one process places, more would wait longer than a client waits for an
 * answer (10 s).
 */
export const MAX_WAITING_ORDERS = 4_000;

/** One request waiting for its answer. */
export interface Waiting<Answer> {
  userId: string;
  idempotencyKey: string;
  resolve(answer: Answer): void;
  reject(err: unknown): void;
}

/**
 * Group commit: the requests that reach this process while earlier batches are in flight wait
 * and go together to `placeBatch`, which answers each. A lone request goes on the next turn of
 * the event loop.
 */
export class OrderBatcher<Answer, Item extends Waiting<Answer>> {
  private queue: Item[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly placeBatch: (batch: readonly Item[]) => Promise<void>,
    private readonly maxWaiting = MAX_WAITING_ORDERS,
  ) {}

  /** Queues the request that `waiting` makes of the promise's settlers, or refuses it when too many wait. */
  add(waiting: (resolve: (answer: Answer) => void, reject: (err: unknown) => void) => Item): Promise<Answer> {
    if (this.queue.length >= this.maxWaiting) return Promise.reject(new DomainError('common.unavailable'));
    return new Promise((resolve, reject) => {
      this.queue.push(waiting(resolve, reject));
      // Requests read in the same turn of the event loop go together.
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      // A key twice in one batch: the later request waits for the next batch, where it meets the first's order.
      const batch: Item[] = [];
      const later: Item[] = [];
      const keys = new Set<string>();
      for (const item of this.queue) {
        const key = `${item.userId}\u0000${item.idempotencyKey}`;
        if (batch.length >= MAX_BATCH || keys.has(key)) later.push(item);
        else {
          keys.add(key);
          batch.push(item);
        }
      }
      this.queue = later;
      this.inFlight++;
      this.placeBatch(batch)
        .catch((err: unknown) => {
          for (const item of batch) item.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          this.flush();
        });
    }
  }
}
