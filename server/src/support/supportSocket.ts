import { logger } from '@bourse/core/platform/logger.ts';
import { markRead, sendAsStaff, sendAsUser, syncAsStaff, syncAsUser } from '@bourse/core/support/chat.ts';
import { SUPPORT_DESK_ROOM } from '@bourse/core/support/publisher.ts';
import {
  type Ack,
  DomainError,
  isErrorKey,
  type Locale,
  SUPPORT_EVENTS,
  type SupportRequest,
  supportRequests,
  translateError,
} from '@bourse/shared';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppContext } from '../platform/appContext.ts';

/** Who the /user socket is, as its handshake read the session (a role change closes it: ADR 0016). */
export interface ChatSocketUser {
  userId: string;
  role: 'user' | 'admin';
}

type Payload<E extends SupportRequest> = z.output<(typeof supportRequests)[E]['payload']>;
type Handlers = {
  [E in SupportRequest]: (payload: Payload<E>) => Promise<z.output<(typeof supportRequests)[E]['reply']>>;
};

const DESK_REQUESTS: ReadonlySet<SupportRequest> = new Set([
  SUPPORT_EVENTS.deskSend,
  SUPPORT_EVENTS.deskSync,
  SUPPORT_EVENTS.deskRead,
]);

function parsePayload<E extends SupportRequest>(event: E, payload: unknown): Payload<E> {
  const result = supportRequests[event].payload.safeParse(payload);
  if (result.success) return result.data as Payload<E>;
  const key = result.error.issues[0]?.message;
  throw new DomainError(isErrorKey(key) ? key : 'support.badPayload');
}

function failure(err: unknown, locale: Locale): Ack<never> {
  if (!(err instanceof DomainError)) {
    logger.error({ err }, 'support: socket request failed');
    return failure(new DomainError('common.internal'), locale);
  }
  return { ok: false, error: { key: err.key, message: translateError(locale, err.key, err.params) } };
}

/**
 * The chat's requests on one /user socket. The user's (`support:*`) reach only their own
 * conversation, found by the socket's user; the desk's (`support:desk:*`) name a conversation
 * and are refused with common.forbidden unless the socket is staff's, whose socket also joins
 * the desk's room. Every payload is parsed here; a refused request writes nothing and its ack
 * says why.
 */
export function serveSupportRequests(
  socket: Socket,
  app: AppContext,
  who: ChatSocketUser,
  locale: Locale,
): void {
  const deps = app.services.support;
  const { userId } = who;
  if (who.role === 'admin') void socket.join(SUPPORT_DESK_ROOM);
  const handlers: Handlers = {
    [SUPPORT_EVENTS.send]: (p) => sendAsUser(deps, userId, locale, p.clientKey, { text: p.text }),
    [SUPPORT_EVENTS.sync]: (p) => syncAsUser(app.db, userId, p.afterSeq),
    [SUPPORT_EVENTS.read]: (p) => markRead(deps, { side: 'user', userId }, p.seq),
    [SUPPORT_EVENTS.deskSend]: (p) => sendAsStaff(deps, userId, p.conversationId, p.clientKey, p.text),
    [SUPPORT_EVENTS.deskSync]: (p) => syncAsStaff(app.db, p.conversationId, p.afterSeq),
    [SUPPORT_EVENTS.deskRead]: (p) =>
      markRead(deps, { side: 'staff', conversationId: p.conversationId }, p.seq),
  };
  for (const event of Object.keys(handlers) as SupportRequest[]) {
    socket.on(event, async (payload: unknown, ack?: unknown) => {
      let reply: Ack<unknown>;
      try {
        if (DESK_REQUESTS.has(event) && who.role !== 'admin') throw new DomainError('common.forbidden');
        const handle = handlers[event] as (p: unknown) => Promise<unknown>;
        reply = { ok: true, data: await handle(parsePayload(event, payload)) };
      } catch (err) {
        reply = failure(err, locale);
      }
      if (typeof ack === 'function') ack(reply);
    });
  }
}
