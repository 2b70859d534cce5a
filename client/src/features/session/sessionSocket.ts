import { io, type Socket } from 'socket.io-client';
import { useSession } from './sessionStore.ts';

/**
 * A socket to a Socket.IO namespace of this origin, not yet connected: WebSocket first (server
 * replicas behind a balancer need no sticky sessions), polling if that fails. The handshake
 * reads the session's token and language on every (re)connect, so a new login applies at the
 * next connect and refusals come back in the current language.
 */
export function sessionSocket(namespace: string): Socket {
  return io(namespace, {
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelayMax: 5_000,
    auth: (send) => {
      const { token, setting } = useSession.getState();
      send({ token, lang: setting.lang.file_name });
    },
  });
}
