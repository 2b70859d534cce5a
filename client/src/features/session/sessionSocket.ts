import type { SocketNamespace } from '@bourse/shared';
import { io, type Socket } from 'socket.io-client';
import { errorText } from '../../i18n/index.ts';
import { sessionRefused } from '../../lib/http/client.ts';
import type { NamespaceSocket } from '../../lib/namespaceSocket.ts';
import { refusalOf } from '../../lib/socketRefusal.ts';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { useSession } from './sessionStore.ts';

/** One socket per namespace for the whole app. */
const sockets = new Map<SocketNamespace, Socket>();

/**
 * The message to end the session with when a handshake is refused, if the refusal is of the
 * session (auth.*) that is still the current one: the server ended it (a logout or a password
 * change elsewhere, an expiry) and closed the socket, whose reconnect it then refused. A
 * refusal of an older token, sent before a new login, ends nothing.
 */
export function endedSession(error: unknown, sentToken: string, currentToken: string): string | undefined {
  const refusal = refusalOf(error);
  if (!refusal?.key.startsWith('auth.') || sentToken === '' || sentToken !== currentToken) return undefined;
  return refusal.message;
}

/**
 * The app's socket to a Socket.IO namespace of this origin, not yet connected: WebSocket first
 * (server replicas behind a balancer need no sticky sessions), polling if that fails. Features
 * on the same namespace share it (trading and messages both listen on /user): socket.io-client
 * would open a second connection for a second socket to one namespace. They connect and
 * disconnect it together, as both follow the session. The handshake reads the session's token
 * and language on every (re)connect, so a new login applies at the next connect and refusals
 * come back in the current language; a refusal of the session ends it here as a 401 does.
 */
export function sessionSocket<N extends SocketNamespace>(namespace: N): NamespaceSocket<N> {
  let socket = sockets.get(namespace);
  if (!socket) {
    let sentToken = '';
    socket = io(namespace, {
      autoConnect: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelayMax: 5_000,
      auth: (send) => {
        const { token, setting } = useSession.getState();
        sentToken = token;
        send({ token, lang: setting.lang.file_name });
      },
    });
    socket.on('connect_error', (error) => {
      const ended = endedSession(error, sentToken, useSession.getState().token);
      if (ended !== undefined) return sessionRefused(ended);
      const refusal = refusalOf(error);
      // Refused for another reason (too many connections): socket.io does not retry it, so say why.
      if (refusal && !refusal.key.startsWith('auth.')) toast.fail(errorText(refusal.key, refusal.params));
    });
    sockets.set(namespace, socket);
  }
  return socket;
}
