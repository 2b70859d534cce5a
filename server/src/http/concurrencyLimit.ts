import { DomainError } from '@bourse/shared';
import type { NextFunction, RequestHandler, Response } from 'express';

interface Waiting {
  res: Response;
  next: NextFunction;
}

/** One queue of the limit: its places and the requests waiting for one, in arrival order. */
class Lane {
  inProgress = 0;
  // A plain array: V8 takes from an array's front without copying it.
  readonly waiting: Waiting[] = [];

  constructor(readonly limit: number) {}
}

/**
 * Bounds the API requests this process works on at once; the others wait their turn in arrival
 * order. Urgent routes (a payment for units a buyer holds) have places of their own.
 *
 * Why: every request in progress takes its share of each turn of the event loop, and a request
 * waits a whole turn for each Redis or database answer. In a flash sale with hundreds of
 * refusals in progress a turn lasted about 100 ms, so an admitted buyer's checkout and payment,
 * some twenty round trips, took seconds. With few in progress a turn is short and every request
 * waits in a fair queue instead of in the loop. The payments' own places keep them from waiting
 * behind the refusals, and keep the refusals from waiting behind them: when payments jumped one
 * shared queue, the refusals stopped while the sale's hundred payments ran (ADR 0045).
 *
 * Past `maxWaiting` in its lane a request is refused at once with 503 common.unavailable: with
 * so many ahead of it, it would wait longer than a client waits for an answer.
 */
export class ConcurrencyLimit {
  /** The requests in progress, each with what gives its place back. */
  private readonly places = new WeakMap<Response, () => void>();
  private readonly normal: Lane;
  private readonly urgent: Lane;

  constructor(
    limit: number,
    private readonly maxWaiting: number,
    urgentLimit = limit,
  ) {
    this.normal = new Lane(limit);
    this.urgent = new Lane(urgentLimit);
  }

  /** Middleware that lets a request on when its lane has room, or queues it there. */
  admit(urgent: boolean): RequestHandler {
    const lane = urgent ? this.urgent : this.normal;
    return (_req, res, next) => {
      if (lane.inProgress < lane.limit) return this.start(lane, { res, next });
      if (lane.waiting.length >= this.maxWaiting) return next(new DomainError('common.unavailable'));
      lane.waiting.push({ res, next });
    };
  }

  private start(lane: Lane, { res, next }: Waiting): void {
    lane.inProgress++;
    let released = false;
    // 'finish' when the answer is handed to the socket; 'close' also when the client left first.
    const release = () => {
      if (released) return;
      released = true;
      lane.inProgress--;
      this.startWaiting(lane);
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

  /** Starts a lane's waiting requests while it has room; one whose client has gone is dropped. */
  private startWaiting(lane: Lane): void {
    while (lane.inProgress < lane.limit) {
      const waiting = lane.waiting.shift();
      if (!waiting) return;
      if (waiting.res.destroyed || waiting.res.socket?.destroyed !== false) continue;
      this.start(lane, waiting);
    }
  }
}
