import { readSession } from '@bourse/core/accounts/sessions.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import type { PositionRow } from '@bourse/core/trading/execution.ts';
import { tradingDateOf } from '@bourse/core/trading/marketView.ts';
import { positions } from '@bourse/core/trading/schema.ts';
import { positionView } from '@bourse/core/trading/views.ts';
import { sessionRoom } from '@bourse/core/user-channel/endSockets.ts';
import { userRoom } from '@bourse/core/user-channel/userEvents.ts';
import {
  DomainError,
  USER_EVENTS,
  USER_NAMESPACE,
  type UserClientToServer,
  type UserServerToClient,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { DefaultEventsMap, Namespace, Server, Socket } from 'socket.io';
import { answerPings } from '../http/socketPing.ts';
import { refusal, socketLocale } from '../http/socketRefusal.ts';
import type { AppContext } from '../platform/appContext.ts';
import type { ConnectionCaps } from '../platform/connectionCaps.ts';
import { serveSupportRequests } from '../support/supportSocket.ts';

/** How often held positions are revalued from the quotes that changed. */
const VALUATION_MS = 1_000;

interface UserSocketData {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  /** When the session expires, ms since the epoch: the socket closes then. */
  expiresAt: number;
  /** The user's open positions, reloaded after each of their order events. */
  positions: PositionRow[];
}

/** /user typed by the shared event maps: the client sends pings and the chat's requests, the server its user's events. */
type UserNamespace = Namespace<UserClientToServer, UserServerToClient, DefaultEventsMap, UserSocketData>;
type UserSocket = Socket<UserClientToServer, UserServerToClient, DefaultEventsMap, UserSocketData>;

const handshakeToken = (socket: Socket): string | undefined => {
  const token: unknown = socket.handshake.auth?.token;
  return typeof token === 'string' ? token : undefined;
};

/**
 * Namespace /user: a socket needs a live session token in `auth.token` and joins the room
 * `user:<id>`, which is all it hears. Order, fill, balance and position events reach the room
 * through the Redis adapter from whichever process made the change; between fills, this
 * process revalues the positions of its own sockets as their quotes move. The socket lives no
 * longer than its session: it also joins `session:<id>`, which logout, a password change and
 * a role change close on every replica (endSockets.ts), and it closes itself at expiry.
 * The customer-service chat's requests come in on it too (support/supportSocket.ts).
 */
export function attachUserChannel(io: Server, app: AppContext, caps: ConnectionCaps): { close(): void } {
  const nsp: UserNamespace = io.of(USER_NAMESPACE);
  nsp.use(async (socket, next) => {
    try {
      const { session, expiresAt } = await readSession(app.db, handshakeToken(socket));
      const refused = await caps.perSession(socket, session.id);
      if (refused) return next(refused);
      socket.data = {
        userId: session.userId,
        sessionId: session.id,
        role: session.role,
        expiresAt: expiresAt.getTime(),
        positions: [],
      } satisfies UserSocketData;
      next();
    } catch (err) {
      next(refusal(err, socketLocale(socket)));
    }
  });

  async function reload(socket: UserSocket): Promise<void> {
    socket.data.positions = await app.db
      .select()
      .from(positions)
      .where(eq(positions.userId, socket.data.userId));
  }
  const reloadQuietly = (socket: UserSocket) =>
    reload(socket).catch((err: Error) =>
      logger.warn({ err: err.message }, 'user channel: positions not loaded'),
    );

  nsp.on('connection', (socket) => {
    const { userId, sessionId, expiresAt, role } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    answerPings(socket, socketLocale(socket));
    serveSupportRequests(socket, app, { userId, role }, socketLocale(socket));
    // Sessions last days, well within a timer's range (24.8 days).
    const expiry = setTimeout(() => socket.disconnect(true), expiresAt - Date.now());
    socket.on('disconnect', () => clearTimeout(expiry));
    // A revocation committed after the handshake read the session but before the rooms were
    // joined was sent to nobody: read it again, now that any later one reaches this socket.
    readSession(app.db, handshakeToken(socket)).catch((err: unknown) => {
      if (!(err instanceof DomainError)) logger.warn({ err }, 'user channel: session not read again');
      socket.disconnect(true);
    });
    void reloadQuietly(socket);
    // Every change of a position comes with an order event.
    socket.onAnyOutgoing((event: string) => {
      if (event === USER_EVENTS.order) void reloadQuietly(socket);
    });
  });

  const moved = new Set<string>();
  const unlisten = app.market.listen({
    quotes: (symbols) => {
      for (const s of symbols) moved.add(s);
    },
    indices: () => undefined,
    breadth: () => undefined,
    trades: () => undefined,
    rank: () => undefined,
    status: () => undefined,
    stream: () => undefined,
  });
  const timer = setInterval(() => {
    if (moved.size === 0) return;
    const tradingDate = tradingDateOf(app.market.status);
    for (const socket of nsp.sockets.values()) {
      for (const p of socket.data.positions ?? []) {
        if (moved.has(p.symbol))
          socket.emit(USER_EVENTS.position, positionView(p, app.market.quote(p.symbol), tradingDate));
      }
    }
    moved.clear();
  }, VALUATION_MS);
  timer.unref();
  return {
    close() {
      clearInterval(timer);
      unlisten();
    },
  };
}
