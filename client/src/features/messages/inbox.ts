import { USER_NAMESPACE } from '@bourse/shared';
import { logger } from '../../lib/logger.ts';
import type { UserSocket } from '../../lib/namespaceSocket.ts';
import { sessionSocket, useSession } from '../session/index.ts';
import { MessageChannel } from './messageChannel.ts';
import { initialMessageState, useMessageStore } from './messageStore.ts';
import { fetchUnreadCount } from './messagesApi.ts';

// The /user socket is shared with the trading channel (see sessionSocket).
const browserSocket = (): UserSocket => sessionSocket(USER_NAMESPACE);

/** Counts the unread; a failure leaves the last count (the badge is not worth a toast). */
export function recountUnread(): void {
  fetchUnreadCount().then(
    ({ unread }) => useMessageStore.getState().setUnread(unread),
    (error: unknown) => logger.warn('messages: unread count not loaded', error),
  );
}

let createSocket: () => UserSocket = browserSocket;
let channel: MessageChannel | undefined;
let unsubscribe: (() => void) | undefined;

/** Starts listening for the user's messages (once per app); it follows login and logout. */
export function startInbox(): void {
  if (channel) return;
  const made = new MessageChannel({
    createSocket,
    receive: (message) => useMessageStore.getState().receive(message),
    recount: recountUnread,
    reset: () => useMessageStore.getState().reset(),
    logger,
  });
  channel = made;
  made.bind(useSession.getState().token);
  unsubscribe = useSession.subscribe((session) => made.bind(session.token));
}

/** Tests: sockets come from `factory` and the next startInbox() starts afresh. */
export function resetInbox(factory: () => UserSocket): void {
  unsubscribe?.();
  channel?.bind('');
  channel = undefined;
  createSocket = factory;
  useMessageStore.setState(initialMessageState());
}
