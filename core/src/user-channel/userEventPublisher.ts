import { USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { adapterKey, userRoom } from './userEvents.ts';

type UserEvent = keyof UserServerToClient;
type PayloadOf<E extends UserEvent> = Parameters<UserServerToClient[E]>[0];

/** Pushes one kind of committed change to its owner's /user sockets; never throws (the change is stored). */
export interface UserEventPublisher<E extends UserEvent> {
  publish(userId: string, payload: PayloadOf<E>): void;
}

/**
 * Emits `event` to the room `user:<id>` of /user through the Socket.IO Redis adapter's
 * channel, so it reaches the user's sockets on any server replica, from any process.
 */
export function redisUserEventPublisher<E extends UserEvent>(
  redis: Redis,
  redisPrefix: string,
  event: E,
): UserEventPublisher<E> {
  const emitter = new Emitter<UserServerToClient>(redis, { key: adapterKey(redisPrefix) }).of(USER_NAMESPACE);
  return {
    publish(userId, payload) {
      try {
        // The emitter's typing cannot follow a generic event name to its payload.
        (emitter.to(userRoom(userId)).emit as (event: E, payload: PayloadOf<E>) => void)(event, payload);
      } catch (err) {
        // A lost push costs the page a refresh, never the change.
        logger.warn({ err: (err as Error).message, event }, 'user channel: push not sent');
      }
    },
  };
}
