import { io, type Socket } from 'socket.io-client';
import { useSession } from './sessionStore.ts';

/** One socket per namespace for the whole app. */
const sockets = new Map<string, Socket>();

/**
 * The app's socket to a Socket.IO namespace of this origin, not yet connected: WebSocket first
 * (server replicas behind a balancer need no sticky sessions), polling if that fails. Features
 * on the same namespace share it (trading and messages both listen on /user): socket.io-client
 * would open a second connection for a second socket to one namespace. They connect and
 * disconnect it together, as both follow the session. The handshake reads the session's token
 * and language on every (re)connect, so a new login applies at the next connect and refusals
 * come back in the current language.
 */
export function sessionSocket(namespace: string): Socket {
  let socket = sockets.get(namespace);
  if (!socket) {
    socket = io(namespace, {
      autoConnect: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelayMax: 5_000,
      auth: (send) => {
        const { token, setting } = useSession.getState();
        send({ token, lang: setting.lang.file_name });
      },
    });
    sockets.set(namespace, socket);
  }
  return socket;
}
