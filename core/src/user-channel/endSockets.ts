import { USER_NAMESPACE, type UserServerToClient } from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { adapterKey, userRoom } from './userEvents.ts';

/** Every /user socket also joins the room of the session it was opened with. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Whose /user sockets to close: one session's, or all of a user's (but those of one session). */
export type SocketsOf = { sessionId: string } | { userId: string; exceptSessionId?: string };

export interface UserSockets {
  /**
   * Closes the sockets on every server replica. Never rejects: the session is already ended
   * in the database, and a socket Redis failed to reach is logged for the operator.
   */
  disconnect(whose: SocketsOf): Promise<void>;
}

/**
 * Ends /user sockets through the Socket.IO adapter's request channel in Redis, which every
 * replica hears (its own process included), so a process without a Socket.IO server, such as
 * the admin CLI, can end them too.
 */
export function redisUserSockets(redis: Redis, redisPrefix: string): UserSockets {
  return {
    async disconnect(whose) {
      const pipeline = redis.pipeline();
      const nsp = new Emitter<UserServerToClient>(pipeline, { key: adapterKey(redisPrefix) }).of(
        USER_NAMESPACE,
      );
      const target =
        'sessionId' in whose
          ? nsp.in(sessionRoom(whose.sessionId))
          : whose.exceptSessionId
            ? nsp.in(userRoom(whose.userId)).except(sessionRoom(whose.exceptSessionId))
            : nsp.in(userRoom(whose.userId));
      target.disconnectSockets(true);
      try {
        for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
      } catch (err) {
        logger.error({ err, whose }, 'user channel: sockets of an ended session not disconnected');
      }
    },
  };
}
