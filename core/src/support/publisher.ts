import {
  type QueueItem,
  SUPPORT_EVENTS,
  type SupportMessage,
  type SupportReceipt,
  USER_NAMESPACE,
  type UserServerToClient,
} from '@bourse/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { adapterKey, userRoom } from '../user-channel/userEvents.ts';

/** Every staff socket of /user joins this room (admins only, at the handshake). */
export const SUPPORT_DESK_ROOM = 'support:desk';

/** Pushes the chat's committed changes to the user's sockets and the desk's; never throws. */
export interface SupportPublisher {
  message(userId: string, conversationId: string, message: SupportMessage): void;
  receipt(userId: string, conversationId: string, receipt: SupportReceipt): void;
  assigned(conversationId: string, agent: QueueItem['agent']): void;
}

/**
 * Emits through the Socket.IO Redis adapter's channel, so the events reach the sockets on any
 * server replica. A lost event costs nothing: the client asks for what follows its last seq
 * when it sees a gap or reconnects.
 */
export function redisSupportPublisher(redis: Redis, redisPrefix: string): SupportPublisher {
  const nsp = new Emitter<UserServerToClient>(redis, { key: adapterKey(redisPrefix) }).of(USER_NAMESPACE);
  const send = (what: string, emit: () => void) => {
    try {
      emit();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, `support: ${what} not pushed`);
    }
  };
  return {
    message(userId, conversationId, message) {
      send('message', () => {
        nsp.to(userRoom(userId)).emit(SUPPORT_EVENTS.message, message);
        nsp.to(SUPPORT_DESK_ROOM).emit(SUPPORT_EVENTS.deskMessage, { conversationId, message });
      });
    },
    receipt(userId, conversationId, receipt) {
      send('receipt', () => {
        nsp.to(userRoom(userId)).emit(SUPPORT_EVENTS.receipt, receipt);
        nsp.to(SUPPORT_DESK_ROOM).emit(SUPPORT_EVENTS.deskReceipt, { conversationId, ...receipt });
      });
    },
    assigned(conversationId, agent) {
      send('assignment', () =>
        nsp.to(SUPPORT_DESK_ROOM).emit(SUPPORT_EVENTS.deskAssigned, { conversationId, agent }),
      );
    },
  };
}
