import type { SocketNamespace, SocketNamespaces, USER_NAMESPACE } from '@bourse/shared';
import type { Socket } from 'socket.io-client';

/** A namespace's socket, typed by the shared event maps (the server's maps swapped). */
export type NamespaceSocket<N extends SocketNamespace> = Socket<
  SocketNamespaces[N]['serverToClient'],
  SocketNamespaces[N]['clientToServer']
>;

/** What a namespace's socket hears: the server's events, and socket.io-client's own. */
export type HeardEvent<N extends SocketNamespace> =
  | keyof SocketNamespaces[N]['serverToClient']
  | 'connect'
  | 'disconnect'
  | 'connect_error';

/**
 * What the /user channels (trading, messages) use of their shared socket: the events they may
 * listen to are the namespace's. The socket.io-client socket fits it as it is, and so does the tests' fake.
 */
export interface UserSocket {
  readonly connected: boolean;
  on(event: HeardEvent<typeof USER_NAMESPACE>, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}
