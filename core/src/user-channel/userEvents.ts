import { type FeedQuote, USER_EVENTS, USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { redisPushOutbox } from '../push/outbox.ts';
import type { Outbox } from '../trading/execution.ts';
import type { MarketView } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';
import { balanceView, fillView, orderView, positionView } from '../trading/views.ts';

export const userRoom = (userId: string) => `user:${userId}`;

/** The Socket.IO adapter's channel key: the emitter and every server replica must agree on it. */
export const adapterKey = (redisPrefix: string) => `${redisPrefix}socket.io`;

const lastBy = <T>(items: readonly T[], key: (item: T) => string) => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

/**
 * Emits to the room `user:<id>` of /user through the Socket.IO Redis adapter's channel, so the
 * user's sockets hear it on whichever server replica they are, from a server or a worker alike.
 * Outboxes published in the same turn of the event loop (a batch of orders, say) go out
 * together: one read of their positions' quotes and one Redis pipeline of every event. Their
 * messages (fills) are queued for Web Push too.
 */
export function redisUserEvents(redis: Redis, redisPrefix: string, market: MarketView): UserEventsPublisher {
  const key = adapterKey(redisPrefix);
  async function send(outs: readonly Outbox[]): Promise<void> {
    const held = outs.map((out) => lastBy(out.positions, (p) => p.symbol));
    const symbols = held.flatMap((positions) => positions.map((p) => p.symbol));
    const quotes = symbols.length > 0 ? await market.quotes(symbols) : new Map<string, FeedQuote>();
    const pipeline = redis.pipeline();
    const emitter = new Emitter<UserServerToClient>(pipeline, { key }).of(USER_NAMESPACE);
    outs.forEach((out, i) => {
      const room = emitter.to(userRoom(out.userId));
      for (const order of lastBy(out.orders, (o) => o.id)) room.emit(USER_EVENTS.order, orderView(order));
      for (const fill of out.fills) room.emit(USER_EVENTS.fill, fillView(fill));
      if (out.cash) room.emit(USER_EVENTS.balance, balanceView(out.cash, out.tradingDate));
      for (const { message } of out.messages) room.emit(USER_EVENTS.message, message);
      for (const p of held[i]!)
        room.emit(USER_EVENTS.position, positionView(p, quotes.get(p.symbol), out.tradingDate));
    });
    for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
  }
  const push = redisPushOutbox(redis, redisPrefix);
  let waiting: Outbox[] = [];
  return {
    publish(out) {
      push.add(out.messages);
      waiting.push(out);
      if (waiting.length > 1) return;
      setImmediate(() => {
        const outs = waiting;
        waiting = [];
        // The change is committed: a lost event costs a refresh on the client, never money.
        send(outs).catch((err: Error) => logger.warn({ err: err.message }, 'user channel: event not sent'));
      });
    },
  };
}
