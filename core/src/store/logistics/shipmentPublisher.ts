import type { Redis } from 'ioredis';
import { redisUserEventPublisher, type UserEventPublisher } from '../../user-channel/userEventPublisher.ts';

/** Pushes a committed shipment to its owner's /user sockets; never throws (the shipment is stored). */
export type ShipmentPublisher = UserEventPublisher<'shipment'>;

/** Emits `shipment` to the room `user:<id>` of /user through the Socket.IO Redis adapter, from any process. */
export const redisShipmentPublisher = (redis: Redis, redisPrefix: string): ShipmentPublisher =>
  redisUserEventPublisher(redis, redisPrefix, 'shipment');
