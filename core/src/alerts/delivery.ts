import { USER_EVENTS, USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { ThrottledWarning } from '../platform/throttledWarning.ts';
import { redisPushOutbox } from '../push/outbox.ts';
import { adapterKey, userRoom } from '../user-channel/userEvents.ts';
import type { ClaimedFiring } from './claim.ts';

/**
 * One way of telling users that their alerts fired. The evaluator hands every claimed firing to
 * each channel once; a channel never throws (the firing is claimed and its inbox message stored
 * already).
 */
export interface AlertChannel {
  deliver(firings: readonly ClaimedFiring[]): Promise<void>;
}

/**
 * The in-app channel: the `priceAlert` event (the banner) and the inbox `message` event to the
 * room `user:<id>` of /user, through the Socket.IO Redis adapter's channel, in one pipeline.
 */
export function socketAlertChannel(redis: Redis, redisPrefix: string): AlertChannel {
  const failed = new ThrottledWarning('alerts: socket events not sent');
  return {
    async deliver(firings) {
      const pipeline = redis.pipeline();
      const emitter = new Emitter<UserServerToClient>(pipeline, { key: adapterKey(redisPrefix) }).of(
        USER_NAMESPACE,
      );
      for (const { userId, event, message } of firings) {
        const room = emitter.to(userRoom(userId));
        room.emit(USER_EVENTS.priceAlert, event);
        room.emit(USER_EVENTS.message, message.message);
      }
      try {
        for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
      } catch (err) {
        // A lost banner costs nothing lasting: the message is in the inbox.
        failed.warn({ err: (err as Error).message, firings: firings.length });
      }
    },
  };
}

/** Web Push: each firing's inbox message is queued for the push worker (docs/adr/0031-web-push.md). */
export function pushAlertChannel(redis: Redis, redisPrefix: string): AlertChannel {
  const push = redisPushOutbox(redis, redisPrefix);
  return {
    async deliver(firings) {
      push.add(firings.map((firing) => firing.message));
    },
  };
}
