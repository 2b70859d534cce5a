import { USER_EVENTS, USER_NAMESPACE } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import type { Outbox } from '../trading/execution.ts';
import type { MarketView } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/tradingDeps.ts';
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
 */
export function redisUserEvents(redis: Redis, redisPrefix: string, market: MarketView): UserEventsPublisher {
  const emitter = new Emitter(redis, { key: adapterKey(redisPrefix) }).of(USER_NAMESPACE);
  async function send(out: Outbox): Promise<void> {
    const room = emitter.to(userRoom(out.userId));
    for (const order of lastBy(out.orders, (o) => o.id)) room.emit(USER_EVENTS.order, orderView(order));
    for (const fill of out.fills) room.emit(USER_EVENTS.fill, fillView(fill));
    if (out.cash) room.emit(USER_EVENTS.balance, balanceView(out.cash, out.tradingDate));
    for (const { message } of out.messages) room.emit(USER_EVENTS.message, message);
    const held = lastBy(out.positions, (p) => p.symbol);
    if (held.length === 0) return;
    const quotes = await market.quotes(held.map((p) => p.symbol));
    for (const p of held)
      room.emit(USER_EVENTS.position, positionView(p, quotes.get(p.symbol), out.tradingDate));
  }
  return {
    publish(out) {
      // The change is committed: a lost event costs a refresh on the client, never money.
      send(out).catch((err: Error) => logger.warn({ err: err.message }, 'user channel: event not sent'));
    },
  };
}
