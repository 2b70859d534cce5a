import { type MessageView, messageSchema, USER_EVENTS } from '@bourse/shared';
import type { UserSocket } from '../../lib/namespaceSocket.ts';
import type { Logger } from '../market/index.ts';

export interface MessageChannelDeps {
  /** Made once; its handshake reads the session's token on every (re)connect. */
  createSocket(): UserSocket;
  /** A message arrived, checked against its contract. */
  receive(message: MessageView): void;
  /** (Re)connected: messages sent while away were not heard, so count the unread again. */
  recount(): void;
  /** Logged out. */
  reset(): void;
  logger: Logger;
}

/**
 * The /user namespace's `message` events for the signed-in user. It follows the session:
 * a token connects (and recounts the unread on every connect), '' disconnects and forgets.
 * A payload that breaks the contract is logged and dropped.
 */
export class MessageChannel {
  private socket: UserSocket | null = null;
  private token = '';

  constructor(private readonly deps: MessageChannelDeps) {}

  bind(token: string): void {
    if (token === this.token) return;
    this.token = token;
    this.socket?.disconnect();
    this.deps.reset();
    if (!token) return;
    const socket = this.ensureSocket();
    socket.connect();
    // The socket is shared with the trading channel and may be open already: no 'connect' comes then.
    if (socket.connected) this.deps.recount();
  }

  private ensureSocket(): UserSocket {
    if (this.socket) return this.socket;
    const socket = this.deps.createSocket();
    this.socket = socket;
    socket.on('connect', () => {
      if (this.token) this.deps.recount();
    });
    socket.on('disconnect', (reason: string) => {
      // socket.io retries by itself except after a server-side disconnect.
      if (this.token && reason === 'io server disconnect') socket.connect();
    });
    socket.on(USER_EVENTS.message, (payload: unknown) => {
      if (!this.token) return;
      const parsed = messageSchema.safeParse(payload);
      if (parsed.success) this.deps.receive(parsed.data);
      else this.deps.logger.error('messages: a message broke its contract; dropped', parsed.error.issues);
    });
    return socket;
  }
}
