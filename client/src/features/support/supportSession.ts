import { USER_NAMESPACE } from '@bourse/shared';
import { logger } from '../../lib/logger.ts';
import { sessionSocket, useSession } from '../session/index.ts';
import type { ChatSocket } from './chatRequests.ts';
import { fetchSupportSummary } from './supportApi.ts';
import { SupportChannel } from './supportChannel.ts';
import { initialSupportState, useSupportStore } from './supportStore.ts';

// The /user socket is shared with the trading and message channels (see sessionSocket). Its
// emit is typed per request; askChat emits any request with its payload checked by the request's
// schema and reads the ack as unknown, which the typed emit cannot express for a generic request.
const browserSocket = (): ChatSocket => sessionSocket(USER_NAMESPACE) as unknown as ChatSocket;

/** Counts the unread for Me's badge; a failure leaves the last count (not worth a toast). */
function recount(): void {
  fetchSupportSummary().then(
    ({ unread }) => useSupportStore.getState().setSummaryUnread(unread),
    (error: unknown) => logger.warn('support: unread count not loaded', error),
  );
}

let createSocket: () => ChatSocket = browserSocket;
let channel: SupportChannel | undefined;
let unsubscribe: (() => void) | undefined;

/** The app's one chat channel, started on first use; it follows login and logout. */
export function supportChannel(): SupportChannel {
  if (channel) return channel;
  const made = new SupportChannel({
    createSocket,
    state: () => useSupportStore.getState(),
    recount,
    unheard: () => {
      const { summaryUnread, setSummaryUnread } = useSupportStore.getState();
      setSummaryUnread(summaryUnread + 1);
    },
    logger,
  });
  channel = made;
  made.bind(useSession.getState().token);
  unsubscribe = useSession.subscribe((session) => made.bind(session.token));
  return made;
}

/** Tests: sockets come from `factory` and the next supportChannel() starts afresh. */
export function resetSupport(factory: () => ChatSocket): void {
  unsubscribe?.();
  channel?.bind('');
  channel = undefined;
  createSocket = factory;
  useSupportStore.setState(initialSupportState());
}

/** The chat's socket for the desk, connected and following the session as the user's chat does. */
export function chatSocket(): ChatSocket {
  supportChannel();
  return createSocket();
}
