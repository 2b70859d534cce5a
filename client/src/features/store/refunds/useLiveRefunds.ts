import { type RefundView, USER_EVENTS, USER_NAMESPACE, userEventSchemas } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger.ts';
import { startInbox } from '../../messages/index.ts';
import { sessionSocket } from '../../session/index.ts';

/** Refunds as /user pushes them while the page is open, by id: each step lands without a reload. */
export function useLiveRefunds(): Record<string, RefundView> {
  const [pushed, setPushed] = useState<Record<string, RefundView>>({});
  // The /user socket connects with the inbox; a page opened first (from a link) starts it.
  useEffect(startInbox, []);
  useEffect(() => {
    const socket = sessionSocket(USER_NAMESPACE);
    const onRefund = (payload: unknown) => {
      const parsed = userEventSchemas.refund.safeParse(payload);
      if (!parsed.success) {
        logger.error('refunds: a refund event broke its contract; dropped', parsed.error.issues);
        return;
      }
      setPushed((p) => ({ ...p, [parsed.data.id]: parsed.data }));
    };
    socket.on(USER_EVENTS.refund, onRefund);
    return () => {
      socket.off(USER_EVENTS.refund, onRefund);
    };
  }, []);
  return pushed;
}
