import { USER_EVENTS, USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { redisPushOutbox } from '../push/outbox.ts';
import { adapterKey, userRoom } from '../user-channel/userEvents.ts';
import type { SentMessage } from './notify.ts';

/** Pushes committed messages to their users' sockets; never throws (the message is stored already). */
export interface MessagePublisher {
  publish(sent: SentMessage | readonly SentMessage[]): void;
}

/**
 * Emits `message` to the room `user:<id>` of /user through the Socket.IO Redis adapter's
 * channel, so it reaches the user's sockets on any server replica, from a server or a worker,
 * and queues the messages of pushed kinds for Web Push (docs/adr/0031-web-push.md).
 */
export function redisMessagePublisher(redis: Redis, redisPrefix: string): MessagePublisher {
  const emitter = new Emitter<UserServerToClient>(redis, { key: adapterKey(redisPrefix) }).of(USER_NAMESPACE);
  const push = redisPushOutbox(redis, redisPrefix);
  return {
    publish(sent) {
      const batch: readonly SentMessage[] = 'userId' in sent ? [sent] : sent;
      push.add(batch);
      for (const { userId, message } of batch) {
        try {
          emitter.to(userRoom(userId)).emit(USER_EVENTS.message, message);
        } catch (err) {
          // A lost push costs a refresh of the list, never the message.
          logger.warn({ err: (err as Error).message }, 'messages: push not sent');
        }
      }
    },
  };
}
