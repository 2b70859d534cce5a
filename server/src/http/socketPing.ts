import {
  type Ack,
  type Locale,
  type ServerClock,
  SOCKET_PING,
  socketPing,
  translateError,
} from '@bourse/shared';

/** The part of a namespace's socket the ping needs: both /market and /user sockets fit it. */
interface PingedSocket {
  on(event: typeof SOCKET_PING, listener: (payload: unknown, ack?: unknown) => void): unknown;
}

/** The server's clock now, or common.validation for a payload that is not the ping's. */
export function pingReply(payload: unknown, locale: Locale, now = Date.now()): Ack<ServerClock> {
  if (!socketPing.payload.safeParse(payload).success) {
    return {
      ok: false,
      error: { key: 'common.validation', message: translateError(locale, 'common.validation') },
    };
  }
  return { ok: true, data: { serverTime: now } };
}

/** Answers the connection check's pings on a socket of any namespace; a ping without an ack gets nothing back. */
export function answerPings(socket: PingedSocket, locale: Locale): void {
  socket.on(SOCKET_PING, (payload, ack) => {
    if (typeof ack === 'function') ack(pingReply(payload, locale));
  });
}
