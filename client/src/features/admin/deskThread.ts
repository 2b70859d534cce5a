import {
  SUPPORT_EVENTS,
  type SupportMessage,
  type SupportReceipt,
  supportEventSchemas,
} from '@bourse/shared';
import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger.ts';
import { askChat, chatSocket, mergeMessages, ThreadSync } from '../support/index.ts';

export interface DeskThread extends SupportReceipt {
  messages: SupportMessage[];
}

const EMPTY: DeskThread = { messages: [], userReadSeq: 0, staffReadSeq: 0 };

/**
 * The conversation open at the desk, kept whole over /user as the user's side is (ThreadSync),
 * with its read marks; the agent reads what they see, so new user messages are marked read.
 * `send` replies into it.
 */
export function useDeskThread(conversationId: string | null) {
  const [thread, setThread] = useState<DeskThread>(EMPTY);
  const [sync, setSync] = useState<{ sync: ThreadSync; id: string } | null>(null);
  useEffect(() => {
    setThread(EMPTY);
    if (!conversationId) return;
    const socket = chatSocket();
    let held: DeskThread = EMPTY;
    let live = true;
    // The agent reads what the open conversation shows while the page is visible: on every
    // change, and again when the page comes back into view.
    const markSeen = () => {
      const lastUserSeq = held.messages.findLast((m) => m.author === 'user')?.seq ?? 0;
      if (lastUserSeq > held.staffReadSeq && document.visibilityState === 'visible')
        askChat(socket, SUPPORT_EVENTS.deskRead, { conversationId, seq: lastUserSeq }).then(
          (receipt) => live && update({ ...held, ...receipt }),
          (error: unknown) => logger.warn('support desk: read mark not sent', error),
        );
    };
    const update = (next: DeskThread) => {
      held = next;
      setThread(next);
      markSeen();
    };
    const thread = new ThreadSync({
      held: () => held.messages,
      apply: ({ messages, userReadSeq, staffReadSeq }) =>
        update({
          messages: mergeMessages(held.messages, messages),
          userReadSeq: Math.max(held.userReadSeq, userReadSeq ?? 0),
          staffReadSeq: Math.max(held.staffReadSeq, staffReadSeq ?? 0),
        }),
      fetch: (afterSeq) => askChat(socket, SUPPORT_EVENTS.deskSync, { conversationId, afterSeq }),
      live: () => live,
      logger,
    });
    const onMessage = (payload: unknown) => {
      const parsed = supportEventSchemas[SUPPORT_EVENTS.deskMessage].safeParse(payload);
      if (live && parsed.success && parsed.data.conversationId === conversationId)
        thread.take(parsed.data.message);
    };
    const onReceipt = (payload: unknown) => {
      const parsed = supportEventSchemas[SUPPORT_EVENTS.deskReceipt].safeParse(payload);
      if (live && parsed.success && parsed.data.conversationId === conversationId)
        update({
          ...held,
          userReadSeq: Math.max(held.userReadSeq, parsed.data.userReadSeq),
          staffReadSeq: Math.max(held.staffReadSeq, parsed.data.staffReadSeq),
        });
    };
    const onConnect = () => void thread.resync();
    socket.on(SUPPORT_EVENTS.deskMessage, onMessage);
    socket.on(SUPPORT_EVENTS.deskReceipt, onReceipt);
    socket.on('connect', onConnect);
    document.addEventListener('visibilitychange', markSeen);
    setSync({ sync: thread, id: conversationId });
    void thread.resync();
    return () => {
      live = false;
      socket.off(SUPPORT_EVENTS.deskMessage, onMessage);
      socket.off(SUPPORT_EVENTS.deskReceipt, onReceipt);
      socket.off('connect', onConnect);
      document.removeEventListener('visibilitychange', markSeen);
    };
  }, [conversationId]);

  async function send(text: string): Promise<void> {
    if (!conversationId || sync?.id !== conversationId) return;
    const sent = await askChat(chatSocket(), SUPPORT_EVENTS.deskSend, {
      conversationId,
      text,
      clientKey: crypto.randomUUID(),
    });
    sync.sync.take(sent);
  }
  return { thread, send };
}

const DESK_EVENTS = [
  SUPPORT_EVENTS.deskMessage,
  SUPPORT_EVENTS.deskReceipt,
  SUPPORT_EVENTS.deskAssigned,
] as const;

/** Calls `changed` whenever the desk hears of any conversation (by default: a message, a receipt, an assignment). */
export function useDeskEvents(
  changed: () => void,
  events: readonly (typeof DESK_EVENTS)[number][] = DESK_EVENTS,
): void {
  useEffect(() => {
    const socket = chatSocket();
    for (const event of events) socket.on(event, changed);
    return () => {
      for (const event of events) socket.off(event, changed);
    };
  }, [changed, events]);
}
