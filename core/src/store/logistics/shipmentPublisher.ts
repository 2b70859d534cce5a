import { type ShipmentView, USER_EVENTS, USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../../platform/logger.ts';
import { adapterKey, userRoom } from '../../user-channel/userEvents.ts';

/** Pushes a committed shipment to its owner's /user sockets; never throws (the shipment is stored). */
export interface ShipmentPublisher {
  publish(userId: string, shipment: ShipmentView): void;
}

/** Emits `shipment` to the room `user:<id>` of /user through the Socket.IO Redis adapter, from any process. */
export function redisShipmentPublisher(redis: Redis, redisPrefix: string): ShipmentPublisher {
  const emitter = new Emitter<UserServerToClient>(redis, { key: adapterKey(redisPrefix) }).of(USER_NAMESPACE);
  return {
    publish(userId, shipment) {
      try {
        emitter.to(userRoom(userId)).emit(USER_EVENTS.shipment, shipment);
      } catch (err) {
        // A lost push costs the page a refresh, never the event.
        logger.warn({ err: (err as Error).message }, 'logistics: push not sent');
      }
    },
  };
}
