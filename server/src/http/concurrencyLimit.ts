import { DomainError } from '@bourse/shared';
import type { NextFunction, RequestHandler, Response } from 'express';

interface Waiting {
  res: Response;
  next: NextFunction;
}

/**
 * Bounds the API requests this process works on at once; the others wait their turn in arrival
 * order, and an urgent route's requests (a payment for units a buyer holds) wait ahead of them.
 *
 * Why: every request in progress takes its share of each turn of the event loop, and a request
 * waits a whole turn for each Redis or database answer. In a flash sale with hundreds of
 * refusals in progress a turn lasted about 100 ms, so an admitted buyer's checkout and payment,
 * some twenty round trips, took seconds. With few in progress a turn is short, every request
 * waits in one fair queue instead of in the loop, and a paying buyer goes first.
 *
 * Past `maxWaiting` a request is refused at once with 503 common.unavailable: with so many
 * ahead of it, it would wait longer than a client waits for an answer.
 */
export class ConcurrencyLimit {
  private inProgress = 0;
  /** The requests in progress, each with what gives its place back. */
  private readonly places = new WeakMap<Response, () => void>();
  // Plain arrays: V8 takes from an array's front without copying it.
  private readonly urgent: Waiting[] = [];
  private readonly normal: Waiting[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  /** Middleware that lets a request on when there is room, or queues it. */
  admit(urgent: boolean): RequestHandler {
    return (_req, res, next) => {
      if (this.inProgress < this.limit) return this.start({ res, next });
      if (this.urgent.length + this.normal.length >= this.maxWaiting)
        return next(new DomainError('common.unavailable'));
      (urgent ? this.urgent : this.normal).push({ res, next });
    };
  }

  private start({ res, next }: Waiting): void {
    this.inProgress++;
    let released = false;
    // 'finish' when the answer is handed to the socket; 'close' also when the client left first.
    const release = () => {
      if (released) return;
      released = true;
      this.inProgress--;
      this.startWaiting();
    };
    this.places.set(res, release);
    res.once('finish', release);
    res.once('close', release);
    next();
  }

  /**
   * Gives a request's place to the next one while it goes on: for work whose number is bounded
   * by something else, such as checkouts the stock gate admitted. No-op for a request without one.
   */
  leave(res: Response): void {
    this.places.get(res)?.();
  }

  /** Starts waiting requests while there is room; one whose client has gone is dropped. */
  private startWaiting(): void {
    while (this.inProgress < this.limit) {
      const waiting = this.urgent.shift() ?? this.normal.shift();
      if (!waiting) return;
      if (waiting.res.destroyed || waiting.res.socket?.destroyed !== false) continue;
      this.start(waiting);
    }
  }
}
